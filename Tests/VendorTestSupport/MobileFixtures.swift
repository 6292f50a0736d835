import Trackers

/// The deep link and push notifications each vendor's wire tests send (issue 27): a newsletter link with
/// its campaign parameters and a sign-in token, opened from Mail; a Firebase campaign's notification,
/// received, then opened with the default action.
public enum MobileFixtures {
  /// The link as the system hands it to the app, token and all.
  public static let rawURL = "https://shop.example/tea/sencha?utm_source=newsletter&utm_medium=email&token=s3cr3t"
  /// The link as tracked: `utm_*` kept, the token redacted.
  public static let link = StandardEvent.DeepLink(
    url: rawURL, referrer: "com.apple.mobilemail", keepingParameters: StandardEvent.DeepLink.campaignParameters)
  /// ``link``'s URL as every vendor receives it.
  public static let redactedURL = "https://shop.example/tea/sencha?utm_source=newsletter&utm_medium=email&token=redacted"
  /// A notification of a Firebase campaign, as its payload's `google.c.a.*` keys name it.
  public static let received = StandardEvent.PushNotification(
    userInfo: ["google.c.a.c_id": "8245", "google.c.a.c_l": "Spring sale", "gcm.message_id": "1700000000000000"])
  /// The same notification, opened with the default action.
  public static let opened = StandardEvent.PushNotification(
    userInfo: ["google.c.a.c_id": "8245", "google.c.a.c_l": "Spring sale"], action: "open")
}
