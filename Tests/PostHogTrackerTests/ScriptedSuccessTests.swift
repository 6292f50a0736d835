import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// A test's scripted transport answers as PostHog does (issue 29 item 5): `ScriptedTransport()` answers
/// PostHog's documented success, `{"status": 1}`, and a 2xx PostHog would not read as success is an issue,
/// not a batch sent ten times and dropped while the test passes.
@Suite(.isolatedEnvironments)
struct ScriptedSuccessTests {
  @Test func aScriptedTransportAnswersPostHogsDocumentedSuccess() async throws {
    let transport = ScriptedTransport()
    Current = try .live(LiveDeliveryTests().configuration(transport))
    postHogTracker("product_added")
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.retried == 0 && counters.delivery.droppedTotal == 0)
    #expect(transport.requests.map(\.path) == ["/batch/"])
    await Current.close(nil)
  }

  @Test func aBare200IsReportedOnceNotRetriedInSilence() async throws {
    var counters = TrackerCounters()
    var requests: [RecordedRequest] = []
    let issues = try await collectingIssues {
      // The transport reports to the reporter in force where it is made, here the collector.
      let transport = ScriptedTransport()
      transport.script(.status(200), .status(200))
      Current = try .live(LiveDeliveryTests().configuration(transport))
      postHogTracker("product_added")
      // The retries' backoffs pass on virtual time: no wait on the wall clock.
      counters = await Current.deliverPending()
      requests = transport.requests
      await Current.close(nil)
    }
    #expect(counters.delivery.delivered == 1 && counters.delivery.retried == 2)
    #expect(requests.count == 3)
    #expect(issues.count == 1)
    let issue = try #require(issues.first)
    #expect(issue.hasPrefix("ScriptedTransport answered PostHog's POST /batch/ with HTTP 200"))
    #expect(issue.contains("which PostHog does not read as success"))
    #expect(issue.contains(#"To fix this, answer `.success` (PostHog's documented success: HTTP 200"#))
    #expect(issue.contains(#"{"status": 1}"#))
  }

  @Test func theDocumentedSuccessIsWhatClassifyReadsAsDelivered() {
    let destination = PostHogDestination(PostHogConfiguration(apiKey: "phc_key"))
    let batch = Batch(records: [], partition: "")
    let success = destination.successResponse(for: batch)
    #expect(success.statusCode == 200 && success.bodyText == #"{"status": 1}"#)
    #expect(destination.classify(success, for: batch) == .delivered)
  }
}
