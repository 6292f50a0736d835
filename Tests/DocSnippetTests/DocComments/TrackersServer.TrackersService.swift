// The Swift blocks of the doc comments of TrackersService, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import PostHogTracker
import TrackersServer

private func trackersServices() {
  compile {
    // snippet: Sources/TrackersServer/TrackersService.swift#1
    let trackers = TrackersService(
      .vendor(MixpanelTracker.Current), .vendor(PostHogTracker.Current),
      shutdownTimeout: .seconds(10),
      onShutdown: { summary in print(summary) }
    )
    // end snippet
    _ = trackers
  }
}

private func runningAService(trackers: TrackersService) {
  compile {
    // snippet: Sources/TrackersServer/TrackersService.swift#2
    let running = Task { try await trackers.run() }
    // ... on SIGTERM:
    running.cancel()
    try await running.value
    // end snippet
  }
}
