import ShopAnalytics
import Trackers

// The composition lives in `ShopAnalytics` (`shopTracker`), where the app-level tests reach it too.
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
