// The Swift blocks of Sources/TrackersDelivery/Documentation.docc/TrackersDelivery.md, compiled: see
// DocSnippetTests.swift.
import Foundation
import TrackersDelivery

/// The vendor's envelope, which the example leaves out.
private func envelope(_ records: [Record]) -> [UInt8] { records.flatMap(\.payload) }

private func trackersDeliveryOverview(importURL: URL, eventBytes: [UInt8]) {
  compileDeclarations {
    // snippet: Sources/TrackersDelivery/Documentation.docc/TrackersDelivery.md#1
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

    let queue = try DeliveryQueue(destination: Mixpanel(url: importURL), configuration: .default(for: "Mixpanel"))
    try queue.enqueue(eventBytes)
    // end snippet
  }
}
