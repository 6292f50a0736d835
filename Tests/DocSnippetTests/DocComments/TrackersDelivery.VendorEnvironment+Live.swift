// The Swift blocks of Sources/TrackersDelivery/ModuleKit/VendorEnvironment+Live.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersDeliveryVendorEnvironmentLive1 {
  // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment+Live.swift#1
  extension Environment {
    public static func live(_ configuration: Configuration) throws -> Environment {
      let now = configuration.now
      return try live(
        options: configuration.options,
        destination: Destination(configuration),
        derive: WireFormat.identityMembers(for:context:)  // cached per identity or context change
      ) { delivery in
        return { event in                                  // runs on the caller's thread
          let id = RecordID()
          let payload = WireFormat.event(event, identity: delivery.identity.current.derived, at: now(), id: id)
          delivery.enqueue(payload, id: id, partition: "", event: event.description)
        }
      }
    }
  }
  // end snippet
}

private func trackersDeliveryVendorEnvironmentLive2() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment+Live.swift#2
    try live(options: options, destination: destination, session: rules, derive: derive) { delivery, session in
      return { event in
        let date = now()
        let (identity, derived) = delivery.identity.current
        let stamp = session.stamp(at: date, anonymousId: identity.anonymousId, userId: identity.userId)
        ...
      }
    }
    // end snippet
  }
}
