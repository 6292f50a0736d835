import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// GA4 as the conformance suite sees it: Measurement Protocol requests of up to 25 events for one
/// `client_id`; GA4 has no dedup id and no partial success.
let googleAnalyticsModule = TrackerModuleDescription<GoogleAnalyticsEvent>(
  name: "GoogleAnalyticsTracker", consentDestination: GoogleAnalyticsConfiguration.consentDestination,
  maxEventsPerRequest: GoogleAnalyticsLimits.eventsPerRequest, maxBytesPerRequest: GoogleAnalyticsLimits.requestBytes,
  secret: "ga4-secret-api-key",
  live: { apply in
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-CONFORM", apiSecret: "ga4-secret-api-key", host: URL(string: "https://ga4.test")!)
    apply(&configuration.options)
    return try .live(configuration)
  },
  map: googleAnalyticsEvent(for:),
  events: { try $0.json()["events"]?.arrayValue ?? [] },
  dedupId: nil,
  anonymousIds: { request in [try request.json()["client_id"]?.stringValue].compactMap { $0 } },
  credentialError: .status(403, body: "Forbidden")
)

@Suite struct ConformanceTests {
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(googleAnalyticsModule)
    #expect(result.passed, "\(result)")
  }
}
