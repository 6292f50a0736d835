// The Swift blocks of Sources/TrackersDeliveryTesting/TemporaryStorage.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingTemporaryStorage1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/TemporaryStorage.swift#1
    let storage = try TemporaryStorage()
    configuration.storageDirectory = storage.url
    // end snippet
  }
}
