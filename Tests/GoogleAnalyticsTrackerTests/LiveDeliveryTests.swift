import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The live environment and its durable queue: over loopback HTTP to the collector for the request GA4
/// documents, through a scripted transport where the socket is not the point.
@Suite(.isolatedEnvironments)
struct LiveDeliveryTests {
  /// The queue\'s virtual clock: every retry\'s delay passes at once, exactly.
  let queueClock = VirtualQueueClock()

  /// The host of the tests that deliver to a scripted transport: no request ever leaves the process.
  static let host = URL(string: "https://ga4.invalid")!

  let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.25)

  private func configuration(_ transport: ScriptedTransport, storage: URL) -> GoogleAnalyticsConfiguration {
    var configuration = configuration(host: Self.host, storage: storage)
    configuration.transport = transport
    return configuration
  }

  private func configuration(host: URL, storage: URL) -> GoogleAnalyticsConfiguration {
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-TEST123", apiSecret: "s3cr+t", host: host, storageDirectory: storage)
    configuration.flushInterval = .seconds(3600)  // only flush() sends, so requests are deterministic
    configuration.now = { [fixedDate] in fixedDate }
    configuration.queueClock = queueClock  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture  // nothing read from the machine
    return configuration
  }

  @Test func requestHasThePathQueryHeadersAndBodyGA4Documents() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    Current = try .live(configuration(host: collector.baseURL, storage: storage))
    googleAnalyticsTracker(.userId("user-42"))
    googleAnalyticsTracker(.userProperty(name: "tier", value: "gold"))
    googleAnalyticsTracker(.userProperty(name: "seats", value: 5))
    googleAnalyticsTracker(.event(name: "purchase", properties: ["value": 9.99, "currency": "EUR", "count": 2, "at": .date(fixedDate)]))
    googleAnalyticsTracker(.screen(name: "Cart"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.delivery.delivered == 2)
    #expect(counters.identityUpdates == 3)

    let requests = try await collector.requests()
    try #require(requests.count == 1)
    let request = requests[0]
    #expect(request.method == "POST")
    #expect(request.path == "/mp/collect")
    #expect(request.queryItems == ["measurement_id": "G-TEST123", "api_secret": "s3cr+t"])
    #expect(request.header("Content-Type") == "application/json")

    let identity = try JSONDecoder().decode(
      IdentityStore<String>.Identity.self, from: Data(contentsOf: storage.appendingPathComponent("identity.json")))
    let micros = PropertyValue.int(1_700_000_000_250_000)
    #expect(try request.json() == [
      "client_id": .string(identity.anonymousId),
      "user_id": "user-42",
      "user_properties": ["seats": ["value": 5], "tier": ["value": "gold"]],
      // The web stream's device, from TrackingContext.fixture (ContextTests covers every field).
      "device": [
        "language": "fr-FR", "screen_resolution": "393x852", "operating_system": "iOS",
        "operating_system_version": "18.1", "model": "iPhone17,3", "brand": "Apple",
      ],
      "events": [
        // The session parameters GA4 needs for Realtime (SessionTests covers the session rule).
        ["name": "purchase", "params": ["value": 9.99, "currency": "EUR", "count": 2, "at": micros, "session_id": 1_700_000_000,
                                        "engagement_time_msec": 100], "timestamp_micros": micros],
        ["name": "screen_view", "params": ["screen_name": "Cart", "session_id": 1_700_000_000,
                                           "engagement_time_msec": 1], "timestamp_micros": micros],
      ],
    ])
  }

  @Test func batchesRespectLimitsAndNeverMixUsers() async throws {
    let transport = ScriptedTransport()
    let storage = temporaryDirectory()
    // Sending waits until every event is queued: otherwise the sender, woken by the first full batch, may
    // find a partial batch behind it while events are still arriving, and the request count depends on timing.
    let mayStart = LockIsolated(false)
    var configuration = configuration(transport, storage: storage)
    configuration.delivery = { $0.shouldSend = { mayStart.current } }
    Current = try .live(configuration)
    for index in 0..<10_000 {
      if index == 5_000 { googleAnalyticsTracker(.userId("user-b")) }
      googleAnalyticsTracker(.event(name: "tick", properties: ["index": .int(index)]))
    }
    mayStart.current = true
    // Not one flush(): a sender that read the gate closed just before it opened lets that flush return
    // before sending. deliverPending() flushes until nothing is pending.
    await Current.deliverPending()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.delivery.delivered == 10_000)
    // Requests go several at a time (GA4's events carry their own timestamps), so they may arrive in any
    // order: each holds a run of consecutive events of one user, and together they hold every event once.
    let requests = transport.requests
    var runs: [Range<Int>] = []
    for request in requests {
      #expect(request.body.count < 130_000)
      // JSONSerialization here: decoding 10,000 events into PropertyValue is slow, and only ids matter.
      let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
      let indices = (body["events"] as? [[String: Any]] ?? []).map { ($0["params"] as? [String: Any])?["index"] as? Int }
      #expect(indices.count <= 25)
      let first = try #require(indices.first ?? nil)
      #expect(indices == Array(first..<first + indices.count))
      let user = body["user_id"] as? String
      #expect(user == (first < 5_000 ? nil : "user-b"), "events \(first)... went as \(user ?? "no user")")
      #expect(first >= 5_000 || first + indices.count <= 5_000, "one request mixes the two users")
      runs.append(first..<first + indices.count)
    }
    #expect(runs.sorted { $0.lowerBound < $1.lowerBound }.flatMap { Array($0) } == Array(0..<10_000))
    #expect(requests.count == 400)
  }

  @Test func serverErrorsAreRetriedAndClientErrorsDropped() async throws {
    let transport = ScriptedTransport()
    transport.script(.status(500), .status(503, headers: ["Retry-After": "5"]), .status(204))
    let storage = temporaryDirectory()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, storage: storage)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    googleAnalyticsTracker("login")
    // Flushes through the two retries on virtual time until the 204 delivers it: the 500's backoff,
    // jittered under 1 s, then the 503's 5 s.
    #expect(await Current.deliverPending().delivery.delivered == 1)
    #expect(queueClock.elapsed >= .seconds(5) && queueClock.elapsed <= .seconds(6), "\(queueClock.elapsed)")
    transport.script(.status(400, body: "bad"))
    googleAnalyticsTracker("logout")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.dropped(.permanentFailure) == 1)
    #expect(transport.requests.count == 4)
    #expect(!reports.events.map(\.description).joined().contains("s3cr+t"))
  }

  @Test func identityPersistsAcrossLaunches() async throws {
    let transport = ScriptedTransport()
    let storage = temporaryDirectory()
    Current = try .live(configuration(transport, storage: storage))
    googleAnalyticsTracker(.userId("user-1"))
    await Current.close(nil)
    Current = try .live(configuration(transport, storage: storage))
    googleAnalyticsTracker("relaunch")
    await Current.flush()
    await Current.close(nil)
    let body = try parseJSON(try #require(transport.requests.first).body)
    #expect(body["user_id"] == "user-1")
    #expect(body["client_id"]?.stringValue?.count == 36)
  }

  @Test func the26thUserPropertyIsRejected() throws {
    let storage = temporaryDirectory()
    var configuration = GoogleAnalyticsConfiguration(measurementId: "G-1", apiSecret: "x", storageDirectory: storage)
    configuration.flushInterval = .seconds(3600)
    configuration.context = .fixture
    Current = try .live(configuration)
    for index in 0..<25 { googleAnalyticsTracker(.userProperty(name: "p\(index)", value: 1)) }
    googleAnalyticsTracker(.userProperty(name: "p0", value: 2))  // replacing one is fine
    let issues = knownIssues { googleAnalyticsTracker(.userProperty(name: "p25", value: 1)) }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("GA4: user property 'p25' would be the 26th") == true)
  }
}
