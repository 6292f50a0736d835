import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 6: the configuration of MigratingFromMixpanelSwift.md keeps the wire mixpanel-swift sent,
/// pinned on a migrated app's first calls: its device id goes on (`$device:<id>` before sign-in), the
/// requests ask for IP geolocation (`ip=1`), and a sign-in puts the user id on the events that follow.
@Suite(.isolatedEnvironments)
struct MigrationTests {
  /// The article's configuration (mixpanel-swift's `anonymousId` and `userId`).
  static func keepingMixpanelSwiftsWire(token: String, deviceId: String?, userId: String?) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(projectToken: token)
    configuration.existingIdentity = ExistingIdentity(anonymousId: deviceId, userId: userId)
    configuration.ipLocation = .vendorDefault    // ip=1: useIPAddressForGeoLocation is true by default
    configuration.maxEventsPerRequest = 50       // flushBatchSize
    configuration.flushInterval = .seconds(60)   // initialize(flushInterval: 60)
    return configuration
  }

  @Test func mixpanelSwiftsWireIsKept() async throws {
    var configuration = Self.keepingMixpanelSwiftsWire(token: "tok123", deviceId: "mixpanel-sdk-device-id", userId: nil)
    #expect(configuration.maxEventsPerRequest == 50 && configuration.flushInterval == .seconds(60))
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    transport.reply(.status(200, body: #"{"status":1,"error":null}"#), when: { $0.path != "/import" })
    configuration.region = .custom(LiveDeliveryTests.host)
    configuration.storageDirectory = temporaryDirectory()
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    Current = try .live(configuration)
    mixpanelTracker(.event(name: "Song Played", properties: ["genre": "jazz"]))
    mixpanelTracker(.userId("user-42"))
    mixpanelTracker(.event(name: "Song Liked"))
    mixpanelTracker(.userProperty(name: "plan", value: "pro"))
    await Current.flush()
    await Current.close(nil)

    let imports = transport.requests.filter { $0.path == "/import" }
    let engages = transport.requests.filter { $0.path == "/engage" }
    #expect(imports.allSatisfy { $0.queryItems == ["strict": "1", "ip": "1"] })
    #expect(engages.allSatisfy { $0.queryItems == ["verbose": "1", "ip": "1"] })
    let events = try imports.flatMap { try parseJSON($0.body).arrayValue ?? [] }
    try #require(events.count == 2)
    #expect(events[0]["event"] == "Song Played")
    #expect(events[0]["properties"]?["distinct_id"] == "$device:mixpanel-sdk-device-id")
    #expect(events[0]["properties"]?["$device_id"] == "mixpanel-sdk-device-id")
    #expect(events[0]["properties"]?["$user_id"] == nil)
    #expect(events[0]["properties"]?["genre"] == "jazz")
    #expect(events[0]["properties"]?["time"] == .int(1_793_817_970_123))
    #expect(events[1]["event"] == "Song Liked")
    #expect(events[1]["properties"]?["distinct_id"] == "user-42")
    #expect(events[1]["properties"]?["$device_id"] == "mixpanel-sdk-device-id")
    #expect(events[1]["properties"]?["$user_id"] == "user-42")
    let profiles = try engages.flatMap { try parseJSON($0.body).arrayValue ?? [] }
    #expect(profiles == [["$token": "tok123", "$distinct_id": "user-42", "$set": ["plan": "pro"]]])
  }
}
