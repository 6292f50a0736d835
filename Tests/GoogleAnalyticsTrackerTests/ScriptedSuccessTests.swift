import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// `ScriptedTransport()` answers as GA4 does (issue 29 item 5): 204 from the collect endpoint, 200
/// `{"validationMessages": []}` from the validation server; one request delivers.
@Suite(.isolatedEnvironments)
struct ScriptedSuccessTests {
  @Test(arguments: [false, true])
  func aScriptedTransportAnswersGA4sSuccess(validationServer: Bool) async throws {
    let transport = ScriptedTransport()
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-TEST123", apiSecret: "secret", host: URL(string: "https://ga4.invalid")!,
      storageDirectory: temporaryDirectory("\(#function)-\(validationServer)"))
    configuration.useValidationServer = validationServer
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    Current = try .live(configuration)
    googleAnalyticsTracker("product_added")
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.retried == 0 && counters.delivery.droppedTotal == 0)
    #expect(transport.requests.map(\.path) == [validationServer ? "/debug/mp/collect" : "/mp/collect"])
    let success = GoogleAnalyticsDestination(configuration).successResponse(for: Batch(records: [], partition: ""))
    #expect(success.statusCode == (validationServer ? 200 : 204))
    await Current.close(nil)
  }
}
