import Foundation
import Testing
import Trackers

@Suite struct EnrichingTests {
  /// A value the test changes between events, standing in for the device's orientation.
  final class Orientation: Sendable {
    private let value = EventLog<String>()
    func set(_ orientation: String) { value.tracker(orientation) }
    var current: String { value.events.last ?? "unknown" }
  }

  @Test func everyDestinationInTheCombineGetsThePropertiesComputedWhenTheEventPasses() {
    let vendor = EventLog<AnalyticsData>(), appStore = EventLog<AnalyticsData>()
    let orientation = Orientation()
    let send = enriching(combine(vendor.tracker, appStore.tracker)) {
      ["session_orientation": .string(orientation.current)]
    }
    orientation.set("portrait")
    send(.event(name: "Project Viewed"))
    orientation.set("landscape")
    send(.screen(name: "Checkout", properties: ["step": 2]))

    let expected: [AnalyticsData] = [
      .event(name: "Project Viewed", properties: ["session_orientation": "portrait"]),
      .screen(name: "Checkout", properties: ["step": 2, "session_orientation": "landscape"]),
    ]
    #expect(vendor.events == expected)
    #expect(appStore.events == expected)
  }

  @Test func theEventsOwnPropertyWins() {
    let log = EventLog<AnalyticsData>()
    let send = enriching(log.tracker) { ["source": "computed", "app": "shop"] }
    send(.event(name: "Opened", properties: ["source": "push"]))
    #expect(log.events == [.event(name: "Opened", properties: ["source": "push", "app": "shop"])])
  }

  @Test func aNilValueLeavesItsKeyOutAndNullIsSentAsNull() {
    let log = EventLog<AnalyticsData>()
    let userId: String? = nil
    let send = enriching(log.tracker) {
      ["user_uid": userId.map(PropertyValue.string), "user_is_logged_in": .bool(userId != nil), "referrer": .null]
    }
    send(.event(name: "Home Viewed"))
    #expect(log.events == [.event(name: "Home Viewed", properties: ["user_is_logged_in": false, "referrer": .null])])
    #expect(log.events.first?.properties["user_uid"] == nil)
  }

  @Test func errorsAndStandardEventsAreEnrichedToo() {
    let log = EventLog<AnalyticsData>()
    let send = enriching(log.tracker) { ["voiceover": false] }
    send(.error(message: "timeout"))
    send(.standard(.searched(query: "tea")))
    #expect(log.events == [
      .error(message: "timeout", properties: ["voiceover": false]),
      .standard(.searched(query: "tea"), properties: ["voiceover": false]),
    ])
  }

  @Test func eventsWithoutPropertiesPassUnchangedWithoutComputingAnything() {
    let log = EventLog<AnalyticsData>(), computed = EventLog<Int>()
    let send = enriching(log.tracker) {
      computed.tracker(1)
      return ["orientation": "portrait"]
    }
    let unchanged: [AnalyticsData] = [
      .userId("u1"), .userProperty(name: "tier", value: "gold"), .alias(userId: "u1"),
      .group(type: "company", key: "acme", traits: ["plan": "pro"]), .profile(.increment(name: "orders", by: 1)),
      .superProperties(.register(["theme": "dark"])), .timeEvent(name: "Checkout"),
      .lifecycle(.opened(fromBackground: false, version: "1.0", build: "1")),
    ]
    for event in unchanged { send(event) }
    #expect(log.events == unchanged)
    #expect(computed.events.isEmpty)
  }

  @Test func addingIsPublicAndKeepsTheEventsOwn() {
    let event: AnalyticsData = .event(name: "Signup", properties: ["plan": "pro"])
    #expect(event.adding(["plan": "free", "orientation": "portrait"])
      == .event(name: "Signup", properties: ["plan": "pro", "orientation": "portrait"]))
    #expect(AnalyticsData.userId("u1").adding(["plan": "free"]) == .userId("u1"))
  }
}
