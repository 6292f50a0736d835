import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// PostHog as the conformance suite sees it: `/batch/` with `uuid`; no partial success.
let postHogModule = TrackerModuleDescription<PostHogEvent>(
  name: "PostHogTracker", consentDestination: PostHogConfiguration.consentDestination,
  maxEventsPerRequest: PostHogLimits.eventsPerRequest, maxBytesPerRequest: PostHogLimits.requestBytes,
  secret: "phc_secret_project_key",
  live: { apply in
    var configuration = PostHogConfiguration(apiKey: "phc_secret_project_key", host: .selfHosted(URL(string: "https://posthog.test")!))
    apply(&configuration.options)
    return try .live(configuration)
  },
  map: postHogEvent(for:),
  events: { try $0.json()["batch"]?.arrayValue ?? [] },
  dedupId: { $0["uuid"]?.stringValue },
  anonymousIds: { request in
    try (request.json()["batch"]?.arrayValue ?? []).compactMap { $0["properties"]?["distinct_id"]?.stringValue }
  },
  credentialError: .status(401, body: #"{"type": "authentication_error", "code": "invalid_api_key", "detail": "Project API key invalid."}"#)
)

@Suite struct ConformanceTests {
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(postHogModule)
    #expect(result.passed, "\(result)")
  }
}
