import Foundation
import Testing
import Trackers

/// Deep links and push notifications in the vocabulary: a link's tokens are redacted when it is made, a
/// notification's campaign is read from its payload's known keys, and both carry Segment's Native Mobile
/// Spec names (segment.com/docs/connections/spec/mobile/).
@Suite struct DeepLinkAndPushTests {
  typealias DeepLink = StandardEvent.DeepLink
  let utm = DeepLink.campaignParameters

  @Test func queryAndFragmentValuesAreRedactedUnlessTheirNameIsKept() {
    let link = DeepLink(
      url: "https://shop.example/tea/sencha?utm_source=newsletter&token=s3cr3t&UTM_Medium=email#access_token=abc&utm_content=hero",
      referrer: "com.apple.mobilemail", keepingParameters: utm)
    #expect(link.url
      == "https://shop.example/tea/sencha?utm_source=newsletter&token=redacted&UTM_Medium=email#access_token=redacted&utm_content=hero")
    #expect(link.referrer == "com.apple.mobilemail")
    // By default no parameter keeps its value.
    #expect(DeepLink(url: "shop://order/42?utm_source=push&code=991").url == "shop://order/42?utm_source=redacted&code=redacted")
    #expect(DeepLink(url: URL(string: "shop://order/42?code=1")!, keepingParameters: ["code"]).url == "shop://order/42?code=1")
  }

  /// Each hostile form the brief names, and a few more: no crash, no token left.
  @Test(arguments: [
    ("no scheme?token=abc", "no scheme?token=redacted"),
    ("?token=abc", "?token=redacted"),
    ("#token=abc", "#token=redacted"),
    ("a?b?c=d#e#f=g", "a?b?c=redacted#e#f=redacted"),
    ("shop://x?token=a&token=b&utm_source=1&utm_source=2", "shop://x?token=redacted&token=redacted&utm_source=1&utm_source=2"),
    ("shop://x?utm%5Fsource=mail&t%6Fken=abc", "shop://x?utm%5Fsource=mail&t%6Fken=redacted"),
    ("shop://x?%ZZ=abc&%=1", "shop://x?%ZZ=redacted&%=redacted"),
    ("shop://x#/inbox/42", "shop://x"),
    ("shop://x#a=b=c&=token&&", "shop://x#a=redacted"),
    ("shop://x?bare-token-1234", "shop://x"),
    ("https://user:pa55@shop.example:8443/p?q=1", "https://shop.example:8443/p?q=redacted"),
    ("https://a@b@shop.example/p", "https://shop.example/p"),
    ("mailto:ada@example.com?subject=hi", "mailto:ada@example.com?subject=redacted"),
    ("shop://cafés/thé?utm_source=bücher&jeton=été#ça=là", "shop://cafés/thé?utm_source=bücher&jeton=redacted#ça=redacted"),
    ("", ""),
    ("?", ""),
    ("#", ""),
    ("://@", "://"),
  ])
  func hostileURLs(_ url: String, _ expected: String) {
    #expect(DeepLink(url: url, keepingParameters: utm).url == expected)
    #expect(DeepLink.redacted(url, keepingParameters: utm) == expected)
  }

  @Test func keptNamesArePrefixesOrExactAndCaseInsensitive() {
    let url = "app://p?utm_source=a&ref=b&Ref=c&gclid=d&x=e"
    #expect(DeepLink.redacted(url, keepingParameters: ["REF", "gclid"]) == "app://p?utm_source=redacted&ref=b&Ref=c&gclid=d&x=redacted")
    #expect(DeepLink.redacted(url, keepingParameters: ["*"]) == url)
    #expect(DeepLink.redacted("app://p?a+b=1&a%20b=2", keepingParameters: ["a b"]) == "app://p?a+b=1&a%20b=2")
  }

  @Test func aReferrerURLIsRedactedLikeTheLink() {
    let link = DeepLink(url: "https://shop.example/", referrer: "https://mail.example/inbox?session=xyz&utm_medium=email", keepingParameters: utm)
    #expect(link.referrer == "https://mail.example/inbox?session=redacted&utm_medium=email")
  }

  @Test func namesAndFieldsFollowTheNativeMobileSpec() {
    let link = DeepLink(url: "shop://tea/sencha?utm_source=mail", referrer: "com.apple.mobilemail", keepingParameters: utm)
    #expect(StandardEvent.deepLinkOpened(link).name == "Deep Link Opened")
    #expect(StandardEvent.deepLinkOpened(link).properties == ["url": "shop://tea/sencha?utm_source=mail", "referring_application": "com.apple.mobilemail"])
    let push = StandardEvent.PushNotification(campaign: .init(name: "Spring", source: "braze", medium: "push"), action: "buy")
    #expect(StandardEvent.pushNotificationReceived(push).name == "Push Notification Received")
    #expect(StandardEvent.pushNotificationOpened(push).name == "Push Notification Tapped")
    #expect(StandardEvent.pushNotificationOpened(push).properties
      == ["campaign": ["name": "Spring", "source": "braze", "medium": "push"], "action": "buy"])
    #expect(StandardEvent.pushNotificationReceived(.init()).properties == [:])
    #expect(AnalyticsData.standard(.deepLinkOpened(DeepLink(url: "shop://a"))).description == #"standard Deep Link Opened {"url": "shop://a"}"#)
    #expect(StandardEvent.pushNotificationOpened(push).pushNotification == push)
    #expect(StandardEvent.deepLinkOpened(link).pushNotification == nil)
  }

  @Test func anEmptyURLBreaksARule() {
    #expect(StandardEvent.deepLinkOpened(DeepLink(url: "")).issues(vendor: "GA4").map(\.rule) == ["standard-deep-link-url"])
    #expect(StandardEvent.deepLinkOpened(DeepLink(url: "?token=1")).issues(vendor: "GA4").isEmpty)
    #expect(StandardEvent.pushNotificationReceived(.init()).issues(vendor: "GA4").isEmpty)
  }

  @Test func theCampaignComesFromThePayloadsKnownKeys() {
    let firebase: [AnyHashable: Any] = [
      "aps": ["alert": ["title": "Hi Ada", "body": "Your order shipped"]],
      "gcm.message_id": "1700000000000000", "google.c.a.c_id": "8245", "google.c.a.c_l": "Spring sale",
      "google.c.a.e": "1",
    ]
    #expect(StandardEvent.PushNotification(userInfo: firebase).campaign
      == .init(id: "8245", name: "Spring sale", source: "Firebase", medium: "notification"))
    let segment: [AnyHashable: Any] = [
      "campaign": ["name": "Home Sale", "source": "Vibes", "medium": "Push", "content": "Check out our new items", "id": 7] as [String: Any],
      "utm_term": "tea",
    ]
    #expect(StandardEvent.PushNotification(userInfo: segment, action: "open").campaign
      == .init(name: "Home Sale", source: "Vibes", medium: "Push", term: "tea", content: "Check out our new items"))
    #expect(StandardEvent.PushNotification(userInfo: segment, action: "open").action == "open")
    let utm: [AnyHashable: Any] = ["utm_source": "onesignal", "utm_medium": "push", "utm_campaign": "winback"]
    #expect(StandardEvent.PushNotification(userInfo: utm).campaign == .init(name: "winback", source: "onesignal", medium: "push"))
  }

  /// Values of the wrong type, keys of any type, nesting, NaN: ignored, never trapped on.
  @Test func aHostilePayloadIsIgnoredNotTrappedOn() {
    let hostile: [AnyHashable: Any] = [
      "google.c.a.c_id": 8245, "google.c.a.c_l": ["not", "text"], "utm_source": Double.nan, "utm_medium": NSNull(),
      "campaign": "not an object", 42: "x", AnyHashable(Data([0xFF])): ["campaign": ["name": "deep"]],
    ]
    #expect(StandardEvent.PushNotification(userInfo: hostile) == .init())
    #expect(StandardEvent.PushNotification(userInfo: ["campaign": [1: "a", "name": 2, "source": "ok"] as [AnyHashable: Any]]).campaign == .init(source: "ok"))
    #expect(StandardEvent.PushNotification(userInfo: [:]) == .init())
  }

  @Test func theRedactorScansTheLinkAndTheCampaign() {
    let redactor = Redactor.default
    let link = DeepLink(url: "shop://invite/jane@example.com?utm_source=a", referrer: "jane@example.com", keepingParameters: utm)
    #expect(redactor.redact(.standard(.deepLinkOpened(link)))
      == .standard(.deepLinkOpened(DeepLink(url: "shop://invite/[redacted:email]?utm_source=a", referrer: "[redacted:email]", keepingParameters: utm))))
    let push = StandardEvent.PushNotification(campaign: .init(name: "Spring", content: "Hi jane@example.com"), action: "reply")
    #expect(redactor.redact(.standard(.pushNotificationOpened(push)))
      == .standard(.pushNotificationOpened(.init(campaign: .init(name: "Spring", content: "Hi [redacted:email]"), action: "reply"))))
    let clean = AnalyticsData.standard(.pushNotificationReceived(.init(campaign: .init(name: "Spring"))))
    #expect(redactor.redact(clean) == clean)
  }
}
