import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `.live` on a device that has restarted and not been unlocked yet (an app launched in the background):
/// its files can't be opened, and the live environment must not fail for it. The tests run as root, so
/// the locked files are played by `DeliveryConfiguration.simulatedOpenFailure`.
@Suite struct LockedStorageTests {
  @Test func liveStartsBeforeTheFirstUnlockAndCatchesUpAfterIt() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    // An earlier launch saved the device id.
    let savedId = try IdentityStore<Int>(directory: storage) { _ in 0 }.current.identity.anonymousId

    let locked = LockIsolated<Int32?>(EPERM)
    var configuration = MixpanelConfiguration(projectToken: "tok123", region: .custom(LiveDeliveryTests.host), storageDirectory: storage)
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.context = .fixture
    // The queue's reports are expected here; the module's own (a failed identity save) still fail the test.
    configuration.onReport = { report in if case .delivery = report.kind {} else { report.reportByDefault() } }
    // Virtual time: the reopening's back-off (1 s, doubling) and any retry wait on it, never on the wall
    // clock; a flush tries the directory again at once.
    configuration.queueClock = VirtualQueueClock()
    configuration.delivery = { delivery in
      delivery.simulatedOpenFailure = { _ in locked.withLock { $0 } }
      delivery.hasDataProtection = true  // a platform that waits for the first unlock, as iOS does
    }
    let environment = try MixpanelEnvironment.live(configuration)
    environment.send(.event(name: "Push Received", properties: [:]))
    #expect(environment.counters().delivery.pendingEvents == 1)
    #expect(environment.counters().notEnqueued == 0)

    locked.withLock { $0 = nil }
    await environment.flush()
    environment.send(.event(name: "Opened", properties: [:]))
    await environment.flush()
    let counters = environment.counters()
    await environment.close(nil)
    #expect(counters.delivery.delivered == 2)
    #expect(counters.delivery.droppedTotal == 0)
    let events = try transport.requests.filter { $0.path == "/import" }.flatMap { try parseJSON($0.body).arrayValue ?? [] }
    #expect(events.map { $0["event"]?.stringValue } == ["Push Received", "Opened"])
    // Before the unlock the saved device id could not be read: that event has a temporary one; after it,
    // the saved one is back.
    let devices = events.map { $0["properties"]?["$device_id"]?.stringValue }
    #expect(devices[0] != savedId)
    #expect(devices[1] == savedId)
  }

  /// On a platform without Data Protection (tvOS, the Mac, Linux) a storage the app may not write is final:
  /// `.live` throws, naming the file and the fix, instead of holding the events in memory for ever.
  @Test func withoutDataProtectionLiveThrowsForAStorageItMayNotWrite() throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    var configuration = MixpanelConfiguration(projectToken: "tok123", region: .custom(LiveDeliveryTests.host), storageDirectory: storage)
    configuration.delivery = { delivery in
      delivery.simulatedOpenFailure = { _ in EPERM }
      delivery.hasDataProtection = false
    }
    let error = #expect(throws: DeliveryError.self) { _ = try MixpanelEnvironment.live(configuration) }
    #expect(error == .storage(operation: "write", path: storage.appendingPathComponent("identity.json").path, errno: EPERM))
    #expect(error?.description.contains("To fix this, give it a directory the app may write") == true)
  }
}
