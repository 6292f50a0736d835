import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The live environment and its durable queue: over loopback HTTP to the collector for the requests Mixpanel
/// documents, through a scripted transport where the socket is not the point.
@Suite(.isolatedEnvironments)
struct LiveDeliveryTests {
  /// The queue\'s virtual clock: every retry\'s delay passes at once, exactly.
  let queueClock = VirtualQueueClock()

  /// The host of the tests that deliver to a scripted transport: no request ever leaves the process.
  static let host = URL(string: "https://mixpanel.invalid")!

  /// `/import`'s documented success, as the collector answers it by default.
  static let imported = ScriptedTransport.Reply.status(200, body: #"{"code":200,"num_records_imported":1,"status":"OK"}"#)

  let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.25)

  private func configuration(host: URL, storage: URL) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(host), storageDirectory: storage)
    configuration.flushInterval = .seconds(3600)
    configuration.now = { [fixedDate] in fixedDate }
    configuration.queueClock = queueClock  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture  // nothing read from the machine
    return configuration
  }

  private func configuration(_ transport: ScriptedTransport, storage: URL) -> MixpanelConfiguration {
    var configuration = configuration(host: Self.host, storage: storage)
    configuration.transport = transport
    return configuration
  }

  /// Runs `body` with a live `Current` delivering to `host` through `transport` (`nil`: over HTTP), then
  /// flushes, closes and returns the counters.
  private func run(
    _ transport: ScriptedTransport?, host: URL = Self.host, storage: URL = temporaryDirectory(),
    _ body: () async throws -> Void
  ) async throws -> TrackerCounters {
    var configuration = configuration(host: host, storage: storage)
    if let transport { configuration.transport = transport }
    Current = try .live(configuration)
    try await body()
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    return counters
  }

  @Test func importAndEngageRequestsAsMixpanelDocuments() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    let counters = try await run(nil, host: collector.baseURL, storage: storage) {
      mixpanelTracker(.event(name: "Signed Up", properties: ["plan": "pro", "seats": 5, "price": 9.5, "at": .date(fixedDate)]))
      mixpanelTracker(.userId("user-42"))
      mixpanelTracker(.screen(name: "Cart"))
      mixpanelTracker(.userProperty(name: "plan", value: "pro"))
    }
    #expect(counters.delivery.delivered == 3)
    let identity = try JSONDecoder().decode(
      IdentityStore<String>.Identity.self, from: Data(contentsOf: storage.appendingPathComponent("identity.json")))
    let device = PropertyValue.string(identity.anonymousId)
    let requests = try await collector.requests()
    let imports = requests.filter { $0.path == "/import" }
    let engages = requests.filter { $0.path == "/engage" }
    try #require(imports.count == 1 && engages.count == 1)
    for request in requests {
      #expect(request.method == "POST")
      #expect(request.header("Authorization") == "Basic " + Data("tok123:".utf8).base64EncodedString())
      #expect(request.header("Content-Type") == "application/json")
    }
    #expect(imports[0].queryItems == ["strict": "1", "ip": "0"])  // ip=0: no location from the request IP
    #expect(engages[0].queryItems == ["verbose": "1", "ip": "0"])
    let events = try #require(try imports[0].json().arrayValue)
    let insertIds = events.compactMap { $0["properties"]?["$insert_id"]?.stringValue }
    #expect(insertIds.count == 2 && insertIds.allSatisfy { $0.count == 36 } && Set(insertIds).count == 2)
    // The context's properties, from TrackingContext.fixture, as mixpanel-swift names them (ContextTests
    // covers each one).
    let context: [String: PropertyValue] = [
      "mp_lib": "swift-trackers", "$lib_version": "0.8.0", "$os": "iOS", "$os_version": "18.1",
      "$model": "iPhone17,3", "$manufacturer": "Apple", "$app_version_string": "2.1.0", "$app_build_number": "142",
      "$screen_width": 393, "$screen_height": 852,
    ]
    let signedUp: [String: PropertyValue] = [
      "plan": "pro", "seats": 5, "price": 9.5, "at": "2023-11-14T22:13:20.250Z", "time": 1_700_000_000_250,
      "distinct_id": .string("$device:\(identity.anonymousId)"), "$device_id": device,
      "$insert_id": .string(insertIds[0]),
    ]
    let screenViewed: [String: PropertyValue] = [
      "Screen Name": "Cart", "time": 1_700_000_000_250, "distinct_id": "user-42", "$device_id": device,
      "$user_id": "user-42", "$insert_id": .string(insertIds[1]),
    ]
    // No key is in both (a shared one would become null and fail the comparison).
    #expect(try imports[0].json() == [
      ["event": "Signed Up", "properties": .object(signedUp.merging(context) { _, _ in .null })],
      ["event": "Screen Viewed", "properties": .object(screenViewed.merging(context) { _, _ in .null })],
    ])
    #expect(try engages[0].json() == [["$token": "tok123", "$distinct_id": "user-42", "$set": ["plan": "pro"]]])
  }

  /// `Current.sync()` is the queue's: it forces what is pending to stable storage, and it stays pending (the
  /// send gate is closed, so nothing goes out) until the next sender sends it.
  @Test func syncKeepsThePendingEventsQueued() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    let storage = temporaryDirectory()
    var configuration = configuration(transport, storage: storage)
    configuration.delivery = { $0.shouldSend = { false } }
    Current = try .live(configuration)
    mixpanelTracker("Signed Up")
    mixpanelTracker("Order Completed")
    try Current.sync()
    #expect(Current.counters().delivery.pendingEvents == 2)
    await Current.close(nil)
    #expect(transport.requests.isEmpty)
    // The next live environment on the directory sends what the first one synced.
    Current = try .live(self.configuration(transport, storage: storage))
    await Current.deliverPending()
    #expect(Current.counters().delivery.delivered == 2)
    await Current.close(nil)
  }

  @Test func tenThousandEventsInRequestsOfAtMost2000() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    // Sending waits until every event is queued: otherwise the sender, woken by the first 2000, may find a
    // partial batch behind them while events are still arriving, and the request count depends on timing.
    let mayStart = LockIsolated(false)
    var configuration = configuration(transport, storage: temporaryDirectory())
    configuration.delivery = { $0.shouldSend = { mayStart.current } }
    Current = try .live(configuration)
    for index in 0..<10_000 { mixpanelTracker(.event(name: "Tick", properties: ["index": .int(index)])) }
    mayStart.current = true
    // Not one flush(): a sender that read the gate closed just before it opened lets that flush return
    // before sending. deliverPending() flushes until nothing is pending.
    await Current.deliverPending()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.delivery.delivered == 10_000)
    let requests = transport.requests
    #expect(requests.count == 5)
    // `/import` requests may be on their way several at once and arrive in any order (their events carry
    // `time` and `$insert_id`): each holds a run of events in order, and together they hold each event once.
    var runs: [[Int]] = []
    for request in requests {
      #expect(request.body.count <= 2_000_000)
      // JSONSerialization here: decoding 10,000 events into PropertyValue is slow, and only indices matter.
      let events = try JSONSerialization.jsonObject(with: Data(request.body)) as? [[String: Any]] ?? []
      runs.append(events.compactMap { ($0["properties"] as? [String: Any])?["index"] as? Int })
    }
    #expect(runs.sorted { ($0.first ?? 0) < ($1.first ?? 0) }.joined().elementsEqual(0..<10_000))
  }

  @Test func partialSuccessDropsOnlyTheFailedRecords() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    transport.script(
      .status(400, body: #"{"code":400,"num_records_imported":2,"status":"Bad Request","failed_records":[{"index":1,"insert_id":"x","field":"properties.time","message":"'properties.time' is invalid"}]}"#)
    )
    let counters = try await run(transport) {
      for name in ["A", "B", "C"] { mixpanelTracker(.event(name: name)) }
    }
    #expect(counters.delivery.delivered == 2)
    #expect(counters.delivery.dropped(.rejected) == 1)
    #expect(transport.requests.count == 1)  // a 400 is never resent
  }

  @Test func rateLimitsAreRetriedAndBadCredentialsDropped() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    transport.script(
      .status(429, headers: ["Retry-After": "5"]), .status(503),
      .status(200, body: #"{"code":200,"num_records_imported":1,"status":"OK"}"#)
    )
    let counters = try await run(transport) {
      mixpanelTracker("Retried")
      // Flushes through the two retries on virtual time until the 200 delivers it: the 429's 5 s, then the
      // 503's backoff, jittered under 4 s (Mixpanel's base of 2 s, doubled for the second failure).
      #expect(await Current.deliverPending().delivery.delivered == 1)
      #expect(queueClock.elapsed >= .seconds(5) && queueClock.elapsed <= .seconds(9), "\(queueClock.elapsed)")
      transport.script(.status(401, body: #"{"error":"Invalid credentials"}"#))
      mixpanelTracker("Refused")
    }
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.dropped(.permanentFailure) == 1)
    #expect(transport.requests.count == 4)
  }

  @Test func tooLargeIsSplit() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    transport.script(.status(413))
    let counters = try await run(transport) {
      for index in 0..<4 { mixpanelTracker(.event(name: "E", properties: ["i": .int(index)])) }
    }
    #expect(counters.delivery.delivered == 4)
    let sizes = try transport.requests.map { try parseJSON($0.body).arrayValue?.count ?? 0 }
    #expect(sizes == [4, 2, 2])
  }

  @Test func engageStatusZeroIsDroppedWithTheReason() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    transport.script(.status(200, body: #"{"status":0,"error":"$set must be an object"}"#))
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, storage: temporaryDirectory())
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    mixpanelTracker(.userProperty(name: "plan", value: "pro"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.delivery.dropped(.permanentFailure) == 1)
    #expect(reports.events.contains { $0.description.contains("$set must be an object") })
    #expect(!reports.events.map(\.description).joined().contains("tok123"))
  }

  /// The one channel, through the module's own tracker: an invalid event and the queue's drop both reach
  /// the configuration's `onReport`, each once, and the handler replaces the default issue.
  @Test func anInvalidEventAndADropReachTheOneHandler() async throws {
    let transport = ScriptedTransport(answering: .status(400, body: #"{"error":"bad"}"#))
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, storage: temporaryDirectory())
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    let issues = await collectingIssues {
      mixpanelTracker(.event(name: "", properties: [:]))
      mixpanelTracker("Lost")
      await Current.flush()
    }
    await Current.close(nil)
    #expect(issues.isEmpty, "\(issues)")
    let invalid = reports.events.compactMap { report -> [String]? in
      guard case let .invalidEvent(found) = report.kind else { return nil }
      return found.map(\.rule)
    }
    #expect(invalid.count == 1 && invalid.first?.isEmpty == false, "\(reports.events)")
    let drops = reports.events.filter { report in
      guard case let .delivery(delivery) = report.kind, case .dropped = delivery else { return false }
      return report.module == "MixpanelTracker" && report.vendor == "Mixpanel"
    }
    #expect(drops.count == 1, "\(reports.events)")
  }

  /// Issue 38, item 2: a sign-out keeps the `$device_id` (the device stays) and stops sending `$user_id`;
  /// `.reset`, mixpanel-swift's `reset()`, starts a new `$device_id`.
  @Test func signOutKeepsTheDeviceIdAndResetMakesANewOne() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    let counters = try await run(transport) {
      mixpanelTracker("Before")
      mixpanelTracker(.userId("user-1"))
      mixpanelTracker("In")
      mixpanelTracker(.userId(nil))
      mixpanelTracker("Out")
      mixpanelTracker(.reset)
      mixpanelTracker("After Reset")
    }
    let events = try #require(try transport.requests.first.map { try parseJSON($0.body) }?.arrayValue)
    #expect(events.map { $0["event"] } == ["Before", "In", "Out", "After Reset"])
    let devices = events.map { $0["properties"]?["$device_id"]?.stringValue }
    let device = try #require(devices[0])
    #expect(devices[1] == device && devices[2] == device)
    #expect(events[1]["properties"]?["$user_id"] == "user-1")
    #expect(events[2]["properties"]?["distinct_id"]?.stringValue == "$device:\(device)")
    #expect(events[2]["properties"]?["$user_id"] == nil)
    let reset = try #require(devices[3])
    #expect(reset != device)
    #expect(events[3]["properties"]?["distinct_id"]?.stringValue == "$device:\(reset)")
    #expect(events[3]["properties"]?["$user_id"] == nil)
    #expect(counters.identityUpdates == 3)
  }

  @Test func signingOutTwiceChangesNothing() async throws {
    let transport = ScriptedTransport(answering: Self.imported)
    let counters = try await run(transport) {
      mixpanelTracker(.userId("user-1"))
      mixpanelTracker(.userId(nil))
      mixpanelTracker("First")
      mixpanelTracker(.userId(nil))
      mixpanelTracker("Second")
    }
    let events = try #require(try transport.requests.first.map { try parseJSON($0.body) }?.arrayValue)
    let devices = events.map { $0["properties"]?["$device_id"]?.stringValue }
    #expect(devices.count == 2 && devices[0] != nil && devices[0] == devices[1])
    #expect(events.allSatisfy { $0["properties"]?["$user_id"] == nil })
    #expect(counters.identityUpdates == 3)
    #expect(counters.delivery.enqueued == 2)
  }
}
