import Foundation
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// A live environment whose `send` records each event's description in `sent` (nothing reaches a
/// transport), on storage of its own, starting from `existingIdentity`.
func recordingEnvironment<Event: VendorEvent>(
  _: Event.Type, in storage: TemporaryStorage, existingIdentity: ExistingIdentity? = nil,
  recording sent: LockIsolated<[String]>
) throws -> VendorEnvironment<Event> {
  var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10)
  options.transport = ScriptedTransport()
  options.existingIdentity = existingIdentity
  return try VendorEnvironment<Event>.live(
    options: options, destination: TestDestination(url: URL(fileURLWithPath: "/echo")), derive: { identity, _ in identity.anonymousId }
  ) { _ in
    { event in
      sent.withLock { $0.append(event.description) }
      return .queued(records: 1)
    }
  }
}
