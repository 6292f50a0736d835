// The Swift blocks of Sources/TrackersDelivery/ModuleKit/IdentityStore.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryIdentityStore1(storage: URL) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/IdentityStore.swift#1
    let store = try IdentityStore(directory: storage) { identity in
      partitionJSON(for: identity)   // computed once per change, read on every event
    }
    let (identity, partition) = store.current
    store.update { $0.userId = "user-42" }
    // end snippet
  }
}
