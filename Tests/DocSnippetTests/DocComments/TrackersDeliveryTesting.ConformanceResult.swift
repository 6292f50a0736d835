// The Swift blocks of Sources/TrackersDeliveryTesting/Conformance/ConformanceResult.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingConformanceResult1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/Conformance/ConformanceResult.swift#1
    let result = await ConformanceRequirement.keepsDedupIdsAcrossRetries.check(acme)
    #expect(result.failures.isEmpty, "\(result)")
    // end snippet
  }
}
