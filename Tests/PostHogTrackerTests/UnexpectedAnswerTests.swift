import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// A 2xx is success only with PostHog's documented body, `{"status": 1}` (issue 20): a captive portal's
/// page or a body past the transport's limit is an unexpected answer, retried and counted.
@Suite struct UnexpectedAnswerTests {
  @Test func anHTMLPageOrAnOverlongBodyIsNotDelivery() async throws {
    // Then PostHog's documented success.
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    transport.script(.captivePortal, .cutAtTheTransportsLimit(#"{"status": 1}"#))
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = LiveDeliveryTests().configuration(transport)
    configuration.onReport = reports.tracker
    let environment = try PostHogEnvironment.live(configuration)
    environment.send(.capture(event: "first", properties: [:]))
    // The retries' backoffs pass on virtual time: no wait on the wall clock.
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.retried == 2)
    #expect(transport.requests.count == 3)
    let text = reports.events.map(\.description).joined(separator: "\n")
    #expect(text.contains(#"PostHog answered HTTP 200 without its documented success body {"status": 1} (text/html"#))
    #expect(text.contains("Sign in to Wi-Fi") && text.contains("more than"))
    #expect(!text.contains(LiveDeliveryTests.apiKey))
    await environment.close(nil)
  }

  @Test func onlyTheDocumentedBodyIsSuccess() {
    let destination = PostHogDestination(PostHogConfiguration(apiKey: "phc_key"))
    let batch = Batch(records: [], partition: "")
    func outcome(_ body: String, truncated: Bool = false) -> DeliveryOutcome {
      destination.classify(HTTPResponse(statusCode: 200, body: Array(body.utf8), isBodyTruncated: truncated), for: batch)
    }
    #expect(outcome(#"{"status": 1}"#) == .delivered)
    #expect(outcome(#"{"status":1,"extra":true}"#) == .delivered)
    for body in ["", "<html></html>", #"{"status": 0}"#, #"{"status": "1"}"#, "[1]", #"{"status": 1}"#] {
      guard case .unexpectedAnswer = outcome(body, truncated: body == #"{"status": 1}"#) else {
        Issue.record("\(body) must not count as delivered")
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
