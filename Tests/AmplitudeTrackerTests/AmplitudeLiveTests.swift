import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery

/// End to end over loopback HTTP: the live environment, its durable queue, and a collector playing Amplitude.
@Suite struct AmplitudeLiveTests {
  static let apiKey = "amp-test-key-1234"

  func configuration(_ collector: Collector, maxEvents: Int = AmplitudeLimits.eventsPerRequest) -> Configuration {
    var configuration = Configuration(
      apiKey: Self.apiKey, region: .custom(collector.url("")), storageDirectory: temporaryDirectory())
    configuration.now = { eventTime }
    configuration.maxEventsPerRequest = maxEvents
    configuration.flushInterval = .seconds(3_600)
    configuration.delivery = { $0.backoff = .init(base: .milliseconds(1), cap: .milliseconds(5), maxServerDelay: .milliseconds(5)) }
    return configuration
  }

  @Test func everyVocabularyCaseReachesTheWireAsDocumented() async throws {
    let collector = try Collector()
    defer { collector.stop() }
    let environment = try Environment.live(configuration(collector))
    try await withIsolatedEnvironments {
      Current = environment
      amplitudeTracker("Logout")
      amplitudeTracker(.screen(name: "Cart", properties: ["items": 3]))
      amplitudeTracker(.userProperty(name: "since", value: .date(propertyDate)))
      amplitudeTracker(.userId("user-42"))
      amplitudeTracker(.event(name: "Order Completed", properties: [
        "plan": "pro", "seats": 5, "price": 9.99, "trial": false, "renews": .date(propertyDate),
        "tags": ["a", 1], "address": ["city": "Lyon"], "coupon": nil,
      ]))
      amplitudeTracker(.error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]))
      amplitudeTracker(.userId(nil))
      amplitudeTracker("After")
      await Current.flush()
      let requests = try await collector.requests()
      #expect(requests.count == 1)
      let request = try #require(requests.first)
      #expect(request.method == "POST")
      #expect(request.path == "/2/httpapi")
      #expect(request.query == "")
      #expect(request.headers["Content-Type"] == "application/json")
      #expect(request.json["api_key"] == .string(Self.apiKey))
      let events = try #require(request.json["events"]?.arrayValue)
      #expect(events.count == 7)
      let insertIds = events.compactMap { $0["insert_id"]?.stringValue }
      #expect(Set(insertIds).count == 7 && insertIds.allSatisfy { RecordID(uuidString: $0) != nil })
      let device = try #require(events.first?["device_id"]?.stringValue)
      let newDevice = try #require(events.last?["device_id"]?.stringValue)
      #expect(device != newDevice && device.count >= AmplitudeLimits.minIdLength)
      let expected = try parseJSON("""
        [{"event_type": "Logout", "device_id": "\(device)", "time": 1793817970123},
         {"event_type": "[Amplitude] Screen Viewed", "device_id": "\(device)", "time": 1793817970123,
          "event_properties": {"[Amplitude] Screen Name": "Cart", "items": 3}},
         {"event_type": "$identify", "device_id": "\(device)", "time": 1793817970123,
          "user_properties": {"$set": {"since": "2023-11-14T22:13:20.000Z"}}},
         {"event_type": "$identify", "device_id": "\(device)", "user_id": "user-42", "time": 1793817970123},
         {"event_type": "Order Completed", "device_id": "\(device)", "user_id": "user-42", "time": 1793817970123,
          "event_properties": {"plan": "pro", "seats": 5, "price": 9.99, "trial": false,
                               "renews": "2023-11-14T22:13:20.000Z", "tags": ["a", 1], "address": {"city": "Lyon"},
                               "coupon": null}},
         {"event_type": "Error", "device_id": "\(device)", "user_id": "user-42", "time": 1793817970123,
          "event_properties": {"message": "GET /cart timed out", "endpoint": "/cart"}},
         {"event_type": "After", "device_id": "\(newDevice)", "time": 1793817970123}]
        """)
      #expect(PropertyValue.array(events.map { removing(["insert_id"], from: $0) }) == expected)
      let counters = Current.counters()
      #expect(counters.delivery.delivered == 7)
      #expect(counters.identityUpdates == 1)
      await Current.close(nil)
    }
  }

  @Test func tenThousandEventsRespectTheBatchLimits() async throws {
    let collector = try Collector()
    defer { collector.stop() }
    let environment = try Environment.live(configuration(collector))
    // Events of about 470 bytes: 1999 of them (the count limit) stay under the 1 MB body limit.
    let properties: AnalyticsData.Properties = ["note": .string(text(360))]
    for index in 0..<10_000 { environment.send(.event(type: "Bulk \(index % 7)", properties: properties)) }
    await environment.flush()
    let requests = try await collector.requests()
    // JSONSerialization here: decoding 5 MB into PropertyValue is slow, and only counts and ids matter.
    let bodies = try requests.map { try JSONSerialization.jsonObject(with: Data($0.body.utf8)) as? [String: Any] ?? [:] }
    let events = bodies.map { $0["events"] as? [[String: Any]] ?? [] }
    let counts = events.map(\.count)
    #expect(counts.reduce(0, +) == 10_000)
    #expect(counts.allSatisfy { $0 <= AmplitudeLimits.eventsPerRequest })
    #expect(requests.allSatisfy { $0.body.utf8.count < AmplitudeLimits.requestBytes })
    #expect(requests.count >= 6)
    let ids = events.joined().compactMap { $0["insert_id"] as? String }
    #expect(Set(ids).count == 10_000)
    await environment.close(nil)
  }

  @Test func partialSuccessDropsTheListedEventsAndResendsTheRest() async throws {
    let collector = try Collector()
    defer { collector.stop() }
    try await collector.script([Collector.Response(status: 400, body: """
      {"code": 400, "error": "Request missing required field", "events_with_invalid_fields": {"time": [1]},
       "events_with_missing_fields": {"event_type": [3]}}
      """)])
    let reports = Recorder<DeliveryReport>()
    var configuration = configuration(collector)
    configuration.onReport = reports.tracker
    let environment = try Environment.live(configuration)
    for index in 0..<5 { environment.send(.event(type: "E\(index)", properties: [:])) }
    await environment.flush()
    let requests = try await collector.requests()
    #expect(requests.count == 2)
    let first = requests[0].json["events"]?.arrayValue ?? []
    let second = requests[1].json["events"]?.arrayValue ?? []
    #expect(second.map { $0["event_type"] } == ["E0", "E2", "E4"])
    #expect(second.map { $0["insert_id"] } == [first[0]["insert_id"], first[2]["insert_id"], first[4]["insert_id"]])
    let counters = environment.counters().delivery
    #expect(counters.delivered == 3)
    #expect(counters.dropped(.rejected) == 2)
    #expect(reports.events.contains { "\($0)".contains("invalid field 'time'") && "\($0)".contains("missing field 'event_type'") })
    await environment.close(nil)
  }

  @Test func tooLargeSplitsAndThrottlingRetries() async throws {
    let collector = try Collector()
    defer { collector.stop() }
    try await collector.script([
      Collector.Response(status: 413, body: #"{"code": 413, "error": "Payload too large"}"#),
      Collector.Response(status: 429, headers: ["Retry-After": "0"], body: #"{"code": 429, "error": "Too many requests for some devices and users"}"#),
      Collector.Response(status: 503, body: "unavailable"),
    ])
    let environment = try Environment.live(configuration(collector))
    for index in 0..<4 { environment.send(.event(type: "E\(index)", properties: [:])) }
    await environment.flush()
    for _ in 0..<200 where environment.counters().delivery.delivered < 4 { try await Task.sleep(for: .milliseconds(10)) }
    await environment.flush()
    let requests = try await collector.requests()
    let counts = requests.map { $0.json["events"]?.arrayValue?.count ?? 0 }
    #expect(counts.first == 4)
    #expect(counts.dropFirst().allSatisfy { $0 == 2 })
    #expect(environment.counters().delivery.delivered == 4)
    #expect(environment.counters().delivery.droppedTotal == 0)
    await environment.close(nil)
  }
}

/// The answers Amplitude documents, read without a network.
@Suite struct AmplitudeDestinationTests {
  let destination = Destination(Configuration(apiKey: "k", storageDirectory: temporaryDirectory()))
  var batch: Batch {
    Batch(records: (0..<3).map { _ in
      Record(id: RecordID(), enqueuedAt: Date(), attempts: 0, partition: "", payload: Array(#"{"event_type":"E"}"#.utf8))
    }, partition: "")
  }

  func classify(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> DeliveryOutcome {
    destination.classify(HTTPResponse(statusCode: status, headers: headers, body: Array(body.utf8)), for: batch)
  }

  @Test func readsEachDocumentedAnswer() {
    #expect(classify(200, #"{"code":200,"events_ingested":3}"#) == .delivered)
    #expect(classify(413) == .tooLarge)
    #expect(classify(429) == .retry(after: .seconds(30)))
    #expect(classify(429, headers: ["Retry-After": "5"]) == .retry(after: .seconds(5)))
    #expect(classify(500) == .retry(after: nil))
    #expect(classify(503) == .retry(after: nil))
    #expect(classify(400, #"{"code":400,"events_with_invalid_fields":{"time":[0,9]}}"#)
      == .rejectedResendRest(rejected: [0: "Amplitude: invalid field 'time'"]))
    guard case let .drop(reason) = classify(400, #"{"code":400,"error":"Invalid API key: k","missing_field":"api_key"}"#) else {
      Issue.record("a 400 without indices drops the batch")
      return
    }
    #expect(reason.contains("missing field 'api_key'") && reason.contains("To fix this"))
  }

  @Test func requestCarriesTheKeyInTheBodyOnly() throws {
    let request = try destination.makeRequest(for: batch)
    #expect(request.url.absoluteString == "https://api2.amplitude.com/2/httpapi")
    #expect(try parseJSON(request.body) == parseJSON(#"{"api_key":"k","events":[{"event_type":"E"},{"event_type":"E"},{"event_type":"E"}]}"#))
    #expect(Destination(Configuration(apiKey: "k", region: .eu)).url.absoluteString == "https://api.eu.amplitude.com/2/httpapi")
    let secret = Configuration(apiKey: "amp-secret-xyz")
    #expect(!secret.description.contains("amp-secret-xyz"))
    #expect(!(try Destination(secret).makeRequest(for: batch)).description.contains("amp-secret-xyz"))
  }
}

/// The tracker reads `Current` at call time.
@Suite struct AmplitudeCurrentTests {
  @Test func trackerSendsWhatTheMappingSays() {
    let recorder = Recorder<AmplitudeEvent>()
    let vocabulary: [AnalyticsData] = [
      "Logout", .screen(name: "Cart"), .userId("user-42"), .userId(nil),
      .userProperty(name: "tier", value: "gold"), .error(message: "boom"),
    ]
    withIsolatedEnvironments {
      Current = .unimplemented
      Current.send = recorder.tracker
      for data in vocabulary { amplitudeTracker(data) }
    }
    #expect(recorder.events == vocabulary.map(amplitudeEvent(for:)))
  }

  @Test func invalidEventsAreNeverSentAndNameTheRule() async {
    let recorder = Recorder<AmplitudeEvent>()
    let (_, issues) = await collectingIssues {
      withIsolatedEnvironments {
        Current.send = recorder.tracker
        amplitudeTracker(.userId("42"))
        amplitudeTracker(.event(name: "[Amplitude] Start Session"))
      }
    }
    #expect(recorder.events.isEmpty)
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix("Amplitude: user id '42' has 2 characters") == true)
    #expect(issues.last?.contains("event type '[Amplitude] Start Session' is reserved") == true)
  }

  @Test func unimplementedReportsWhenCalled() async {
    let (_, issues) = await collectingIssues {
      await withIsolatedEnvironments {
        Current = .unimplemented
        amplitudeTracker("Logout")
        _ = Current.counters()
        await Current.flush()
      }
    }
    #expect(issues.count == 3)
    #expect(issues.first?.contains("AmplitudeTracker.Current.send was called") == true)
    #expect(issues.contains { $0.contains("AmplitudeTracker.Current.flush") })
  }

  @Test func mockDoesNothing() async {
    let (_, issues) = await collectingIssues {
      withIsolatedEnvironments {
        Current = .mock
        amplitudeTracker("Logout")
      }
    }
    #expect(issues.isEmpty)
  }
}
