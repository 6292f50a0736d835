// The Swift blocks of Sources/Trackers/Privacy/Redactor+KeyRule.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersRedactorKeyRule1() {
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor+KeyRule.swift#1
    let loyaltyNumber = Redactor.KeyRule.keys(named: ["loyalty_number"], marker: "loyalty")
    let isInternal = Redactor.KeyRule.custom(marker: "internal") { $0.hasPrefix("x_internal_") }
    // end snippet
  }
}
