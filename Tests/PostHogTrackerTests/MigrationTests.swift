import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 6: the configuration of MigratingFromPostHogIOS.md keeps the wire posthog-ios sent, pinned
/// on a migrated app's first calls: its anonymous id goes on, events ask for no `$geoip_disable`, and
/// person profiles are processed only once the user is identified, as `personProfiles: .identifiedOnly`.
@Suite(.isolatedEnvironments)
struct MigrationTests {
  /// The article's configuration (posthog-ios's `getAnonymousId()` and, when signed in, `getDistinctId()`).
  static func keepingPostHogIOSsWire(apiKey: String, anonymousId: String?, userId: String?) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(apiKey: apiKey, host: .us)
    configuration.existingIdentity = ExistingIdentity(anonymousId: anonymousId, userId: userId)
    configuration.ipLocation = .vendorDefault   // no "$geoip_disable": posthog-ios sends none
    configuration.personProfiles = .identifiedOnly
    configuration.maxEventsPerRequest = 50      // maxBatchSize
    configuration.flushInterval = .seconds(30)  // flushIntervalSeconds
    return configuration
  }

  @Test func postHogIOSsWireIsKept() async throws {
    var configuration = Self.keepingPostHogIOSsWire(
      apiKey: "phc_test_key_123", anonymousId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", userId: nil)
    #expect(configuration.maxEventsPerRequest == 50 && configuration.flushInterval == .seconds(30))
    #expect(configuration.session.timeout == .seconds(30 * 60))  // PostHogSessionManager's 30 minutes
    let transport = ScriptedTransport()
    let test = liveConfiguration(transport)
    configuration.host = test.host
    configuration.storageDirectory = test.storageDirectory
    configuration.transport = transport
    configuration.now = test.now
    configuration.context = test.context
    configuration.delivery = test.delivery
    configuration.flushInterval = test.flushInterval
    Current = try .live(configuration)
    postHogTracker(.event(name: "Viewed Cart", properties: ["items": 2]))
    postHogTracker(.userId("user-42"))
    postHogTracker(.event(name: "Paid"))
    await Current.flush()
    await Current.close(nil)

    let events = try transport.requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }
    #expect(events.map { $0["event"]?.stringValue } == ["Viewed Cart", "$identify", "Paid"])
    let properties = events.map { $0["properties"]?.objectValue ?? [:] }
    try #require(properties.count == 3)
    #expect(properties.allSatisfy { $0["$geoip_disable"] == nil })
    #expect(properties[0]["distinct_id"] == "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
    #expect(properties[0]["$process_person_profile"] == false)
    #expect(properties[0]["items"] == 2)
    #expect(properties[1]["distinct_id"] == "user-42")
    #expect(properties[1]["$anon_distinct_id"] == "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
    #expect(properties[1]["$process_person_profile"] == true)
    #expect(properties[2]["distinct_id"] == "user-42")
    #expect(properties[2]["$process_person_profile"] == true)
    // One session across the sign-in, as posthog-ios keeps it on identify.
    #expect(Set(properties.compactMap { $0["$session_id"]?.stringValue }).count == 1)
  }
}
