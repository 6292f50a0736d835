// The Swift blocks of Sources/TrackersDelivery/ModuleKit/VendorSession.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryVendorSession1() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorSession.swift#1
    let stamp = session.stamp(at: now(), anonymousId: identity.anonymousId, userId: identity.userId)
    // stamp.id, stamp.uuid, stamp.engagementMilliseconds, stamp.isNew, stamp.start, stamp.ended
    // end snippet
  }
}
