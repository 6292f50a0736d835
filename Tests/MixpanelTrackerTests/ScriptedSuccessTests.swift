import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// `ScriptedTransport()` answers Mixpanel's documented success on each endpoint (issue 29 item 5):
/// `/import`'s `{"code": 200, ...}` and `/engage`'s `{"status": 1, ...}`; one request each delivers.
@Suite(.isolatedEnvironments)
struct ScriptedSuccessTests {
  @Test func aScriptedTransportAnswersEachEndpointsDocumentedSuccess() async throws {
    let transport = ScriptedTransport()
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(URL(string: "https://mixpanel.invalid")!),
      storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    Current = try .live(configuration)
    mixpanelTracker("Product Added")
    mixpanelTracker(.userProperty(name: "tier", value: "gold"))
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered == 2)
    #expect(counters.delivery.retried == 0 && counters.delivery.droppedTotal == 0)
    #expect(transport.requests.map(\.path).sorted() == ["/engage", "/import"])
    await Current.close(nil)
  }
}
