import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// TelemetryDeck as the conformance suite sees it: a JSON array of signals; no dedup id (the SDK's
/// `SignalPostBody` has none, so retries and splits are checked on the signals themselves); no partial
/// success; `clientUser`, the
/// hash of the anonymous id while signed out, as the anonymous id. TelemetryDeck has no api key: the secret
/// that must never show is the salt of the user hashes.
let telemetryDeckModule = TrackerModuleDescription<TelemetryDeckEvent>(
  name: "TelemetryDeckTracker", consentDestination: "TelemetryDeck",
  maxEventsPerRequest: TelemetryDeckLimits.signalsPerRequest, maxBytesPerRequest: TelemetryDeckLimits.requestBytes,
  secret: "salt-0f8c2d6e9b",
  live: { apply in
    var configuration = TelemetryDeckConfiguration(appID: appID, salt: "salt-0f8c2d6e9b")
    configuration.baseURL = URL(string: "https://telemetrydeck.test")!
    apply(&configuration.options)
    return try .live(configuration)
  },
  event: { .signal(type: "Conformance", payload: ["seq": String($0)], floatValue: nil) },
  events: { try $0.json().arrayValue ?? [] },
  dedupId: nil,
  anonymousIds: { request in try (request.json().arrayValue ?? []).compactMap { $0["clientUser"]?.stringValue } },
  // What the ingest server answers an unknown app ID is not documented; 401 is the SDK's `unauthorised`.
  credentialError: .status(401, body: #"{"reason": "unknown app"}"#)
)

@Suite struct ConformanceTests {
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(telemetryDeckModule)
    #expect(result.passed, "\(result)")
  }
}
