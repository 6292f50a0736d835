// The Swift blocks of Sources/TrackersDelivery/Documentation.docc/TrackersDelivery.md, compiled: see
// DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Trackers
import TrackersDelivery

/// The vendor's envelope, which the example leaves out.
private func envelope(_ records: [Record]) -> [UInt8] { records.flatMap(\.payload) }

private func trackersDeliveryOverview(token: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/TrackersDelivery.md#1
    var configuration = MixpanelConfiguration(projectToken: token, privacy: consent.registry)
    configuration.flushInterval = .seconds(10)                // batching: DeliveryOptions
    configuration.delivery = { $0.maxPendingBytes = 8 << 20 } // the queue's limits: DeliveryConfiguration
    MixpanelTracker.Current = try .live(configuration)

    await MixpanelTracker.Current.flush()                     // send what is queued now
    try MixpanelTracker.Current.sync()                        // make it survive a power loss too
    print(MixpanelTracker.Current.counters().delivery)        // what the queue did: DeliveryCounters
    await MixpanelTracker.Current.close(nil)                  // drain, then refuse later events
    // end snippet
  }
}

private func trackersDeliveryDestination(importURL: URL) {
  compileDeclarations {
    // snippet: Sources/TrackersDelivery/Documentation.docc/TrackersDelivery.md#2
    struct Mixpanel: DeliveryDestination {
      var name: String { "Mixpanel" }
      var limits: BatchLimits { BatchLimits(maxEvents: 2000, maxBytes: 2_000_000, flushInterval: .seconds(10)) }
      var url: URL

      func makeRequest(for batch: Batch) throws -> HTTPRequest {
        // Join the records' payloads into the vendor's envelope; put record.id in $insert_id.
        HTTPRequest(url: url, body: envelope(batch.records))
      }

      func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
        // Read 400's failed_records as .partiallyDelivered, the rest with DeliveryOutcome.standard(for:).
        .standard(for: response)
      }
    }
    // end snippet
    _ = Mixpanel(url: importURL)
  }
}
