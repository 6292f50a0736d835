// The Swift blocks of Sources/PostHogTracker/Documentation.docc/PostHogTracker.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerPostHogTracker1() {
  compile {
    // snippet: Sources/PostHogTracker/Documentation.docc/PostHogTracker.md#1
    PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", host: .eu))
    postHogTracker(.screen(name: "Cart"))
    // end snippet
  }
}

private func postHogTrackerPostHogTracker2(consent: ConsentStore) {
  compile {
    // snippet: Sources/PostHogTracker/Documentation.docc/PostHogTracker.md#2
    PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", privacy: consent.registry))
    // end snippet
    _ = send
  }
}

private func postHogTrackerPostHogTracker3() {
  compile {
    // snippet: Sources/PostHogTracker/Documentation.docc/PostHogTracker.md#3
    var configuration = PostHogConfiguration(apiKey: "phc_...", host: .eu)
    configuration.personProfiles = .always  // profiles for anonymous users too, as before personProfiles
    PostHogTracker.Current = try .live(configuration)

    postHogTracker(.event(name: "Plan Changed", properties: ["$set": ["plan": "pro"], "$set_once": ["first_plan": "free"]]))
    postHogTracker(.event(name: "Health Check", properties: ["$process_person_profile": false]))
    // end snippet
  }
}

@MainActor private func postHogTrackerPostHogTracker4(storage: URL) {
  compile {
    // snippet: Sources/PostHogTracker/Documentation.docc/PostHogTracker.md#4
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = PostHogConfiguration(apiKey: "phc_...")
    configuration.lifecycle = lifecycle
    PostHogTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: postHogTracker)  // Application Installed/Updated, Application Opened
    lifecycle.observeApplicationNotifications()   // Apple platforms, on the main thread: the rest
    // end snippet
  }
}
