import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 2: `.userId(nil)` is Firebase's `setUserID(nil)` (the `client_id` and the user properties
/// stay), and `.reset` its `resetAnalyticsData` (a new `client_id`, the stored user properties gone).
@Suite(.isolatedEnvironments)
struct SignOutTests {
  /// Tracks `name` and sends it alone, so that requests come in order: the body of its request.
  func send(_ name: String, through transport: ScriptedTransport) async throws -> PropertyValue {
    googleAnalyticsTracker(.event(name: name))
    await Current.flush()
    let request = try #require(transport.requests.last)
    let body = try parseJSON(request.body)
    #expect(body["events"]?.arrayValue?.first?["name"]?.stringValue == name)
    return body
  }

  @Test func signOutKeepsTheClientIdAndResetMakesANewOne() async throws {
    let transport = ScriptedTransport()
    Current = try .live(liveConfiguration(transport))
    googleAnalyticsTracker(.userProperty(name: "tier", value: "gold"))
    let before = try await send("before", through: transport)
    googleAnalyticsTracker(.userId("user-42"))
    let signedIn = try await send("signed_in", through: transport)
    googleAnalyticsTracker(.userId(nil))
    let signedOut = try await send("signed_out", through: transport)
    googleAnalyticsTracker(.reset)
    let afterReset = try await send("after_reset", through: transport)
    let client = try #require(before["client_id"]?.stringValue)
    #expect(signedIn["client_id"]?.stringValue == client && signedIn["user_id"] == "user-42")
    #expect(signedOut["client_id"]?.stringValue == client && signedOut["user_id"] == nil)
    #expect(signedOut["user_properties"]?["tier"]?["value"] == "gold")
    let reset = try #require(afterReset["client_id"]?.stringValue)
    #expect(reset != client && afterReset["user_id"] == nil)
    #expect(afterReset["user_properties"] == nil)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 4)  // the user property, the sign-in, the sign-out and the reset
    #expect(counters.delivery.delivered == 4)
    await Current.close(nil)
  }

  @Test func signingOutTwiceChangesNothing() async throws {
    let transport = ScriptedTransport()
    Current = try .live(liveConfiguration(transport))
    googleAnalyticsTracker(.userId("user-42"))
    googleAnalyticsTracker(.userId(nil))
    let first = try await send("first", through: transport)
    googleAnalyticsTracker(.userId(nil))
    let second = try await send("second", through: transport)
    #expect(first["client_id"] != nil && second["client_id"] == first["client_id"])
    #expect(second["user_id"] == nil)
    let counters = Current.counters()
    #expect(counters.identityUpdates == 3)
    #expect(counters.delivery.enqueued == 2)
    await Current.close(nil)
  }
}
