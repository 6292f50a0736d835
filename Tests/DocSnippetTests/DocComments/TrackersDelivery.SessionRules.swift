// The Swift blocks of Sources/TrackersDelivery/ModuleKit/SessionRules.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliverySessionRules1() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/SessionRules.swift#1
    // Amplitude-Swift: 5 minutes, kept alive while the app is in the foreground, id in milliseconds.
    SessionRules(timeout: .minutes(5), idUnit: .milliseconds, continuesInForeground: true)
    // end snippet
  }
}
