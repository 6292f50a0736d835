// The Swift blocks of the doc comments of Sources/TrackersDelivery/*.swift (the queue and what it reads),
// compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Trackers
import TrackersDelivery

/// The app's logger.
private struct Logger: Sendable { func warning(_ message: String) {} }

/// UIKit's `UIApplication`, as much as the example uses.
private final class Application {
  func beginBackgroundTask(withName name: String?, expirationHandler: (() -> Void)?) -> Int { 0 }
  func endBackgroundTask(_ identifier: Int) {}
}

private func deliveryQueues(
  mixpanel: MixpanelDestination, logger: Logger, eventJSONBytes: [UInt8], queue: DeliveryQueue,
  application: Application, id: RecordID
) {
  compile {
    // snippet: Sources/TrackersDelivery/DeliveryQueue.swift#1
    let queue = try DeliveryQueue(
      destination: mixpanel,
      configuration: .default(for: "Mixpanel"),
      onReport: { report in logger.warning("\(report)") }
    )
    try queue.enqueue(eventJSONBytes)
    await queue.flush()
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/DeliveryQueue.swift#2
    await queue.flush()
    await queue.relinquishDirectory()   // the app may be suspended now
    // ... later, back in the foreground:
    queue.reclaimDirectory()
    // end snippet
  }
  compile {
    var task = 0
    // snippet: Sources/TrackersDelivery/DeliveryQueue.swift#3
    task = application.beginBackgroundTask(withName: "flush") {
      queue.relinquishDirectoryNow()
      application.endBackgroundTask(task)
    }
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/RecordID.swift#1
    var json: [UInt8] = Array(#"{"uuid":""#.utf8)
    id.appendUUIDString(to: &json)
    // end snippet
  }
}

/// A destination's `classify`, around the example's lines.
private func classify(_ response: HTTPResponse) -> DeliveryOutcome {
  /// Whether the body is the one the vendor documents for success.
  func isDocumentedSuccess(_ response: HTTPResponse) -> Bool { response.body == Array(#"{"status": 1}"#.utf8) }
  // snippet: Sources/TrackersDelivery/DeliveryOutcome.swift#1
  guard isDocumentedSuccess(response) else {
    return .unexpectedSuccessBody(response, vendor: "PostHog", expected: #"{"status": 1}"#)
  }
  // end snippet
  return .standard(for: response)
}
