// The Swift blocks of Sources/TrackersDelivery/ModuleKit/VendorDelivery+SignIn.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryVendorDeliverySignIn1() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+SignIn.swift#1
    guard let identity = delivery.signIn(userId, event: event.description) else { return }
    delivery.enqueue(identifyPayload(identity), id: RecordID(), partition: "", event: event.description)
    // end snippet
  }
}

private func trackersDeliveryVendorDeliverySignIn2() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+SignIn.swift#2
    let userId: String?? = if case let .userId(id) = event { .some(id) } else { .none }
    delivery.enqueue(event, signingIn: userId) { _, derived, id in
      WireFormat.event(event, identity: derived, at: now(), insertId: id)
    }
    // end snippet
  }
}

private func trackersDeliveryVendorDeliverySignIn3() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+SignIn.swift#3
    delivery.enqueue(event, signingIn: userId) { _, identity, id -> VendorDelivery.Encoded in
      let payload = WireFormat.message(event, identity: identity, messageId: id)
      return payload.count <= limit ? .payload(payload) : .refused([sizeIssue(payload.count)])
    }
    // end snippet
  }
}
