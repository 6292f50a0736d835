// The Swift blocks of Sources/Trackers/JSONWriter.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersJSONWriter1() {
  compile {
    // snippet: Sources/Trackers/JSONWriter.swift#1
    DateEncoding.iso8601.canEncode(.distantFuture)                              // true: year 4001
    DateEncoding.iso8601.canEncode(Date(timeIntervalSince1970: -1e15))          // false: year -31,688,765
    DateEncoding.microsecondsSince1970.canEncode(Date(timeIntervalSince1970: .nan))  // false
    // end snippet
  }
}

private func trackersJSONWriter2() {
  compile {
    // snippet: Sources/Trackers/JSONWriter.swift#2
    var bytes: [UInt8] = []
    JSONWriter.appendString("Signup", to: &bytes)            // "Signup"
    PropertyValue.object(["seats": 5]).appendJSON(to: &bytes) // {"seats":5}
    // end snippet
  }
}
