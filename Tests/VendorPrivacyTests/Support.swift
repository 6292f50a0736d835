import AmplitudeTracker
import Foundation
import MixpanelTracker
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// Only `flush()` sends (no interval or count triggers in a test), and retries are fast; the context and the
/// clock are pinned, so nothing on the wire depends on the machine or the moment.
func mixpanelConfiguration(
  _ collector: Collector, storage: URL, privacy: PrivacyRegistry?
) -> MixpanelConfiguration {
  var configuration = MixpanelConfiguration(
    projectToken: "tok123", region: .custom(collector.baseURL), storageDirectory: storage, privacy: privacy)
  configuration.flushInterval = .seconds(3600)
  configuration.context = .fixture
  configuration.now = { eventTime }
  configuration.delivery = { $0.backoff = .init(base: .milliseconds(1), cap: .milliseconds(5)) }
  return configuration
}

/// As ``mixpanelConfiguration(_:storage:privacy:)``, without `session_start`/`session_end`: these tests are
/// about consent, reset and redaction, so the events they check are the ones they send.
func amplitudeConfiguration(
  _ collector: Collector, storage: URL, privacy: PrivacyRegistry?
) -> AmplitudeConfiguration {
  amplitudeConfiguration(host: collector.baseURL, storage: storage, privacy: privacy)
}

/// As ``amplitudeConfiguration(_:storage:privacy:)-(Collector,_,_)``, delivering to `transport` (which
/// answers as Amplitude does) instead of a loopback collector.
func amplitudeConfiguration(
  _ transport: ScriptedTransport, storage: URL, privacy: PrivacyRegistry?
) -> AmplitudeConfiguration {
  var configuration = amplitudeConfiguration(host: ConsentVendor.host, storage: storage, privacy: privacy)
  configuration.transport = transport
  return configuration
}

private func amplitudeConfiguration(host: URL, storage: URL, privacy: PrivacyRegistry?) -> AmplitudeConfiguration {
  var configuration = AmplitudeConfiguration(
    apiKey: "amp-key", region: .custom(host), storageDirectory: storage, privacy: privacy)
  configuration.flushInterval = .seconds(3600)
  configuration.context = .fixture
  configuration.now = { eventTime }
  configuration.sendsSessionEvents = false
  configuration.delivery = { $0.backoff = .init(base: .milliseconds(1), cap: .milliseconds(5)) }
  return configuration
}

/// The events Mixpanel's `/import` received, in the order they arrived.
func mixpanelEvents(_ collector: Collector) async throws -> [PropertyValue] {
  try await collector.requests().filter { $0.path == "/import" }.flatMap { try $0.json().arrayValue ?? [] }
}

/// The events Amplitude's `/2/httpapi` received, in the order they arrived.
func amplitudeEvents(_ collector: Collector) async throws -> [PropertyValue] {
  try await collector.requests().filter { $0.path == "/2/httpapi" }.flatMap { try $0.json()["events"]?.arrayValue ?? [] }
}

/// The events Amplitude's `/2/httpapi` received through `transport`, in the order they arrived.
func amplitudeEvents(_ transport: ScriptedTransport) throws -> [PropertyValue] {
  try transport.requests.filter { $0.path == "/2/httpapi" }.flatMap { try parseJSON($0.body)["events"]?.arrayValue ?? [] }
}

/// The bytes of queued records on disk: the sizes of the queue's segment files under `storage/queue`.
func pendingRecordBytes(in storage: URL) throws -> Int {
  let queue = storage.appendingPathComponent("queue", isDirectory: true)
  return try FileManager.default.contentsOfDirectory(atPath: queue.path)
    .filter { $0.hasPrefix("segment-") }
    .map { try FileManager.default.attributesOfItem(atPath: queue.appendingPathComponent($0).path)[.size] as? Int ?? 0 }
    .reduce(0, +)
}
