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
    let collector = try await Collector()
    defer { collector.stop() }
    // Then the collector's default: PostHog's documented success.
    try await collector.script([.htmlPage, .init(status: 200, body: #"{"status": 1}"#, stream: 4 << 20)])
    let reports = TrackerRecorder<DeliveryReport>(exhaustivity: .nonExhaustive)
    var configuration = LiveDeliveryTests().configuration(collector)
    configuration.onReport = reports.tracker
    let environment = try PostHogEnvironment.live(configuration)
    environment.send(.capture(event: "first", properties: [:]))
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.retried == 2)
    #expect(try await collector.requestCount() == 3)
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
