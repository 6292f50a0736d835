import GoogleAnalyticsTracker
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// A live configuration for the wire tests: `transport` answers, only `flush()` sends, retries run on virtual time,
/// and the clock and context are pinned, so a request body is the same on every run.
func liveConfiguration(
  _ transport: ScriptedTransport, reports: TrackerRecorder<TrackerReport>? = nil, naming: GoogleAnalyticsNaming = .asGiven
) -> GoogleAnalyticsConfiguration {
  var configuration = GoogleAnalyticsConfiguration(
    measurementId: "G-TEST123", apiSecret: "s3cr+t", host: LiveDeliveryTests.host,
    storageDirectory: temporaryDirectory())
  configuration.flushInterval = .seconds(3600)
  configuration.now = { eventTime }
  configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
  configuration.context = .fixture
  configuration.transport = transport
  if let reports { configuration.onReport = reports.tracker }
  configuration.naming = naming
  return configuration
}
