// The Swift blocks of Sources/TrackersDelivery/RecordID.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryRecordID1() {
  compile {
    // snippet: Sources/TrackersDelivery/RecordID.swift#1
    var json: [UInt8] = Array(#"{"uuid":""#.utf8)
    id.appendUUIDString(to: &json)
    // end snippet
  }
}
