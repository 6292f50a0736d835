// The Swift blocks of Sources/Trackers/Privacy/Redactor+ValueRule.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersRedactorValueRule1() {
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor+ValueRule.swift#1
    let frenchSocialSecurity = Redactor.ValueRule.custom("nir") { value in
      value.utf8.count == 15 && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? Redactor.marker("nir") : nil
    }
    // end snippet
  }
}
