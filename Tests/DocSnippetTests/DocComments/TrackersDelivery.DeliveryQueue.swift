// The Swift blocks of Sources/TrackersDelivery/DeliveryQueue.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryDeliveryQueue1() {
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
}

private func trackersDeliveryDeliveryQueue2(queue: DeliveryQueue) {
  compile {
    // snippet: Sources/TrackersDelivery/DeliveryQueue.swift#2
    await queue.flush()
    await queue.relinquishDirectory()   // the app may be suspended now
    // ... later, back in the foreground:
    queue.reclaimDirectory()
    // end snippet
  }
}

private func trackersDeliveryDeliveryQueue3(queue: DeliveryQueue) {
  compile {
    // snippet: Sources/TrackersDelivery/DeliveryQueue.swift#3
    task = application.beginBackgroundTask(withName: "flush") {
      queue.relinquishDirectoryNow()
      application.endBackgroundTask(task)
    }
    // end snippet
  }
}
