// The Swift blocks of Sources/TrackersDeliveryTesting/Conformance/TrackerModuleDescription.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingTrackerModuleDescription1(key: String, secret: String) {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/Conformance/TrackerModuleDescription.swift#1
    let acme = TrackerModuleDescription<AcmeEvent>(
      name: "AcmeTracker", consentDestination: "Acme",
      maxEventsPerRequest: 100, maxBytesPerRequest: 500_000, secret: "acme-secret-key",
      live: { apply in
        var configuration = Configuration(apiKey: "acme-secret-key", host: URL(string: "https://acme.test")!)
        apply(&configuration.options)
        return try .live(configuration)
      },
      event: { .event(name: "Conformance", properties: ["seq": .int($0)]) },
      events: { try $0.json()["events"]?.arrayValue ?? [] },
      dedupId: { $0["id"]?.stringValue },
      anonymousIds: { try $0.json()["events"]?.arrayValue?.compactMap { $0["anonymous_id"]?.stringValue } ?? [] },
      credentialError: .status(401, body: #"{"error": "invalid api key"}"#)
    )
    // end snippet
  }
}
