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
  private func configuration(_ transport: ScriptedTransport) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    return configuration
  }

  @Test func anHTMLPageOrAnOverlongBodyIsNotDelivery() async throws {
    // Then Mixpanel's documented success.
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    transport.script(.captivePortal, .cutAtTheTransportsLimit(#"{"status":"OK"}"#))
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport)
    configuration.onReport = reports.tracker
    let environment = try MixpanelEnvironment.live(configuration)
    for name in ["A", "B"] { environment.send(.event(name: name, properties: [:])) }
    // The retries' backoffs pass on virtual time: no wait on the wall clock.
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 2)
    #expect(counters.delivery.retried == 4)
    #expect(transport.requests.count == 3)
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

extension ScriptedTransport.Reply {
  /// A 200 with an HTML page, as a captive portal or a proxy answers.
  fileprivate static let captivePortal = ScriptedTransport.Reply.unexpectedAnswer(.status(
    200, headers: ["Content-Type": "text/html"],
    body: "<!DOCTYPE html><html><head><title>Sign in to Wi-Fi</title></head><body>Welcome</body></html>"))

  /// A 200 whose body is `body` and then more than the transport keeps: `URLSessionTransport` hands such an
  /// answer back cut at its limit and marked truncated, which is what the module reads.
  fileprivate static func cutAtTheTransportsLimit(_ body: String) -> Self {
    let limit = URLSessionTransport.defaultMaxResponseBytes
    let kept = (Array(body.utf8) + Array(repeating: UInt8(ascii: "x"), count: limit)).prefix(limit)
    return .unexpectedAnswer(.response(HTTPResponse(statusCode: 200, body: Array(kept), isBodyTruncated: true)))
  }
}
