import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct MappingTests {
  @Test func eventKeepsNameAndTypedParams() {
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)
    #expect(
      googleAnalyticsEvent(for: .event(name: "purchase", properties: ["value": 9.99, "items_count": 2, "at": .date(date)]))
        == .event(name: "purchase", params: ["value": 9.99, "items_count": 2, "at": .date(date)])
    )
  }

  @Test func screenBecomesScreenView() {
    #expect(
      googleAnalyticsEvent(for: .screen(name: "Cart", properties: ["items": 3]))
        == .event(name: "screen_view", params: ["screen_name": "Cart", "items": 3])
    )
  }

  @Test func errorBecomesAppErrorWithMessageCutTo100Characters() {
    let long = String(repeating: "x", count: 150)
    #expect(
      googleAnalyticsEvent(for: .error(message: long, properties: ["endpoint": "/cart"]))
        == .event(name: "app_error", params: ["error_message": .string(String(repeating: "x", count: 100)), "endpoint": "/cart"])
    )
  }

  @Test func sessionParametersAreNotPartOfTheMapping() {
    // The live environment adds them when it sends (they depend on the session); the event's own win.
    #expect(googleAnalyticsEvent(for: "login") == .event(name: "login", params: [:]))
    #expect(
      googleAnalyticsEvent(for: .event(name: "login", properties: ["session_id": "s-1"]))
        == .event(name: "login", params: ["session_id": "s-1"])
    )
    #expect(GoogleAnalyticsNames.sessionId == "session_id")
    #expect(GoogleAnalyticsNames.engagementTime == "engagement_time_msec")
  }

  @Test func userIdAndUserProperty() {
    #expect(googleAnalyticsEvent(for: .userId("u-1")) == .userId("u-1"))
    #expect(googleAnalyticsEvent(for: .userId(nil)) == .userId(nil))
    #expect(googleAnalyticsEvent(for: .userProperty(name: "tier", value: "gold")) == .userProperty(name: "tier", value: "gold"))
  }
}
