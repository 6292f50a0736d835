import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// A 2xx is success only with Amplitude's documented body, `{"code": 200, "events_ingested": ...}`
/// (issue 20): a captive portal's page or a body past the transport's limit is an unexpected answer,
/// retried and counted; a fractional index in a 400 names no event.
@Suite struct UnexpectedAnswerTests {
  @Test func anHTMLPageOrAnOverlongBodyIsNotDelivery() async throws {
    // Then Amplitude's documented success.
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    transport.script(.captivePortal, .cutAtTheTransportsLimit(#"{"code":200}"#))
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = LiveDeliveryTests().configuration(transport)
    configuration.onReport = reports.tracker
    let environment = try AmplitudeEnvironment.live(configuration)
    for index in 0..<3 { environment.send(.event(type: "E\(index)", properties: [:])) }
    // The retries' backoffs pass on virtual time: no wait on the wall clock.
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 3)
    #expect(counters.delivery.retried == 6)
    #expect(transport.requests.count == 3)
    let text = reports.events.map(\.description).joined(separator: "\n")
    #expect(text.contains("Amplitude answered HTTP 200 without its documented success body"))
    #expect(text.contains("Sign in to Wi-Fi") && text.contains("more than"))
    #expect(!text.contains(LiveDeliveryTests.apiKey))
    await environment.close(nil)
  }

  @Test func onlyTheDocumentedBodyIsSuccess() {
    let destination = AmplitudeDestination(AmplitudeConfiguration(apiKey: "k"))
    let batch = Batch(
      records: (0..<3).map { _ in
        Record(id: RecordID(), enqueuedAt: Date(), attempts: 0, partition: "", payload: Array(#"{"event_type":"E"}"#.utf8))
      }, partition: "")
    func outcome(_ status: Int, _ body: String, truncated: Bool = false) -> DeliveryOutcome {
      destination.classify(HTTPResponse(statusCode: status, body: Array(body.utf8), isBodyTruncated: truncated), for: batch)
    }
    let documented = #"{"code":200,"events_ingested":3,"payload_size_bytes":50,"server_upload_time":1396381378123}"#
    #expect(outcome(200, documented) == .delivered)
    for (body, truncated) in [("", false), ("<html></html>", false), (#"{"ok":true}"#, false), (documented, true)] {
      guard case .unexpectedAnswer = outcome(200, body, truncated: truncated) else {
        Issue.record("\(body) must not count as delivered")
        continue
      }
    }
    // Indices are exact integers: 1.5 used to be read as 1.
    guard case .drop = outcome(400, #"{"code":400,"events_with_invalid_fields":{"time":[1.5, 1e300, -1]}}"#) else {
      Issue.record("indices naming no event drop the batch as a bad request")
      return
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
