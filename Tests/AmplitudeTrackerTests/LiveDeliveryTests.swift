import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The live environment and its durable queue: end to end over loopback HTTP to a collector playing
/// Amplitude for every vocabulary case, through a scripted transport where the socket is not the point.
@Suite(.isolatedEnvironments)
struct LiveDeliveryTests {
  /// The queue\'s virtual clock: every retry\'s delay passes at once, exactly.
  let queueClock = VirtualQueueClock()

  static let apiKey = "amp-test-key-1234"

  /// The host of the tests that deliver to a scripted transport: no request ever leaves the process.
  static let host = URL(string: "https://amplitude.invalid")!

  /// Amplitude's documented success, as the collector answers it by default.
  static let ingested = ScriptedTransport.Reply.status(200, body: #"{"code": 200, "events_ingested": 1}"#)

  /// The fields `TrackingContext.fixture` puts on every event, as JSON members.
  static let context = """
    "library": "swift-trackers/0.8.0", "platform": "iOS", "os_name": "ios", "os_version": "18.1",
    "device_model": "iPhone17,3", "device_manufacturer": "Apple", "app_version": "2.1.0", "language": "fr-FR"
    """

  /// Session events off, so each test sees only the events it sends; the vocabulary test turns them on.
  func configuration(
    _ transport: ScriptedTransport, maxEvents: Int = AmplitudeLimits.eventsPerRequest
  ) -> AmplitudeConfiguration {
    var configuration = configuration(host: Self.host, maxEvents: maxEvents)
    configuration.transport = transport
    return configuration
  }

  func configuration(host: URL, maxEvents: Int = AmplitudeLimits.eventsPerRequest) -> AmplitudeConfiguration {
    var configuration = AmplitudeConfiguration(
      apiKey: Self.apiKey, region: .custom(host), storageDirectory: temporaryDirectory())
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.sendsSessionEvents = false
    configuration.maxEventsPerRequest = maxEvents
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = queueClock  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  @Test func everyVocabularyCaseReachesTheWireAsDocumented() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    // The defaults, session events included: exactly what leaves the device.
    var configuration = configuration(host: collector.baseURL)
    configuration.sendsSessionEvents = true
    Current = try .live(configuration)
    amplitudeTracker("Logout")
    amplitudeTracker(.screen(name: "Cart", properties: ["items": 3]))
    amplitudeTracker(.userProperty(name: "since", value: .date(propertyDate)))
    amplitudeTracker(.userId("user-42"))
    amplitudeTracker(.event(name: "Order Completed", properties: [
      "plan": "pro", "seats": 5, "price": 9.99, "trial": false, "renews": .date(propertyDate),
      "tags": ["a", 1], "address": ["city": "Lyon"], "coupon": .null,
    ]))
    amplitudeTracker(.error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]))
    amplitudeTracker(.lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142")))
    amplitudeTracker(.userId(nil))
    amplitudeTracker(.reset)  // the sign-out keeps the device id (SignOutTests); the reset makes a new one
    amplitudeTracker("After")
    await Current.flush()
    let requests = try await collector.requests()
    #expect(requests.count == 1)
    let request = try #require(requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/2/httpapi")
    #expect(request.query == "")
    #expect(request.headers["Content-Type"] == "application/json")
    let body = try request.json()
    #expect(body["api_key"] == .string(Self.apiKey))
    let events = try #require(body["events"]?.arrayValue)
    #expect(events.count == 8)
    let insertIds = events.compactMap { $0["insert_id"]?.stringValue }
    #expect(Set(insertIds).count == 8 && insertIds.allSatisfy { RecordID(uuidString: $0) != nil })
    let device = try #require(events.first?["device_id"]?.stringValue)
    let newDevice = try #require(events.last?["device_id"]?.stringValue)
    #expect(device != newDevice && device.count >= AmplitudeLimits.minIdLength)
    // The clock never moves: one session, whose id is its start in milliseconds; the reset keeps it,
    // as Amplitude-Swift's reset() does.
    let head = #""time": 1793817970123, "session_id": 1793817970123, \#(Self.context)"#
    let expected = try parseJSON("""
      [{"event_type": "session_start", "device_id": "\(device)", \(head)},
       {"event_type": "Logout", "device_id": "\(device)", \(head)},
       {"event_type": "[Amplitude] Screen Viewed", "device_id": "\(device)", \(head),
        "event_properties": {"[Amplitude] Screen Name": "Cart", "items": 3}},
       {"event_type": "$identify", "device_id": "\(device)", \(head),
        "user_properties": {"$set": {"since": "2023-11-14T22:13:20.000Z"}}},
       {"event_type": "Order Completed", "device_id": "\(device)", "user_id": "user-42", \(head),
        "event_properties": {"plan": "pro", "seats": 5, "price": 9.99, "trial": false,
                             "renews": "2023-11-14T22:13:20.000Z", "tags": ["a", 1], "address": {"city": "Lyon"},
                             "coupon": null}},
       {"event_type": "Error", "device_id": "\(device)", "user_id": "user-42", \(head),
        "event_properties": {"message": "GET /cart timed out", "endpoint": "/cart"}},
       {"event_type": "[Amplitude] Application Opened", "device_id": "\(device)", "user_id": "user-42", \(head),
        "event_properties": {"[Amplitude] From Background": true, "[Amplitude] Version": "2.1.0",
                             "[Amplitude] Build": "142"}},
       {"event_type": "After", "device_id": "\(newDevice)", \(head)}]
      """)
    #expect(PropertyValue.array(events.map { $0.removing(["insert_id"]) }) == expected)
    let counters = Current.counters()
    #expect(counters.delivery.delivered == 8)
    #expect(counters.identityUpdates == 3)  // the sign-in, the sign-out and the reset
    await Current.close(nil)
  }

  @Test func signingInSendsNoEventAndIsCounted() async throws {
    let transport = ScriptedTransport(answering: Self.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker(.userId("user-42"))
    await Current.flush()
    #expect(transport.requests.isEmpty)
    var counters = Current.counters()
    #expect(counters.identityUpdates == 1)
    #expect(counters.delivery.enqueued == 0)
    amplitudeTracker("Next")
    await Current.flush()
    let requests = transport.requests
    #expect(requests.count == 1)
    let events = try #require(try requests.first.map { try parseJSON($0.body) }?["events"]?.arrayValue)
    #expect(events.map { $0["event_type"] } == ["Next"])
    #expect(events.first?["user_id"] == "user-42")
    #expect(!(requests.first?.bodyText.contains("$identify") ?? true))
    counters = Current.counters()
    #expect(counters.identityUpdates == 1)
    #expect(counters.delivery.enqueued == 1 && counters.delivery.delivered == 1)
    #expect(counters.notEnqueued == 0)
    await Current.close(nil)
  }

  @Test func tenThousandEventsRespectTheBatchLimits() async throws {
    let transport = ScriptedTransport(answering: Self.ingested)
    let environment = try AmplitudeEnvironment.live(configuration(transport))
    // Events of about 470 bytes: 1999 of them (the count limit) stay under the 1 MB body limit.
    let properties: AnalyticsData.Properties = ["note": .string(text(360))]
    for index in 0..<10_000 { environment.send(.event(type: "Bulk \(index % 7)", properties: properties)) }
    await environment.flush()
    let requests = transport.requests
    // JSONSerialization here: decoding 5 MB into PropertyValue is slow, and only counts and ids matter.
    let bodies = try requests.map { try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] ?? [:] }
    let events = bodies.map { $0["events"] as? [[String: Any]] ?? [] }
    let counts = events.map(\.count)
    #expect(counts.reduce(0, +) == 10_000)
    #expect(counts.allSatisfy { $0 <= AmplitudeLimits.eventsPerRequest })
    #expect(requests.allSatisfy { $0.body.count < AmplitudeLimits.requestBytes })
    #expect(requests.count >= 6)
    let ids = events.joined().compactMap { $0["insert_id"] as? String }
    #expect(Set(ids).count == 10_000)
    await environment.close(nil)
  }

  @Test func partialSuccessDropsTheListedEventsAndResendsTheRest() async throws {
    let transport = ScriptedTransport(answering: Self.ingested)
    transport.script(.status(400, body: """
      {"code": 400, "error": "Request missing required field", "events_with_invalid_fields": {"time": [1]},
       "events_with_missing_fields": {"event_type": [3]}}
      """))
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport)
    configuration.onReport = reports.tracker
    let environment = try AmplitudeEnvironment.live(configuration)
    for index in 0..<5 { environment.send(.event(type: "E\(index)", properties: [:])) }
    await environment.flush()
    let requests = transport.requests
    #expect(requests.count == 2)
    let first = try parseJSON(requests[0].body)["events"]?.arrayValue ?? []
    let second = try parseJSON(requests[1].body)["events"]?.arrayValue ?? []
    #expect(second.map { $0["event_type"] } == ["E0", "E2", "E4"])
    #expect(second.map { $0["insert_id"] } == [first[0]["insert_id"], first[2]["insert_id"], first[4]["insert_id"]])
    let counters = environment.counters().delivery
    #expect(counters.delivered == 3)
    #expect(counters.dropped(.rejected) == 2)
    #expect(reports.events.contains { "\($0)".contains("invalid field 'time'") && "\($0)".contains("missing field 'event_type'") })
    await environment.close(nil)
  }

  @Test func tooLargeSplitsAndThrottlingRetries() async throws {
    let transport = ScriptedTransport(answering: Self.ingested)
    transport.script(
      .status(413, body: #"{"code": 413, "error": "Payload too large"}"#),
      .status(429, headers: ["Retry-After": "5"], body: #"{"code": 429, "error": "Too many requests for some devices and users"}"#),
      .status(503, body: "unavailable")
    )
    let environment = try AmplitudeEnvironment.live(configuration(transport))
    for index in 0..<4 { environment.send(.event(type: "E\(index)", properties: [:])) }
    // Flushes through the retries on virtual time until nothing is pending: the 429's 5 s, then the 503's
    // backoff, jittered under 2 s.
    await environment.deliverPending()
    #expect(queueClock.elapsed >= .seconds(5) && queueClock.elapsed <= .seconds(7), "\(queueClock.elapsed)")
    let requests = transport.requests
    let counts = try requests.map { try parseJSON($0.body)["events"]?.arrayValue?.count ?? 0 }
    #expect(counts.first == 4)
    #expect(counts.dropFirst().allSatisfy { $0 == 2 })
    #expect(environment.counters().delivery.delivered == 4)
    #expect(environment.counters().delivery.droppedTotal == 0)
    await environment.close(nil)
  }
}

