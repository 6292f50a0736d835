import ShopAnalytics
import Trackers

// `swift run classic`: the first version of the example, kept small. The composition lives in `ShopAnalytics` (`shopTracker`), where the app-level tests reach it too.
let track = logging(shopTracker, label: "app", to: .standardOutput)

let journey: [AnalyticsEvent] = [
  .app(.appLaunched),
  .user(.loggedIn(userId: "user-42")),
  .api(.timeout(endpoint: "/cart")),
  .app(.appEnteredBackground),
  .user(.loggedOut),
]
for event in journey {
  track(event)
}
