import ShopFirebase
import ShopGoogleAnalytics
import ShopMixpanel
import Trackers

// The root of the app: the only place that knows which vendor hears which feature.
let send: Tracker<AnalyticsEvent> = combine(
  pullback(googleAnalyticsTracker, action: \.app),
  pullback(firebaseAppEventTracker, action: \.app),
  pullback(firebaseAPIErrorTracker, action: \.api),
  pullback(mixpanelTracker, action: \.user)
)
let track = logging(send, label: "app", to: .standardOutput)

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
