// The Swift blocks of Sources/TrackersDelivery/ModuleKit/ValidationRules.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersDeliveryValidationRules1 {
  // snippet: Sources/TrackersDelivery/ModuleKit/ValidationRules.swift#1
  public func validate(_ data: AnalyticsData) -> [ValidationIssue] {
    ValidationRules.issues { ordered, issues in
      ValidationRules.forEachMember(of: properties, ordered: ordered) { key, value in ... }
    }
  }
  // end snippet
}
