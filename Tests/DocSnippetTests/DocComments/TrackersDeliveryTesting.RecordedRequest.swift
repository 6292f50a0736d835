// The Swift blocks of Sources/TrackersDeliveryTesting/RecordedRequest.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingRecordedRequest1(transport: ScriptedTransport) {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/RecordedRequest.swift#1
    let request = transport.requests[0]
    #expect(request.path == "/batch")
    #expect(try request.json()["api_key"] == "phc_key")
    #expect(request.queryItems["ip"] == "0")
    // end snippet
  }
}
