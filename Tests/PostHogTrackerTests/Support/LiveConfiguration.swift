import PostHogTracker
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// A live configuration for the wire tests: `transport` answers, only `flush()` sends, retries run on virtual time, and
/// the clock and context are pinned, so a request body is the same on every run.
func liveConfiguration(_ transport: ScriptedTransport, deployment: DeliveryOptions.Deployment = .app) -> PostHogConfiguration {
  var configuration = PostHogConfiguration(
    apiKey: "phc_test_key_123", host: .selfHosted(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
  configuration.transport = transport
  configuration.now = { eventTime }
  configuration.context = .fixture
  configuration.flushInterval = .seconds(3_600)
  configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
  configuration.deployment = deployment
  return configuration
}
