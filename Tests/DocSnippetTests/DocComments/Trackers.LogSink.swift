// The Swift blocks of Sources/Trackers/LogSink.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersLogSink1() {
  compile {
    // snippet: Sources/Trackers/LogSink.swift#1
    let sink = LogSink { line in myLogger.debug("\(line)") }
    let tracker = logging(amplitudeTracker, label: "amplitude", to: sink)
    // end snippet
  }
}
