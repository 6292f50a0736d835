import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 2: `.userId(nil)` keeps the `anonymousId` (the device stays); `.reset` is
/// analytics-swift's `reset()`, a new `anonymousId`, on the wire.
@Suite(.isolatedEnvironments)
struct SignOutTests {
  func configuration(_ transport: ScriptedTransport) -> SegmentConfiguration {
    var configuration = SegmentConfiguration(
      writeKey: "seg-write-key-123", region: .custom(URL(string: "https://segment.invalid")!),
      storageDirectory: temporaryDirectory())
    configuration.now = { eventTime }
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.transport = transport
    return configuration
  }

  /// The `anonymousId` and `userId` of each `track` message sent, by `event`.
  func ids(_ transport: ScriptedTransport) throws -> [String: (anonymous: String?, user: String?)] {
    var ids: [String: (anonymous: String?, user: String?)] = [:]
    for request in transport.requests {
      for message in try parseJSON(request.body)["batch"]?.arrayValue ?? [] {
        guard message["type"] == "track", let event = message["event"]?.stringValue else { continue }
        ids[event] = (message["anonymousId"]?.stringValue, message["userId"]?.stringValue)
      }
    }
    return ids
  }

  @Test func signOutKeepsTheAnonymousIdAndResetMakesANewOne() async throws {
    let transport = ScriptedTransport()
    Current = try .live(configuration(transport))
    segmentTracker("Before")
    segmentTracker(.userId("user-42"))  // an identify
    segmentTracker("Signed In")
    segmentTracker(.userId(nil))
    segmentTracker("Signed Out")
    segmentTracker(.reset)
    segmentTracker("After Reset")
    await Current.flush()
    let ids = try ids(transport)
    let anonymous = try #require(ids["Before"]?.anonymous)
    #expect(ids["Signed In"]?.anonymous == anonymous && ids["Signed In"]?.user == "user-42")
    #expect(ids["Signed Out"]?.anonymous == anonymous && ids["Signed Out"]?.user == nil)
    let reset = try #require(ids["After Reset"]?.anonymous)
    #expect(reset != anonymous && ids["After Reset"]?.user == nil)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 2)  // the sign-out and the reset: nothing sent for them
    #expect(counters.delivery.delivered == 5)  // four tracks and the identify
    await Current.close(nil)
  }

  @Test func signingOutTwiceChangesNothing() async throws {
    let transport = ScriptedTransport()
    Current = try .live(configuration(transport))
    segmentTracker(.userId("user-42"))
    segmentTracker(.userId(nil))
    segmentTracker("First")
    segmentTracker(.userId(nil))
    segmentTracker("Second")
    await Current.flush()
    let ids = try ids(transport)
    let anonymous = try #require(ids["First"]?.anonymous)
    #expect(ids["Second"]?.anonymous == anonymous && ids["Second"]?.user == nil)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 2)
    #expect(counters.delivery.enqueued == 3)  // the identify and the two tracks
    await Current.close(nil)
  }
}
