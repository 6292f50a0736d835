import AppLifecycle
import Foundation
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// The plan (`TrackingPlan.json` beside this file) is what `everyEventReachesTheVendors` tracks.
@Suite(.trackingPlan(module: "AppLifecycle", receivers: shopPlanReceivers))
struct AppAnalyticsTests {
  @Test func everyLifecycleEventHasItsName() {
    #expect(appAnalytics(.appLaunched) == "Application Opened")
    #expect(appAnalytics(.appEnteredForeground) == "Application Foregrounded")
    #expect(appAnalytics(.appEnteredBackground) == "Application Backgrounded")
  }

  /// A link is redacted when the app makes it, where the system delivered it: the campaign's `utm_*` stay.
  @Test func aLinkKeepsItsCampaignAndLosesItsToken() throws {
    let url = try #require(URL(string: "shop://tea/sencha?utm_source=newsletter&token=tok-1#access_token=abc"))
    let event = AppEvent.opened(from: url, sourceApplication: "com.apple.mobilemail")
    #expect(appAnalytics(event) == .standard(.deepLinkOpened(StandardEvent.DeepLink(
      url: "shop://tea/sencha?utm_source=newsletter&token=redacted#access_token=redacted", referrer: "com.apple.mobilemail",
      keepingParameters: StandardEvent.DeepLink.campaignParameters))))
    #expect(!"\(event)".contains("tok-1") && !"\(event)".contains("abc"))
  }

  /// Every lifecycle event, sent as the shop's root sends it, so the tracking plan lists all of them.
  @Test func everyEventReachesTheVendors() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let track: Tracker<AppEvent> = pullback(recorder.tracker, transform: appAnalytics)

    track(.appLaunched)
    track(.appEnteredForeground)
    track(.appEnteredBackground)
    let link = AppEvent.openedFromLink(StandardEvent.DeepLink(
      url: "https://shop.example/tea?utm_source=newsletter&utm_campaign=spring&token=1", referrer: "com.apple.mobilemail",
      keepingParameters: StandardEvent.DeepLink.campaignParameters))
    track(link)
    let push = StandardEvent.PushNotification(campaign: .init(id: "8245", name: "Spring sale", source: "Firebase", medium: "notification"))
    track(.notificationReceived(push))
    track(.notificationOpened(StandardEvent.PushNotification(campaign: push.campaign, action: "open")))

    recorder.expect(
      "Application Opened", "Application Foregrounded", "Application Backgrounded", appAnalytics(link),
      .standard(.pushNotificationReceived(push)),
      .standard(.pushNotificationOpened(StandardEvent.PushNotification(campaign: push.campaign, action: "open"))))
  }
}
