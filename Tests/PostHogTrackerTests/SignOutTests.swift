import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 2: `.userId(nil)` keeps the anonymous id, which later events carry as `distinct_id` (the
/// device stays); `.reset` is posthog-ios's `reset()`, a new anonymous id, on the wire.
@Suite(.isolatedEnvironments)
struct SignOutTests {
  /// Each event sent, by name.
  func events(_ transport: ScriptedTransport) throws -> [String: PropertyValue] {
    var events: [String: PropertyValue] = [:]
    for request in transport.requests {
      for event in try parseJSON(request.body)["batch"]?.arrayValue ?? [] {
        guard let name = event["event"]?.stringValue else { continue }
        events[name] = event
      }
    }
    return events
  }

  @Test func signOutKeepsTheAnonymousIdAndResetMakesANewOne() async throws {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"status": 1}"#))
    Current = try .live(liveConfiguration(transport))
    postHogTracker("Before")
    postHogTracker(.userId("user-42"))  // a $identify
    postHogTracker("Signed In")
    postHogTracker(.userId(nil))
    postHogTracker("Signed Out")
    postHogTracker(.reset)
    postHogTracker("After Reset")
    await Current.flush()
    let events = try events(transport)
    let anonymous = try #require(events["Before"]?["properties"]?["distinct_id"]?.stringValue)
    #expect(events["$identify"]?["properties"]?["$anon_distinct_id"]?.stringValue == anonymous)
    #expect(events["Signed In"]?["properties"]?["distinct_id"] == "user-42")
    #expect(events["Signed Out"]?["properties"]?["distinct_id"]?.stringValue == anonymous)
    let reset = try #require(events["After Reset"]?["properties"]?["distinct_id"]?.stringValue)
    #expect(reset != anonymous && reset != "user-42")
    let counters = Current.counters()
    #expect(counters.identityUpdates == 2)  // the sign-out and the reset: nothing sent for them
    #expect(counters.delivery.delivered == 5)  // four events and the $identify
    await Current.close(nil)
  }

  @Test func signingOutTwiceChangesNothing() async throws {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"status": 1}"#))
    Current = try .live(liveConfiguration(transport))
    postHogTracker(.userId("user-42"))
    postHogTracker(.userId(nil))
    postHogTracker("First")
    postHogTracker(.userId(nil))
    postHogTracker("Second")
    await Current.flush()
    let events = try events(transport)
    let anonymous = try #require(events["First"]?["properties"]?["distinct_id"]?.stringValue)
    #expect(anonymous != "user-42")
    #expect(events["Second"]?["properties"]?["distinct_id"]?.stringValue == anonymous)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 2)
    #expect(counters.delivery.enqueued == 3)  // the $identify and the two events
    await Current.close(nil)
  }
}
