// The Swift blocks of Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliverySharingAQueueBetweenProcesses1(token: String) {
  compileDeclarations {
    // snippet: Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md#1
    let group = "group.com.example.shop"
    // nil when this target lacks the App Groups entitlement for the group.
    guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
      preconditionFailure("add the App Groups capability with \(group) to this target")
    }

    // The same directory in the app and the widget: identity.json and queue/ are shared.
    let storage = container.appendingPathComponent("MixpanelTracker", isDirectory: true)
    MixpanelTracker.Current = try .live(.init(projectToken: token, storageDirectory: storage))
    // end snippet
  }
}

private func trackersDeliverySharingAQueueBetweenProcesses2() {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md#2
    // Seals what this process wrote, so the app, if it is running, takes it while the extension is suspended.
    await MixpanelTracker.Current.flush()
    // end snippet
  }
}

private func trackersDeliverySharingAQueueBetweenProcesses3(queue: DeliveryQueue) {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md#3
    // At the end of the background task, or of the extension's work:
    await queue.flush()
    await queue.relinquishDirectory()   // the process may be suspended now
    // When it runs again, before it tracks:
    queue.reclaimDirectory()
    // end snippet
  }
}
