// The Swift blocks of Sources/TrackersDelivery/Documentation.docc/UsingSwiftTrackersOnAServer.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Trackers
import TrackersDelivery
import TrackersServer

private func trackersDeliveryUsingSwiftTrackersOnAServer1(key: String) {
  compile {
    // snippet: Sources/TrackersDelivery/Documentation.docc/UsingSwiftTrackersOnAServer.md#1
    var posthog = PostHogConfiguration(apiKey: key)
    posthog.deployment = .server
    posthog.delivery = { delivery in
      delivery.storage = .memory(maxEvents: 100_000, maxBytes: 64 << 20)
      delivery.maxRequestsInFlight = 8
    }
    PostHogTracker.Current = try .live(posthog)
    // end snippet
  }
}

// snippet: Sources/TrackersDelivery/Documentation.docc/UsingSwiftTrackersOnAServer.md#2
func orderPlaced(_ order: StandardEvent.Order, by userId: String, ip: String?, userAgent: String?) {
  let subject = EventSubject(userId: userId, context: RequestContext(ip: ip, userAgent: userAgent))
  withEventSubject(subject) {
    postHogTracker(.standard(.orderCompleted(order)))
  }
}
// end snippet

// snippet: Sources/TrackersDelivery/Documentation.docc/UsingSwiftTrackersOnAServer.md#4
func serve(until stop: AsyncStream<Void>) async throws {
  let trackers = TrackersService(.vendor(PostHogTracker.Current), shutdownTimeout: .seconds(10)) { summary in
    print(summary)
  }
  let running = Task { try await trackers.run() }
  for await _ in stop { break }
  running.cancel()
  try await running.value
}
// end snippet
