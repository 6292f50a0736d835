// The Swift blocks of Sources/Trackers/Documentation.docc/ContextSessionsAndLifecycle.md, compiled:
// see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import MixpanelTracker
import Testing
import SegmentTracker
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersContextSessionsAndLifecycle1(token: String) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/ContextSessionsAndLifecycle.md#1
    // At launch: what the system tells, with what the app knows better.
    let context = ContextProvider.live { $0.app.name = "Shop" }
    var mixpanel = MixpanelConfiguration(projectToken: token)
    mixpanel.context = context
    MixpanelTracker.Current = try .live(mixpanel)
    // end snippet
  }
}

private func trackersContextSessionsAndLifecycle2(storage: URL) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/ContextSessionsAndLifecycle.md#2
    var configuration = AmplitudeConfiguration(apiKey: "k", storageDirectory: storage)
    configuration.context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    // end snippet
    _ = configuration
  }
}

@MainActor private func trackersContextSessionsAndLifecycle3(key: String, storage: URL) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/ContextSessionsAndLifecycle.md#3
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)   // the app's version and build: Bundle.main
    var amplitude = AmplitudeConfiguration(apiKey: key)
    amplitude.lifecycle = lifecycle
    AmplitudeTracker.Current = try .live(amplitude)

    lifecycle.launched(tracking: combine(amplitudeTracker, segmentTracker))  // Installed or Updated, then Opened
    lifecycle.observeApplicationNotifications()                              // Apple platforms: the rest
    // end snippet
  }
}

private func trackersContextSessionsAndLifecycle4(key: String) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/ContextSessionsAndLifecycle.md#4
    var segment = SegmentConfiguration(writeKey: key)
    segment.deployment = .server
    SegmentTracker.Current = try .live(segment)

    let subject = EventSubject(
      userId: "user-42", context: RequestContext(ip: "203.0.113.9", userAgent: "Mozilla/5.0", locale: "fr-FR"))
    withEventSubject(subject) {
      segmentTracker(.event(name: "Order Completed", properties: ["order_id": "o-1"]))
    }
    // end snippet
  }
}
