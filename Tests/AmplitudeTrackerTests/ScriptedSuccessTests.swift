import Foundation
import AmplitudeTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// `ScriptedTransport()` answers Amplitude's documented success (issue 29 item 5): one request delivers.
@Suite(.isolatedEnvironments)
struct ScriptedSuccessTests {
  @Test func aScriptedTransportAnswersAmplitudesDocumentedSuccess() async throws {
    let transport = ScriptedTransport()
    Current = try .live(LiveDeliveryTests().configuration(transport))
    amplitudeTracker("product_added")
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered >= 1 && counters.delivery.delivered == counters.delivery.enqueued)
    #expect(counters.delivery.retried == 0 && counters.delivery.droppedTotal == 0)
    #expect(transport.requests.map(\.path) == ["/2/httpapi"])
    await Current.close(nil)
  }

  @Test func requestsToAmplitudeGoGzipCompressed() async throws {
    let transport = ScriptedTransport()
    var configuration = LiveDeliveryTests().configuration(transport)
    configuration.region = .standard
    Current = try .live(configuration)
    for _ in 0..<20 { amplitudeTracker("product_added") }
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered >= 20)
    let request = try #require(transport.requests.first)
    #expect(request.request.url.absoluteString == "https://api2.amplitude.com/2/httpapi")
    #expect(request.request.bodyEncoding == .gzip)
    let (headers, wire) = request.request.encodedForWire()
    #expect(headers["Content-Encoding"] == "gzip" && wire.count < request.body.count)
    await Current.close(nil)
  }

  @Test func theDocumentedSuccessCountsTheBatch() throws {
    let destination = AmplitudeDestination(AmplitudeConfiguration(apiKey: "amp-key"))
    let batch = Batch(records: [], partition: "")
    let success = destination.successResponse(for: batch)
    #expect(success.statusCode == 200)
    let body = try parseJSON(success.body)
    #expect(body["code"] == 200 && body["events_ingested"] == 0)
    #expect(destination.classify(success, for: batch) == .delivered)
  }
}
