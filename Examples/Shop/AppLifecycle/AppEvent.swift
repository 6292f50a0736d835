import Foundation
import Trackers

/// What happens to the app as a whole: the lifecycle feature's own events.
///
/// The feature knows nothing about analytics vendors; it only sends these. A link and a notification are
/// the vocabulary's values, made where the system hands them to the app: a link's tokens are redacted
/// then, before the event is logged or tracked.
public enum AppEvent: Sendable, Hashable {
  case appLaunched
  case appEnteredForeground
  case appEnteredBackground
  /// A universal link or the shop's URL scheme opened the app.
  case openedFromLink(StandardEvent.DeepLink)
  /// A push notification reached the app.
  case notificationReceived(StandardEvent.PushNotification)
  /// The user opened the app from a push notification.
  case notificationOpened(StandardEvent.PushNotification)
}

extension AppEvent {
  /// The link that opened the app, made from the URL the system delivered (`onOpenURL`,
  /// `scene(_:openURLContexts:)`, a universal link's `NSUserActivity`): the shop keeps the campaign's
  /// `utm_*` parameters and redacts the others' values (a sign-in token, a referral code).
  ///
  /// ```swift
  /// .onOpenURL { url in track(.app(.opened(from: url, sourceApplication: nil))) }
  /// ```
  public static func opened(from url: URL, sourceApplication: String?) -> AppEvent {
    .openedFromLink(StandardEvent.DeepLink(
      url: url, referrer: sourceApplication, keepingParameters: StandardEvent.DeepLink.campaignParameters))
  }
}
