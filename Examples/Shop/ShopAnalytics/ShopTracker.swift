import ShopFirebase
import ShopGoogleAnalytics
import ShopMixpanel
import Trackers

/// The app's one tracker: the only place that knows which vendor hears which feature.
///
/// App events go to Google Analytics and Firebase, API failures to Firebase, user session events to
/// Mixpanel. Each vendor module sends through its own `Current`, so a test can swap one vendor and check
/// what it received.
public let shopTracker: Tracker<AnalyticsEvent> = combine(
  pullback(googleAnalyticsTracker, action: \.app),
  pullback(firebaseAppEventTracker, action: \.app),
  pullback(firebaseAPIErrorTracker, action: \.api),
  pullback(mixpanelTracker, action: \.user)
)
