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

private func trackersDeliverySharingAQueueBetweenProcesses2(lifecycle: ApplicationLifecycle) {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md#2
    lifecycle.enteredForeground()        // takes the shared directory back (nothing to do the first time)
    // ... load the entries, track what the widget tracks ...
    await lifecycle.enteredBackground()  // flushes, then lets go of the directory: the widget may be suspended
    // end snippet
  }
}

@MainActor private func trackersDeliverySharingAQueueBetweenProcesses3(lifecycle: ApplicationLifecycle) {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md#3
    // Once, on the main thread, when the extension's view controller loads:
    lifecycle.launched()
    lifecycle.observeExtensionHostNotifications()
    // When the user has shared, before extensionContext?.completeRequest(returningItems:completionHandler:):
    await lifecycle.enteredBackground()
    // end snippet
  }
}

private func trackersDeliverySharingAQueueBetweenProcesses4(lifecycle: ApplicationLifecycle) {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/SharingAQueueBetweenProcesses.md#4
    // At the end of the background task, or of the extension's work:
    await lifecycle.enteredBackground()   // flushes, then lets go: the process may be suspended now
    // In the background task's expiration handler, which must return at once:
    lifecycle.backgroundTimeExpired()
    // When it runs again, before it tracks:
    lifecycle.enteredForeground()
    // end snippet
  }
}
