// The Swift blocks of Sources/TrackersTesting/IssueReporter+TestFailure.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersTestingIssueReporterTestFailure1() {
  compile {
    // snippet: Sources/TrackersTesting/IssueReporter+TestFailure.swift#1
    withIssueReporter(.testFailure) {
      model.checkout()
    }
    // end snippet
  }
}
