import AmplitudeTracker
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// A live configuration for the wire tests: `transport` answers, only `flush()` sends, retries run on virtual time, and
/// the clock and context are pinned, so a request body is the same on every run.
func liveConfiguration(_ transport: ScriptedTransport, deployment: DeliveryOptions.Deployment = .app) -> AmplitudeConfiguration {
  var configuration = AmplitudeConfiguration(
    apiKey: "amp-test-key-1234", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
  configuration.transport = transport
  configuration.now = { eventTime }
  configuration.context = .fixture
  configuration.sendsSessionEvents = false
  configuration.flushInterval = .seconds(3_600)
  configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
  configuration.deployment = deployment
  return configuration
}
