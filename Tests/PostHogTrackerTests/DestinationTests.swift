import PostHogTracker
import Testing
import Trackers

/// Where PostHog's requests go and what they carry, read without a network.
@Suite struct DestinationTests {
  @Test func hostsAndSecrets() {
    #expect(PostHogDestination(PostHogConfiguration(apiKey: "k")).url.absoluteString == "https://us.i.posthog.com/batch/")
    #expect(PostHogDestination(PostHogConfiguration(apiKey: "k", host: .eu)).url.absoluteString == "https://eu.i.posthog.com/batch/")
    #expect(!PostHogConfiguration(apiKey: "phc_secret_xyz").description.contains("phc_secret_xyz"))
  }
}
