import Foundation
import TelemetryDeckTracker
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// An app ID in the form the dashboard shows.
let appID = "B97579B6-FFB8-4AC5-AAA7-DA5796CC5DCE"

/// 2026-11-04T18:46:10.123Z, in milliseconds: Paris is at UTC+1 then.
let start = 1_793_817_970_123
/// The same instant as a date.
let startDate = Date(timeIntervalSince1970: Double(start) / 1_000)

/// A date property value: 2023-11-14T22:13:20.000Z.
let propertyDate = Date(timeIntervalSince1970: 1_700_000_000)

let minute = 60_000

/// The payload `TrackingContext.fixture` puts on every signal, under the SDK's names and in its formats.
let fixturePayload: [String: PropertyValue] = [
  "TelemetryDeck.SDK.name": "swift-trackers",
  "TelemetryDeck.SDK.version": "0.8.0",
  "TelemetryDeck.Device.operatingSystem": "iOS",
  "TelemetryDeck.Device.systemVersion": "iOS 18.1.0",
  "TelemetryDeck.Device.modelName": "iPhone17,3",
  "TelemetryDeck.Device.timeZone": "UTC+1",
  "TelemetryDeck.Device.screenResolutionWidth": "393.0",
  "TelemetryDeck.Device.screenResolutionHeight": "852.0",
  "TelemetryDeck.AppInfo.version": "2.1.0",
  "TelemetryDeck.AppInfo.buildNumber": "142",
  "TelemetryDeck.RunContext.locale": "fr_FR",
]

/// A live configuration for one test: its own storage, the scripted transport, the test's clock, a pinned
/// context, test mode on, the queue on a virtual clock (`queueClock`: the module's own backoff, taking no
/// wall time), and only `flush()` sends.
func liveConfiguration(
  storage: TemporaryStorage, transport: ScriptedTransport, clock: TestClock,
  context: TrackingContext = .fixture, queueClock: VirtualQueueClock = VirtualQueueClock(seed: 1, date: startDate)
) -> TelemetryDeckConfiguration {
  var configuration = TelemetryDeckConfiguration(appID: appID, storageDirectory: storage.url)
  configuration.testMode = true
  configuration.transport = transport
  configuration.now = { clock.now }
  configuration.context = ContextProvider(context)
  configuration.flushInterval = .seconds(3_600)
  configuration.queueClock = queueClock
  return configuration
}

/// The identity the live environment keeps in `identity.json`: its anonymous id and user id now.
func storedIdentity(in storage: TemporaryStorage) throws -> IdentityStore<Int>.Identity {
  let data = try Data(contentsOf: storage.url.appendingPathComponent("identity.json"))
  return try JSONDecoder().decode(IdentityStore<Int>.Identity.self, from: data)
}

/// Every signal the transport received, in order.
func sentSignals(_ transport: ScriptedTransport) throws -> [PropertyValue] {
  try transport.requests.flatMap { try $0.json().arrayValue ?? [] }
}

/// The 48-bit Unix time in milliseconds of a version 7 UUID; `nil` for anything else.
func version7Milliseconds(_ id: String?) -> Int? {
  // Read from the canonical string, as an outside module sees an id: the version is digit 13 (index 14, past
  // two dashes), the variant digit 17 (index 19), the time the first 12 digits.
  guard let id, let uuid = RecordID(uuidString: id) else { return nil }
  let text = Array(uuid.uuidString)
  guard text[14] == "7", "89ab".contains(text[19]) else { return nil }
  return Int(String(text[0..<8] + text[9..<13]), radix: 16)
}
