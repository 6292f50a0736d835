import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Amplitude as the conformance suite sees it: HTTP V2 batches with `insert_id`, and 400's
/// `events_with_invalid_fields` as a partial success (Amplitude takes none of the batch; the rest is resent).
let amplitudeModule = TrackerModuleDescription<AmplitudeEvent>(
  name: "AmplitudeTracker", consentDestination: AmplitudeConfiguration.consentDestination,
  maxEventsPerRequest: AmplitudeLimits.eventsPerRequest, maxBytesPerRequest: AmplitudeLimits.requestBytes,
  secret: "amplitude-secret-key",
  live: { apply in
    var configuration = AmplitudeConfiguration(apiKey: "amplitude-secret-key", region: .custom(URL(string: "https://amplitude.test")!))
    configuration.sendsSessionEvents = false  // the suite counts the events it sends
    apply(&configuration.options)
    return try .live(configuration)
  },
  map: amplitudeEvent(for:),
  events: { try $0.json()["events"]?.arrayValue ?? [] },
  dedupId: { $0["insert_id"]?.stringValue },
  anonymousIds: { request in try (request.json()["events"]?.arrayValue ?? []).compactMap { $0["device_id"]?.stringValue } },
  partialSuccess: { _, rejected in
    HTTPResponse(statusCode: 400, body: Array(
      #"{"code": 400, "error": "Request missing required field", "events_with_invalid_fields": {"time": \#(rejected)}}"#.utf8))
  },
  credentialError: .status(400, body: #"{"code": 400, "error": "Invalid API key: amplitude-secret-key", "missing_field": "api_key"}"#)
)

@Suite struct ConformanceTests {
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(amplitudeModule)
    #expect(result.passed, "\(result)")
  }
}
