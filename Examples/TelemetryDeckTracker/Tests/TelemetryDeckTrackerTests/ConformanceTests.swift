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
  map: telemetryDeckSignal(for:),
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

/// The same module behind a proxy whose key travels in `App-Key`, a header the destination declares
/// secret: the key is the secret that must never show.
let telemetryDeckBehindProxy: TrackerModuleDescription<TelemetryDeckEvent> = {
  var module = telemetryDeckModule
  module.secret = "proxy-key-5c1e7a"
  module.live = { apply in
    var configuration = TelemetryDeckConfiguration(appID: appID, salt: "salt-0f8c2d6e9b")
    configuration.baseURL = URL(string: "https://proxy.telemetrydeck.test")!
    configuration.proxyKey = "proxy-key-5c1e7a"
    apply(&configuration.options)
    return try .live(configuration)
  }
  return module
}()

@Suite struct ProxyKeyTests {
  @Test func theProxyKeyIsSentAndNeverShown() async {
    let result = await ConformanceRequirement.keepsSecretsOutOfDescriptions.check(telemetryDeckBehindProxy)
    #expect(result.passed, "\(result)")
  }

  @Test func theProxyKeyTravelsInItsHeader() throws {
    var configuration = TelemetryDeckConfiguration(appID: appID)
    configuration.proxyKey = "proxy-key-5c1e7a"
    let request = try TelemetryDeckDestination(configuration).makeRequest(for: Batch(records: [], partition: ""))
    // Shown nowhere once a queue declared the header (the conformance check above); sent as it is.
    #expect(request.headers["App-Key"] == "proxy-key-5c1e7a")
    #expect(!configuration.description.contains("proxy-key-5c1e7a"))
    #expect(TelemetryDeckDestination(TelemetryDeckConfiguration(appID: appID)).secretHeaders == ["App-Key"])
  }
}
