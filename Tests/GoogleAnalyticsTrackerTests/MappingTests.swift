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

  /// Segment's names in GA4's snake case (GA4 reserves the Firebase SDK's own `first_open`, `app_update`,
  /// `app_background`); `from_background` is a number, since GA4 parameters are strings or numbers.
  @Test func lifecycleEventsUseSnakeCaseNamesAndFromBackgroundAsOneOrZero() {
    let expected: [(LifecycleEvent, GoogleAnalyticsEvent)] = [
      (.installed(version: "2.1.0", build: "142"),
       .event(name: "application_installed", params: ["version": "2.1.0", "build": "142"])),
      (.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142"),
       .event(name: "application_updated", params: [
         "previous_version": "2.0.0", "previous_build": "130", "version": "2.1.0", "build": "142",
       ])),
      (.opened(fromBackground: false, version: "2.1.0", build: "142"),
       .event(name: "application_opened", params: ["from_background": 0, "version": "2.1.0", "build": "142"])),
      (.opened(fromBackground: true, version: "2.1.0", build: "142"),
       .event(name: "application_opened", params: ["from_background": 1, "version": "2.1.0", "build": "142"])),
      (.backgrounded, .event(name: "application_backgrounded", params: [:])),
      // An unknown version or build is left out.
      (.installed(version: nil, build: nil), .event(name: "application_installed", params: [:])),
    ]
    for (event, mapped) in expected {
      #expect(googleAnalyticsEvent(for: .lifecycle(event)) == mapped, "\(event)")
      #expect(googleAnalyticsIssues(for: .lifecycle(event)).isEmpty, "\(event)")
      if case let .event(name, _) = mapped { #expect(GoogleAnalyticsNames.lifecycle(event) == name) }
    }
  }
}
