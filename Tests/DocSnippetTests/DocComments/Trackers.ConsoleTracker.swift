// The Swift blocks of Sources/Trackers/ConsoleTracker.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsoleTracker1() {
  compile {
    // snippet: Sources/Trackers/ConsoleTracker.swift#1
    consoleTracker(.event(name: "Signup", properties: ["plan": "pro"]))
    // event Signup {"plan": "pro"}
    // end snippet
  }
}
