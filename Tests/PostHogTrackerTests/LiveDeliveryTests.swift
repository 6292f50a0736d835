import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The live environment and its durable queue: end to end over loopback HTTP to a collector playing PostHog
/// for every vocabulary case, through a scripted transport where the socket is not the point.
@Suite(.isolatedEnvironments)
struct LiveDeliveryTests {
  /// The queue\'s virtual clock: every retry\'s delay passes at once, exactly.
  let queueClock = VirtualQueueClock()

  static let apiKey = "phc_test_key_123"

  /// The host of the tests that deliver to a scripted transport: no request ever leaves the process.
  static let host = URL(string: "https://posthog.invalid")!

  /// PostHog's documented success, as the collector answers it by default.
  static let accepted = ScriptedTransport.Reply.status(200, body: #"{"status": 1}"#)

  func configuration(_ transport: ScriptedTransport) -> PostHogConfiguration {
    var configuration = configuration(host: Self.host)
    configuration.transport = transport
    return configuration
  }

  func configuration(host: URL) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(apiKey: Self.apiKey, host: .selfHosted(host), storageDirectory: temporaryDirectory())
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = queueClock  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  /// The properties `TrackingContext.fixture` puts on every event, after `distinct_id` and `$geoip_disable`.
  static let context = """
    "$lib": "swift-trackers", "$lib_version": "0.8.0", "$os_name": "iOS", "$os_version": "18.1",
    "$device_model": "iPhone17,3", "$device_manufacturer": "Apple", "$app_name": "Shop", "$app_version": "2.1.0",
    "$app_build": 142, "$app_namespace": "com.example.shop", "$locale": "fr", "$timezone": "Europe/Paris",
    "$screen_width": 393, "$screen_height": 852
    """

  @Test func everyVocabularyCaseReachesTheWireAsDocumented() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    Current = try .live(configuration(host: collector.baseURL))
    postHogTracker("logout")
    postHogTracker(.screen(name: "Cart", properties: ["items": 3]))
    postHogTracker(.userProperty(name: "since", value: .date(propertyDate)))
    postHogTracker(.userId("user-42"))
    postHogTracker(.event(name: "order completed", properties: ["seats": 5, "price": 9.99, "trial": false, "coupon": .null]))
    postHogTracker(.error(message: "GET /cart timed out", properties: ["status": 504]))
    postHogTracker(.lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142")))
    postHogTracker(.userId(nil))
    postHogTracker(.reset)  // the sign-out keeps the anonymous id (SignOutTests); the reset makes a new one
    postHogTracker("after")
    await Current.flush()
    let request = try #require(try await collector.requests().first)
    #expect(request.method == "POST")
    #expect(request.path == "/batch/")
    #expect(request.query == "")
    #expect(request.headers["Content-Type"] == "application/json")
    // Compressed as posthog-ios sends /batch/; the collector gunzips it for the checks below.
    #expect(request.header("Content-Encoding") == "gzip")
    #expect(try #require(Int(request.header("Content-Length") ?? "")) < request.body.utf8.count)
    let body = try request.json()
    #expect(body["api_key"] == .string(Self.apiKey))
    let events = try #require(body["batch"]?.arrayValue)
    let uuids = events.compactMap { $0["uuid"]?.stringValue }
    #expect(Set(uuids).count == 8 && uuids.allSatisfy { RecordID(uuidString: $0) != nil })
    let anonymous = try #require(events.first?["properties"]?["distinct_id"]?.stringValue)
    let newAnonymous = try #require(events.last?["properties"]?["distinct_id"]?.stringValue)
    #expect(anonymous != newAnonymous)
    // The clock never moves. The sign-in keeps the session; the reset (a new anonymous id) starts another,
    // as posthog-ios's reset() does. Both ids are version 7 UUIDs of that moment (their other bits are random).
    let session = try #require(events.first?["properties"]?["$session_id"]?.stringValue)
    let newSession = try #require(events.last?["properties"]?["$session_id"]?.stringValue)
    #expect(session != newSession)
    for id in [session, newSession] {
      let uuid = try #require(RecordID(uuidString: id))
      #expect(uuid.high >> 12 & 0xF == 7 && uuid.low >> 62 == 0b10)
      #expect(Int(uuid.high >> 16) == 1_793_817_970_123)
    }
    let t = "2026-11-04T18:46:10.123Z"
    let shared = #""$geoip_disable": true, \#(Self.context), "$session_id": "\#(session)""#
    // posthog-ios's default person profiles (`identifiedOnly`): none for the anonymous user until the `$set`
    // asks for one, and none for the next anonymous user.
    let anonymousShared = shared + #", "$process_person_profile": false"#
    let personShared = shared + #", "$process_person_profile": true"#
    #expect(PropertyValue.array(events.map { $0.removing(["uuid"]) }) == (try parseJSON("""
      [{"event": "logout", "properties": {"distinct_id": "\(anonymous)", \(anonymousShared)}, "timestamp": "\(t)"},
       {"event": "$screen", "properties": {"distinct_id": "\(anonymous)", \(anonymousShared), "$screen_name": "Cart", "items": 3},
        "timestamp": "\(t)"},
       {"event": "$set", "properties": {"distinct_id": "\(anonymous)", \(personShared), "$set": {"since": "2023-11-14T22:13:20.000Z"}},
        "timestamp": "\(t)"},
       {"event": "$identify", "properties": {"distinct_id": "user-42", \(personShared), "$anon_distinct_id": "\(anonymous)"},
        "timestamp": "\(t)"},
       {"event": "order completed", "properties": {"distinct_id": "user-42", \(personShared), "seats": 5, "price": 9.99, "trial": false,
        "coupon": null}, "timestamp": "\(t)"},
       {"event": "Error", "properties": {"distinct_id": "user-42", \(personShared), "message": "GET /cart timed out", "status": 504},
        "timestamp": "\(t)"},
       {"event": "Application Opened", "properties": {"distinct_id": "user-42", \(personShared), "from_background": true,
        "version": "2.1.0", "build": "142"}, "timestamp": "\(t)"},
       {"event": "after", "properties": {"distinct_id": "\(newAnonymous)", "$geoip_disable": true, \(Self.context),
        "$session_id": "\(newSession)", "$process_person_profile": false}, "timestamp": "\(t)"}]
      """)))
    #expect(Current.counters().delivery.delivered == 8)
    await Current.close(nil)
  }

  /// A server's configuration: the queue in memory only. The same requests reach the collector, and no
  /// queue directory is written.
  @Test func aMemoryQueueDeliversToTheCollector() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    var configuration = configuration(host: collector.baseURL)
    configuration.delivery = { $0.storage = .memory(maxEvents: 1_000, maxBytes: 1 << 20) }
    Current = try .live(configuration)
    for index in 0..<20 { postHogTracker(.event(name: "viewed", properties: ["n": .int(index)])) }
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.delivery.delivered == 20 && counters.delivery.pendingEvents == 0)
    let requests = try await collector.requests()
    let events = try requests.flatMap { try #require($0.json()["batch"]?.arrayValue) }
    #expect(events.compactMap { $0["properties"]?["n"]?.intValue } == Array(0..<20))
    #expect(requests.allSatisfy { $0.header("Content-Encoding") == "gzip" })
    let queueDirectory = configuration.storageDirectory.appendingPathComponent("queue")
    #expect(!FileManager.default.fileExists(atPath: queueDirectory.path))
  }

  @Test func tenThousandEventsWithinTheLimits() async throws {
    let transport = ScriptedTransport(answering: Self.accepted)
    let environment = try PostHogEnvironment.live(configuration(transport))
    for index in 0..<10_000 { environment.send(.capture(event: "bulk \(index % 7)", properties: ["n": .int(index)])) }
    await environment.flush()
    // JSONSerialization here: decoding 10,000 events into PropertyValue is slow, and only counts and ids matter.
    let bodies = try transport.requests.map {
      try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] ?? [:]
    }
    let batches = bodies.map { $0["batch"] as? [[String: Any]] ?? [] }
    #expect(batches.map(\.count).reduce(0, +) == 10_000)
    #expect(batches.allSatisfy { $0.count <= PostHogLimits.eventsPerRequest })
    #expect(Set(batches.joined().compactMap { $0["uuid"] as? String }).count == 10_000)
    await environment.close(nil)
  }

  @Test func configurationErrorsDropLoudlyAndTemporaryOnesRetry() async throws {
    let transport = ScriptedTransport(answering: Self.accepted)
    transport.script(
      .status(503),
      .status(429, headers: ["Retry-After": "5"]),
      .status(408),
      .status(200, body: #"{"status": 1}"#),
      .status(401, body: #"{"type": "authentication_error", "detail": "Project API key invalid."}"#)
    )
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport)
    configuration.onReport = reports.tracker
    let environment = try PostHogEnvironment.live(configuration)
    environment.send(.capture(event: "first", properties: [:]))
    // Flushes through the three retries on virtual time until the 200 delivers it: the 503's backoff
    // (under 1 s), the 429's 5 s, the 408's backoff (under 4 s).
    #expect(await environment.deliverPending().delivery.delivered == 1)
    #expect(queueClock.elapsed >= .seconds(5) && queueClock.elapsed <= .seconds(10), "\(queueClock.elapsed)")
    environment.send(.capture(event: "second", properties: [:]))
    await environment.flush()
    #expect(transport.requests.count == 5)
    #expect(environment.counters().delivery.delivered == 1)
    #expect(environment.counters().delivery.dropped(.permanentFailure) == 1)
    #expect(reports.events.contains { "\($0)".contains("PostHog refused the api key: HTTP 401") && "\($0)".contains("To fix this") })
    #expect(!reports.events.contains { "\($0)".contains(Self.apiKey) })
    await environment.close(nil)
  }
}
