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
  let milliseconds = Int(exactly: (date.timeIntervalSince1970 * 1_000).rounded(.down)) ?? 0
  var object: [String: PropertyValue] = ["device_id": .string(deviceId), "timestamp": .int(milliseconds)]
  if !events.isEmpty { object["events"] = .array(events) }
  object.merge(extra) { $1 }
  var bytes: [UInt8] = []
  VendorJSON.append(.object(object), sortedKeys: true, to: &bytes)
  return bytes
}

// snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#9
struct CountlySession: Sendable {
  /// Whose session runs: its end and its heartbeats go to the device it began with.
  var deviceId: String?
  /// The begin or the last `session_duration`: what the next one counts from.
  var lastReport = Date.distantPast

  /// Begins a session for `deviceId` unless one runs; whether it began.
  mutating func begin(_ deviceId: String, at date: Date) -> Bool {
    guard self.deviceId == nil else { return false }
    (self.deviceId, lastReport) = (deviceId, date)
    return true
  }

  /// The running session's device and its whole seconds since the last report (the rest counts in the
  /// next, as the SDK's `unsentSessionLength`); `ends` ends the session.
  mutating func report(at date: Date, ends: Bool) -> (deviceId: String, seconds: Int)? {
    guard let deviceId else { return nil }
    let seconds = Int(exactly: max(0, date.timeIntervalSince(lastReport)).rounded(.down)) ?? 0
    lastReport += TimeInterval(seconds)
    if ends { self.deviceId = nil }
    return (deviceId, seconds)
  }
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
      // Countly's SDKs send the session's duration every 60 seconds in the foreground...
      delivery.onHeartbeat(every: .seconds(60)) { date in
        guard let (deviceId, seconds) = session.withLock({ $0.report(at: date, ends: false) }) else { return [] }
        return [VendorRecord(payload: countlyRequest(deviceId: deviceId, at: date, extra: ["session_duration": .int(seconds)]), id: RecordID())]
      }
      // ...and end the session on the way to the background: queued if consent allows, sent with that
      // trip's flush, under the device the session began with.
      delivery.onLifecycle { change in
        guard case .enteredBackground(let date) = change,
          let (deviceId, seconds) = session.withLock({ $0.report(at: date, ends: true) })
        else { return [] }
        let end = countlyRequest(deviceId: deviceId, at: date, extra: ["end_session": 1, "session_duration": .int(seconds)])
        return [VendorRecord(payload: end, id: RecordID())]
      }
      return { event in  // on the caller's thread: encode, and return the event's one fate
        switch event {
        case let .event(key, segmentation):
          let date = now()
          let deviceId = delivery.current.derived  // a server's subject's, under an EventSubject
          // A subject's event is not the device's: it begins no session of the device's.
          let begins = EventSubject.current == nil && session.withLock { $0.begin(deviceId, at: date) }
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

private func writingATrackerModule10() {
  // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#10
  let rules = SessionRules(
    timeout: .seconds(30 * 60),          // ends after this long without an event or a transition
    maxLength: .seconds(24 * 60 * 60),   // and this long after it began, however active (nil: no limit)
    idUnit: .seconds,                    // the numeric id is the start in seconds (or .milliseconds)
    makesUUID: true,                     // each session also gets a version 7 UUID
    continuesInForeground: true,         // time in the foreground is activity (needs the lifecycle)
    endsWhenUserChanges: false,          // a sign-in or sign-out keeps the session
    endsWhenAnonymousIdChanges: true     // a reset, or another user, begins a new one
  )

  func sessionFields(_ stamp: VendorSession.Stamp) -> [String: PropertyValue] {
    var fields: [String: PropertyValue] = [
      "session_id": .int(stamp.id),                                    // VendorSession.Stamp.outOfSession (-1) under a subject
      "engagement_msec": .int(stamp.engagementMilliseconds),           // since the session's previous event (100 for its first)
      "session_start": .bool(stamp.isNew),                             // this event began it, at stamp.start
    ]
    if let uuid = stamp.uuid { fields["session_uuid"] = .string(uuid) }
    if let ended = stamp.ended {                                       // the session this one replaced
      // Its ids, its last activity, and the identity it belonged to: after a reset, not this event's.
      fields["previous_session"] = .object([
        "id": .int(ended.id), "last_activity": .double(ended.lastActivity.timeIntervalSince1970),
        "device": .string(ended.userId ?? ended.anonymousId),
      ])
    }
    return fields
  }
  // end snippet
  _ = (rules, sessionFields)
}

@Suite struct WritingATrackerModuleTests {
  // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#11
  @Test func anEventIsOneCountlyRequestInTheForm() async throws {
    let storage = try TemporaryStorage()
    let transport = ScriptedTransport()
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 100)
    options.transport = transport
    options.now = { Date(timeIntervalSince1970: 1_793_817_970) }
    options.queueClock = VirtualQueueClock()
    let environment = try VendorEnvironment<CountlyEvent>.live(CountlyConfiguration(appKey: "key", options: options))
    environment.send(.event(key: "Opened", segmentation: ["plan": "pro"]))
    await environment.deliverPending()
    let requests = try #require(try transport.requests.first?.json(inFormField: "requests").arrayValue)
    #expect(requests.map { $0["begin_session"] } == [1, nil])  // the session's first event begins it
    #expect(requests[1]["events"]?.arrayValue?.first?["segmentation"] == ["plan": "pro"])
  }
  // end snippet
}

// snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#12
/// The Countly module on a scripted transport and a clock the test moves, every report kept.
struct CountlyTestBed {
  let storage: TemporaryStorage
  let transport = ScriptedTransport()
  let clock = TestClock(1_793_817_970_000)                 // milliseconds since 1970
  let reports = ModuleState<[TrackerReport]>([])
  let environment: VendorEnvironment<CountlyEvent>

  init() throws {
    storage = try TemporaryStorage()
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 100)
    options.transport = transport
    options.now = { [clock] in clock.now }                 // the module's clock
    options.flushInterval = .seconds(3_600)                // only flush() and deliverPending() send
    options.onReport = { [reports] report in reports.withLock { $0.append(report) } }
    environment = try .live(CountlyConfiguration(appKey: "key", options: options))
  }
}

@Test func eachRequestIsStampedOnTheModulesClock() async throws {
  let bed = try CountlyTestBed()
  bed.environment.send(.event(key: "Opened", segmentation: [:]))
  bed.clock.advance(milliseconds: 1_500)
  bed.environment.send(.event(key: "Paid", segmentation: [:]))
  bed.environment.send(.unsupported(kind: "screen"))      // counted, and reported to onReport
  await bed.environment.deliverPending()
  let requests = try bed.transport.requests.flatMap { try $0.json(inFormField: "requests").arrayValue ?? [] }
  #expect(requests.map { $0["timestamp"] } == [1_793_817_970_000, 1_793_817_970_000, 1_793_817_971_500])
  let unsupported = bed.reports.current.filter { if case .unsupportedKind("screen") = $0.kind { true } else { false } }
  #expect(unsupported.count == 1)
}
// end snippet

// snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#13
@Test func aSessionReportsItsDurationEveryMinuteInTheForeground() async throws {
  let storage = try TemporaryStorage()
  let transport = ScriptedTransport()
  let clock = VirtualQueueClock(date: Date(timeIntervalSince1970: 1_793_817_970))
  let lifecycle = ApplicationLifecycle(storageDirectory: nil, now: { clock.date }, relinquishesStorageInBackground: false)
  var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 100)
  options.transport = transport
  options.queueClock = clock                               // the queue's waits, and the heartbeats
  options.now = { clock.date }                             // the module's clock: the same line
  options.lifecycle = lifecycle
  let environment = try VendorEnvironment<CountlyEvent>.live(CountlyConfiguration(appKey: "key", options: options))
  lifecycle.launched()
  environment.send(.event(key: "Opened", segmentation: [:]))  // begins the session
  clock.advance(by: .seconds(180))                           // three heartbeats
  await lifecycle.enteredBackground()                         // the session's end, with that trip's flush
  clock.advance(by: .seconds(600))                           // none in the background
  await environment.deliverPending()
  let requests = try transport.requests.flatMap { try $0.json(inFormField: "requests").arrayValue ?? [] }
  #expect(requests.compactMap { $0["session_duration"] } == [60, 60, 60, 0])
  #expect(requests.last?["end_session"] == 1)
  #expect(clock.elapsed == .seconds(780))                    // deliverPending moved it no further
}
// end snippet
