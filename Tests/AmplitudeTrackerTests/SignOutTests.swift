import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 2: `.userId(nil)` is Amplitude-Swift's `setUserId(nil)` (the `device_id` stays), and
/// `.reset` its `reset()` (a new `device_id`), on the wire.
@Suite(.isolatedEnvironments)
struct SignOutTests {
  /// The `device_id` and `user_id` of each event sent, by `event_type`.
  func ids(_ transport: ScriptedTransport) throws -> [String: (device: String?, user: String?)] {
    var ids: [String: (device: String?, user: String?)] = [:]
    for request in transport.requests {
      for event in try parseJSON(request.body)["events"]?.arrayValue ?? [] {
        guard let type = event["event_type"]?.stringValue else { continue }
        ids[type] = (event["device_id"]?.stringValue, event["user_id"]?.stringValue)
      }
    }
    return ids
  }

  @Test func signOutKeepsTheDeviceIdAndResetMakesANewOne() async throws {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"code": 200, "events_ingested": 1}"#))
    Current = try .live(liveConfiguration(transport))
    amplitudeTracker("Before")
    amplitudeTracker(.userId("user-42"))
    amplitudeTracker("Signed In")
    amplitudeTracker(.userId(nil))
    amplitudeTracker("Signed Out")
    amplitudeTracker(.reset)
    amplitudeTracker("After Reset")
    await Current.flush()
    let ids = try ids(transport)
    let device = try #require(ids["Before"]?.device)
    #expect(ids["Signed In"]?.device == device && ids["Signed In"]?.user == "user-42")
    #expect(ids["Signed Out"]?.device == device && ids["Signed Out"]?.user == nil)
    let reset = try #require(ids["After Reset"]?.device)
    #expect(reset != device && ids["After Reset"]?.user == nil)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 3)  // the sign-in, the sign-out and the reset: nothing sent for them
    #expect(counters.delivery.delivered == 4)
    await Current.close(nil)
  }

  @Test func signingOutTwiceChangesNothing() async throws {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"code": 200, "events_ingested": 1}"#))
    Current = try .live(liveConfiguration(transport))
    amplitudeTracker(.userId("user-42"))
    amplitudeTracker(.userId(nil))
    amplitudeTracker("First")
    amplitudeTracker(.userId(nil))  // a signed-out launch: the app sends its current user id, none
    amplitudeTracker("Second")
    await Current.flush()
    let ids = try ids(transport)
    let device = try #require(ids["First"]?.device)
    #expect(ids["Second"]?.device == device && ids["Second"]?.user == nil)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 3)
    #expect(counters.delivery.enqueued == 2)
    await Current.close(nil)
  }
}
