// The Swift blocks of Sources/Trackers/Documentation.docc/WritingATrackerModule.md that use the kit alone (a
// Countly module, sketched): see DocSnippetTests.swift. The blocks that use TelemetryDeckTracker compile in
// Examples/TelemetryDeckTracker/Tests/TelemetryDeckTrackerTests/DocSnippets.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// The vendor-shaped event of the article's Countly module.
enum CountlyEvent: VendorEvent {
  case event(key: String, segmentation: [String: String])
  case userId(String?)
  case unsupported(kind: String)

  static var vendorModule: VendorModule { countlyModule }

  var description: String {
    switch self {
    case let .event(key, _): "event \(key)"
    case let .userId(userId): "userId \(userId ?? "nil")"
    case let .unsupported(kind): kind
    }
  }
}

let countlyModule = VendorModule(
  name: "CountlyTracker", vendor: "Countly", configuration: #"CountlyTracker.Current = try .live(.init(appKey: "<key>"))"#)

/// What the article's Countly module is configured with.
struct CountlyConfiguration {
  var host = URL(string: "https://countly.example.com")!
  var appKey: String
  var options: DeliveryOptions
}

private func writingATrackerModule7() {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#7
    let storage = DeliveryConfiguration.defaultDirectory(for: "Countly")  // Application Support/<bundle id>/Countly
    var options = DeliveryOptions(storageDirectory: storage, maxEventsPerRequest: 100)
    // end snippet
    options.flushInterval = .seconds(60)
  }
}

// snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#8
struct CountlyDestination: DeliveryDestination {
  var name: String { "Countly" }  // the name apps give their consent store
  let host: URL
  let appKey: String
  let limits: BatchLimits
  // The key travels in the form body: redacted in every description, report and error.
  var secretParameters: Set<String> { ["app_key"] }

  init(host: URL, appKey: String, options: DeliveryOptions) {
    (self.host, self.appKey) = (host, appKey)
    // At most 100 records and 1 MB a request: the form's names and the key (the envelope), then each
    // record percent-encoded, as the queue measures it, with its encoded "," (%2C).
    limits = options.batchLimits(
      maxEvents: 100, maxBytes: 1_000_000, envelopeBytes: 64 + appKey.utf8.count, recordBytes: .percentEncodedPlusSeparator)
  }

  func makeRequest(for batch: Batch) throws -> HTTPRequest {
    var json: [UInt8] = [UInt8(ascii: "[")]
    for (index, record) in batch.records.enumerated() {
      if index > 0 { json.append(UInt8(ascii: ",")) }
      json += record.payload
    }
    json.append(UInt8(ascii: "]"))
    let requests = String(decoding: json, as: UTF8.self).addingPercentEncoding(withAllowedCharacters: .alphanumerics)
    return HTTPRequest(
      url: host.appendingPathComponent("i/bulk"), headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("app_key=\(appKey)&requests=\(requests ?? "")".utf8))
  }

  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    .standard(for: response)  // 2xx delivered, 429 and 5xx retried with Retry-After, other 4xx dropped
  }
}
// end snippet

/// One Countly request of the sketch: `{"device_id": ..., "timestamp": ..., "events": [...]}`.
func countlyRequest(deviceId: String, at date: Date, events: [PropertyValue] = [], extra: [String: PropertyValue] = [:])
  -> [UInt8]
{
  let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
  var object: [String: PropertyValue] = ["device_id": .string(deviceId), "timestamp": .double(milliseconds)]
  if !events.isEmpty { object["events"] = .array(events) }
  object.merge(extra) { $1 }
  var bytes: [UInt8] = []
  VendorJSON.append(.object(object), sortedKeys: true, to: &bytes)
  return bytes
}

// snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#9
struct CountlySession: Sendable {
  var began: Date?
}

extension VendorEnvironment where Event == CountlyEvent {
  static func live(_ configuration: CountlyConfiguration) throws -> Self {
    let now = configuration.options.now
    // The module's own state, under the kit's lock: no NSLock, no @unchecked Sendable.
    let session = ModuleState(CountlySession())
    let destination = CountlyDestination(host: configuration.host, appKey: configuration.appKey, options: configuration.options)
    return try live(
      options: configuration.options, destination: destination,
      // Cached per identity and context, never per event: Countly's device_id.
      derive: { identity, _ in identity.userId ?? identity.anonymousId }
    ) { delivery in
      // Countly's SDKs end the session on the way to the background.
      // What the handler returns is queued (if consent allows), and goes with that trip's flush.
      delivery.onLifecycle { change in
        guard case .enteredBackground(let date) = change,
          let began = session.withLock({ state in defer { state.began = nil }; return state.began })
        else { return [] }
        let duration = PropertyValue.double(max(0, date.timeIntervalSince(began)).rounded())
        let end = countlyRequest(deviceId: delivery.current.derived, at: date, extra: ["end_session": 1, "session_duration": duration])
        return [VendorRecord(payload: end, id: RecordID())]
      }
      return { event in  // on the caller's thread: encode, and return the event's one fate
        switch event {
        case let .event(key, segmentation):
          let date = now()
          let begins = session.withLock { state in defer { state.began = state.began ?? date }; return state.began == nil }
          let deviceId = delivery.current.derived
          let payload = PropertyValue.object(["key": .string(key), "count": 1, "segmentation": .object(segmentation.mapValues(PropertyValue.string))])
          var records = [VendorRecord(payload: countlyRequest(deviceId: deviceId, at: date, events: [payload]), id: RecordID())]
          if begins { records.insert(VendorRecord(payload: countlyRequest(deviceId: deviceId, at: date, extra: ["begin_session": 1]), id: RecordID()), at: 0) }
          return delivery.fate(queueing: records)  // one event, however many records
        case let .userId(userId):
          // A sign-out keeps the device; another user gets a new anonymous id (`signingIn` decides).
          return delivery.identityUpdate { identity in
            identity = identity.signingIn(userId, newAnonymousId: { RecordID().uuidString })
            return []  // or the ValidationIssues that refuse the change
          }
        case let .unsupported(kind):
          return .unsupported(kind: kind)  // counted under TrackerCounters.unsupportedByKind
        }
      }
    }
  }
}
// end snippet

@Suite struct WritingATrackerModuleTests {
  // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#10
  @Test func anEventIsOneCountlyRequestInTheForm() async throws {
    let storage = try TemporaryStorage()
    let transport = ScriptedTransport()
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 100)
    options.transport = transport
    options.now = { Date(timeIntervalSince1970: 1_793_817_970) }
    options.delivery = TestDelivery.fastRetries
    let environment = try VendorEnvironment<CountlyEvent>.live(CountlyConfiguration(appKey: "key", options: options))
    environment.send(.event(key: "Opened", segmentation: ["plan": "pro"]))
    await environment.deliverPending()
    let requests = try #require(try transport.requests.first?.json(inFormField: "requests").arrayValue)
    #expect(requests.map { $0["begin_session"] } == [1, nil])  // the session's first event begins it
    #expect(requests[1]["events"]?.arrayValue?.first?["segmentation"] == ["plan": "pro"])
  }
  // end snippet
}
