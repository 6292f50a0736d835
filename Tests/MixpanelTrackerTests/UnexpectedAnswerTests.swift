import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// A 2xx is success only with Mixpanel's documented body (issue 20): `/import`'s
/// `{"code": 200, "num_records_imported": N, "status": "OK"}`, `/engage`'s `{"status": 1, "error": null}`.
/// A captive portal's page or a body past the transport's limit is an unexpected answer, retried and
/// counted.
@Suite struct UnexpectedAnswerTests {
  private func configuration(_ collector: Collector) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(collector.baseURL), storageDirectory: temporaryDirectory())
    configuration.flushInterval = .seconds(3600)
    configuration.delivery = fastRetries
    configuration.context = .fixture
    return configuration
  }

  @Test func anHTMLPageOrAnOverlongBodyIsNotDelivery() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    // Then the collector's default: Mixpanel's documented success.
    try await collector.script([.htmlPage, .init(status: 200, body: #"{"status":"OK"}"#, stream: 4 << 20)])
    let reports = TrackerRecorder<DeliveryReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(collector)
    configuration.onReport = reports.tracker
    let environment = try MixpanelEnvironment.live(configuration)
    for name in ["A", "B"] { environment.send(.event(name: name, properties: [:])) }
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 2)
    #expect(counters.delivery.retried == 4)
    #expect(try await collector.requestCount() == 3)
    let text = reports.events.map(\.description).joined(separator: "\n")
    #expect(text.contains("Mixpanel /import answered HTTP 200 without its documented success body"))
    #expect(text.contains("Sign in to Wi-Fi") && text.contains("more than"))
    #expect(!text.contains("tok123") && !text.contains(Data("tok123:".utf8).base64EncodedString()))
    await environment.close(nil)
  }

  @Test func onlyTheDocumentedBodiesAreSuccess() {
    let destination = MixpanelDestination(MixpanelConfiguration(projectToken: "tok"))
    func outcome(_ body: String, partition: String = "import", truncated: Bool = false) -> DeliveryOutcome {
      destination.classify(
        HTTPResponse(statusCode: 200, body: Array(body.utf8), isBodyTruncated: truncated),
        for: Batch(records: [], partition: partition))
    }
    let imported = #"{"code":200,"num_records_imported":2,"status":"OK"}"#
    #expect(outcome(imported) == .delivered)
    #expect(outcome(#"{"status":1,"error":null}"#, partition: "engage") == .delivered)
    let unexpected = [
      ("", "import", false), ("<html></html>", "import", false), ("1", "import", false), (imported, "import", true),
      (#"{"status":1,"error":null}"#, "import", false), (imported, "engage", false), ("<html></html>", "engage", false),
    ]
    for (body, partition, truncated) in unexpected {
      guard case .unexpectedAnswer = outcome(body, partition: partition, truncated: truncated) else {
        Issue.record("\(partition) \(body) must not count as delivered")
        continue
      }
    }
  }
}
