import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 6: the configurations of MigratingFromAmplitudeSwift.md and MigratingFromAmplitudeIOS.md
/// keep the wire each SDK sent, pinned on a migrated app's first calls: the SDK's device id and user id
/// go on, `ip` is `"$remote"`, and session events are sent as Amplitude-Swift sends them and not as
/// Amplitude-iOS doesn't.
@Suite(.isolatedEnvironments)
struct MigrationTests {
  /// The article's configuration for an app leaving Amplitude-Swift (its `getDeviceId()`, `getUserId()`).
  static func keepingAmplitudeSwiftsWire(apiKey: String, deviceId: String?, userId: String?) -> AmplitudeConfiguration {
    var configuration = AmplitudeConfiguration(apiKey: apiKey)
    configuration.existingIdentity = ExistingIdentity(anonymousId: deviceId, userId: userId)
    configuration.ipLocation = .vendorDefault       // "ip": "$remote", as TrackingOptions() sends it
    configuration.sendsSessionEvents = true         // autocapture: .sessions, the default
    configuration.maxEventsPerRequest = 30          // flushQueueSize
    configuration.flushInterval = .seconds(30)      // flushIntervalMillis
    return configuration
  }

  /// The article's configuration for an app leaving Amplitude-iOS (its `deviceId`, `userId`).
  static func keepingAmplitudeIOSsWire(apiKey: String, deviceId: String?, userId: String?) -> AmplitudeConfiguration {
    var configuration = AmplitudeConfiguration(apiKey: apiKey)
    configuration.existingIdentity = ExistingIdentity(anonymousId: deviceId, userId: userId)
    configuration.ipLocation = .vendorDefault       // located by the upload's address, as before
    configuration.sendsSessionEvents = false        // trackingSessionEvents is NO by default
    configuration.maxEventsPerRequest = 30          // eventUploadThreshold
    configuration.flushInterval = .seconds(30)      // eventUploadPeriodSeconds
    return configuration
  }

  /// `configuration` with the test's transport, clock, context and storage; only `flush()` sends.
  func pinned(_ configuration: AmplitudeConfiguration, _ transport: ScriptedTransport) -> AmplitudeConfiguration {
    var configuration = configuration
    let test = liveConfiguration(transport)
    configuration.region = test.region
    configuration.storageDirectory = test.storageDirectory
    configuration.transport = transport
    configuration.now = test.now
    configuration.context = test.context
    configuration.delivery = test.delivery
    configuration.flushInterval = test.flushInterval
    return configuration
  }

  /// A migrated app's first launch: an event, a screen, a user property; every event sent, in order.
  func firstLaunch(_ configuration: AmplitudeConfiguration) async throws -> [[String: PropertyValue]] {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"code": 200, "events_ingested": 4}"#))
    Current = try .live(pinned(configuration, transport))
    amplitudeTracker(.event(name: "Song Played", properties: ["genre": "jazz"]))
    amplitudeTracker(.screen(name: "Cart"))
    amplitudeTracker(.userProperty(name: "plan", value: "pro"))
    await Current.flush()
    await Current.close(nil)
    var events: [[String: PropertyValue]] = []
    for request in transport.requests {
      #expect(request.path == "/2/httpapi")
      for event in try parseJSON(request.body)["events"]?.arrayValue ?? [] {
        events.append(try #require(event.objectValue))
      }
    }
    return events
  }

  /// What every event of a migrated app carries: the SDK's ids, `ip`, the session, the time.
  func expectTheSDKsIds(_ events: [[String: PropertyValue]]) {
    for event in events {
      #expect(event["device_id"] == "amplitude-sdk-device-id", "\(event)")
      #expect(event["user_id"] == "user-42")
      #expect(event["ip"] == "$remote")
      #expect(event["session_id"] == .int(1_793_817_970_123))
      #expect(event["time"] == .int(1_793_817_970_123))
    }
  }

  @Test func amplitudeSwiftsWireIsKept() async throws {
    let configuration = Self.keepingAmplitudeSwiftsWire(
      apiKey: "amp-test-key-1234", deviceId: "amplitude-sdk-device-id", userId: "user-42")
    #expect(configuration.maxEventsPerRequest == 30 && configuration.flushInterval == .seconds(30))
    #expect(configuration.session.timeout == .seconds(300))  // minTimeBetweenSessionsMillis, the default
    let events = try await firstLaunch(configuration)
    #expect(events.map { $0["event_type"]?.stringValue } == [
      "session_start", "Song Played", "[Amplitude] Screen Viewed", "$identify",
    ])
    expectTheSDKsIds(events)
    try #require(events.count == 4)
    #expect(events[1]["event_properties"] == ["genre": "jazz"])
    #expect(events[2]["event_properties"] == ["[Amplitude] Screen Name": "Cart"])
    #expect(events[3]["user_properties"] == ["$set": ["plan": "pro"]])
  }

  @Test func amplitudeIOSsWireIsKept() async throws {
    let configuration = Self.keepingAmplitudeIOSsWire(
      apiKey: "amp-test-key-1234", deviceId: "amplitude-sdk-device-id", userId: "user-42")
    #expect(configuration.maxEventsPerRequest == 30 && configuration.flushInterval == .seconds(30))
    #expect(configuration.session.timeout == .seconds(300))  // kAMPMinTimeBetweenSessionsMillis
    let events = try await firstLaunch(configuration)
    #expect(events.map { $0["event_type"]?.stringValue } == ["Song Played", "[Amplitude] Screen Viewed", "$identify"])
    expectTheSDKsIds(events)
    #expect(events.allSatisfy { $0["event_type"]?.stringValue?.hasPrefix("session_") == false })
  }

  @Test func theSavedIdentityWinsOnTheNextLaunch() async throws {
    // A relaunch with the same storage keeps the ids it saved, whatever the SDK's storage says by then.
    let transport = ScriptedTransport(answering: .status(200, body: #"{"code": 200, "events_ingested": 1}"#))
    var configuration = pinned(
      Self.keepingAmplitudeIOSsWire(apiKey: "amp-test-key-1234", deviceId: "amplitude-sdk-device-id", userId: nil),
      transport)
    Current = try .live(configuration)
    amplitudeTracker("First Launch")
    await Current.flush()
    await Current.close(nil)
    configuration.existingIdentity = ExistingIdentity(anonymousId: "another-device-id", userId: "someone-else")
    Current = try .live(configuration)
    amplitudeTracker("Second Launch")
    await Current.flush()
    await Current.close(nil)
    let events = try transport.requests.flatMap { try parseJSON($0.body)["events"]?.arrayValue ?? [] }
    #expect(events.map { $0["device_id"]?.stringValue } == ["amplitude-sdk-device-id", "amplitude-sdk-device-id"])
    #expect(events.map { $0["user_id"]?.stringValue } == [nil, nil])
  }
}
