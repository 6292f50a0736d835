// The Swift blocks of Sources/Trackers/PropertyValue+Depth.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersPropertyValueDepth1() {
  compile {
    // snippet: Sources/Trackers/PropertyValue+Depth.swift#1
    PropertyValue.object(["tags": ["new", "promo"]]).nestingDepth()   // 2
    deep.nestingDepth(limit: 32) > 32                                 // too deep, found in 33 steps
    // end snippet
  }
}
