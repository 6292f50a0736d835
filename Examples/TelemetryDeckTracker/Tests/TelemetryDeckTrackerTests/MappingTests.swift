import Foundation
import TelemetryDeckTracker
import Testing
import Trackers

@Suite struct MappingTests {
  @Test func eventIsASignalWithAStringPayload() {
    let properties: AnalyticsData.Properties = [
      "plan": "pro", "seats": 5, "price": 9.99, "whole": 2.0, "trial": false, "renews": .date(propertyDate), "coupon": .null,
    ]
    #expect(telemetryDeckSignal(for: .event(name: "Checkout.completed", properties: properties))
      == .signal(
        type: "Checkout.completed",
        payload: [
          "plan": "pro", "seats": "5", "price": "9.99", "whole": "2.0", "trial": "false",
          "renews": "2023-11-14T22:13:20.000Z",
        ],
        floatValue: nil))
  }

  @Test func aNumberInFloatValueBecomesTheSignalsNumber() {
    #expect(telemetryDeckSignal(for: .event(name: "Cart.total", properties: ["floatValue": 42.5, "items": 3]))
      == .signal(type: "Cart.total", payload: ["items": "3"], floatValue: 42.5))
    #expect(telemetryDeckSignal(for: .event(name: "Cart.total", properties: ["floatValue": 7]))
      == .signal(type: "Cart.total", payload: [:], floatValue: 7))
    // Not a number: validation rejects it; the mapping keeps it as text.
    #expect(telemetryDeckSignal(for: .event(name: "Cart.total", properties: ["floatValue": "high"]))
      == .signal(type: "Cart.total", payload: ["floatValue": "high"], floatValue: nil))
  }

  @Test func screenIsScreenViewedWithItsName() {
    #expect(telemetryDeckSignal(for: .screen(name: "Cart", properties: ["items": 3]))
      == .signal(type: "Screen Viewed", payload: ["screenName": "Cart", "items": "3"], floatValue: nil))
  }

  @Test func errorIsErrorWithItsMessage() {
    #expect(telemetryDeckSignal(for: .error(message: "GET /cart timed out", properties: ["status": 504]))
      == .signal(type: "Error", payload: ["message": "GET /cart timed out", "status": "504"], floatValue: nil))
  }

  @Test func userPropertyAndUserIdChangeOnlyTheIdentity() {
    #expect(telemetryDeckSignal(for: .userProperty(name: "plan", value: "pro")) == .userProperty(name: "plan", value: "pro"))
    #expect(telemetryDeckSignal(for: .userProperty(name: "seats", value: 5)) == .userProperty(name: "seats", value: "5"))
    #expect(telemetryDeckSignal(for: .userProperty(name: "plan", value: .null)) == .userProperty(name: "plan", value: nil))
    #expect(telemetryDeckSignal(for: .userId("user-42")) == .userId("user-42"))
    #expect(telemetryDeckSignal(for: .userId(nil)) == .userId(nil))
  }

  /// Segment's spec names, as the other modules send them; the payload's Booleans are strings.
  @Test func lifecycleEventsKeepTheirNames() {
    let cases: [(LifecycleEvent, TelemetryDeckEvent)] = [
      (.installed(version: "2.1.0", build: "142"),
       .signal(type: "Application Installed", payload: ["version": "2.1.0", "build": "142"], floatValue: nil)),
      (.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142"),
       .signal(type: "Application Updated", payload: [
         "previous_version": "2.0.0", "previous_build": "130", "version": "2.1.0", "build": "142",
       ], floatValue: nil)),
      (.opened(fromBackground: true, version: "2.1.0", build: "142"),
       .signal(type: "Application Opened", payload: ["from_background": "true", "version": "2.1.0", "build": "142"], floatValue: nil)),
      (.opened(fromBackground: false, version: nil, build: nil),
       .signal(type: "Application Opened", payload: ["from_background": "false"], floatValue: nil)),
      (.backgrounded, .signal(type: "Application Backgrounded", payload: [:], floatValue: nil)),
    ]
    for (event, expected) in cases {
      #expect(telemetryDeckSignal(for: .lifecycle(event)) == expected, "\(event)")
      #expect(telemetryDeckIssues(for: .lifecycle(event)).isEmpty, "\(event)")
    }
  }

  /// Arrays and objects never reach the wire (validation rejects them), but the mapping is total.
  @Test func arraysAndObjectsMapToJSONText() {
    #expect(telemetryDeckSignal(for: .event(name: "e", properties: ["tags": ["a", "b"], "address": ["city": "Lyon"]]))
      == .signal(type: "e", payload: ["tags": #"["a","b"]"#, "address": #"{"city":"Lyon"}"#], floatValue: nil))
  }

  @Test func descriptionsAreOneReadableLine() {
    #expect(TelemetryDeckEvent.signal(type: "Cart.total", payload: ["items": "3"], floatValue: 42.5).description
      == #"signal "Cart.total" {"items": "3"} floatValue=42.5"#)
    #expect(TelemetryDeckEvent.signal(type: "Logout", payload: [:], floatValue: nil).description == #"signal "Logout""#)
    #expect(TelemetryDeckEvent.userProperty(name: "plan", value: "pro").description == #"userProperty "plan" = "pro""#)
    #expect(TelemetryDeckEvent.userProperty(name: "plan", value: nil).description == #"userProperty "plan" removed"#)
    #expect(TelemetryDeckEvent.userId("user-42").description == #"userId "user-42""#)
    #expect(TelemetryDeckEvent.userId(nil).description == "userId nil")
  }
}
