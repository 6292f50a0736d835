// The Swift blocks of Sources/TrackersDeliveryTesting/Conformance/ConformanceRequirement.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersDeliveryTestingConformanceRequirement1 {
  // snippet: Sources/TrackersDeliveryTesting/Conformance/ConformanceRequirement.swift#1
  @Test(arguments: ConformanceRequirement.allCases)
  func conformance(_ requirement: ConformanceRequirement) async {
    let result = await requirement.check(acme)
    #expect(result.passed, "\(result)")
  }
  // end snippet
}
