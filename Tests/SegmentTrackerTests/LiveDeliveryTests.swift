import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The live environment and its durable queue: end to end over loopback HTTP to a collector playing Segment
/// for every vocabulary case, through a scripted transport where the socket is not the point.
@Suite(.isolatedEnvironments)
struct LiveDeliveryTests {
  /// The queue\'s virtual clock: every retry\'s delay passes at once, exactly.
  let queueClock = VirtualQueueClock()

  static let writeKey = "seg-write-key-123"

  /// The host of the tests that deliver to a scripted transport: no request ever leaves the process.
  static let host = URL(string: "https://segment.invalid")!

  func configuration(
    _ transport: ScriptedTransport, authentication: SegmentConfiguration.Authentication = .basicHeader
  ) -> SegmentConfiguration {
    var configuration = configuration(host: Self.host, authentication: authentication)
    configuration.transport = transport
    return configuration
  }

  func configuration(host: URL, authentication: SegmentConfiguration.Authentication = .basicHeader) -> SegmentConfiguration {
    var configuration = SegmentConfiguration(
      writeKey: Self.writeKey, region: .custom(host), authentication: authentication,
      storageDirectory: temporaryDirectory())
    configuration.now = { eventTime }
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = queueClock  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture  // nothing read from the machine
    return configuration
  }

  @Test func everyVocabularyCaseReachesTheWireAsDocumented() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    Current = try .live(configuration(host: collector.baseURL))
    segmentTracker("Logout")
    segmentTracker(.screen(name: "Cart", properties: ["items": 3]))
    segmentTracker(.userProperty(name: "since", value: .date(propertyDate)))
    segmentTracker(.userId("user-42"))
    segmentTracker(.event(name: "Order Completed", properties: ["seats": 5, "price": 9.99, "trial": false, "coupon": .null]))
    segmentTracker(.error(message: "GET /cart timed out", properties: ["status": 504]))
    segmentTracker(.userId(nil))
    segmentTracker(.reset)  // the sign-out keeps the anonymous id (SignOutTests); the reset makes a new one
    segmentTracker("After")
    await Current.flush()
    let request = try #require(try await collector.requests().first)
    #expect(request.method == "POST")
    #expect(request.path == "/v1/batch")
    #expect(request.query == "")
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(request.headers["Authorization"] == "Basic " + Data("\(Self.writeKey):".utf8).base64EncodedString())
    let body = try request.json()
    #expect(body["writeKey"] == nil)
    let messages = try #require(body["batch"]?.arrayValue)
    let messageIds = messages.compactMap { $0["messageId"]?.stringValue }
    #expect(Set(messageIds).count == 7 && messageIds.allSatisfy { $0.count < 100 })
    let anonymous = try #require(messages.first?["anonymousId"]?.stringValue)
    let newAnonymous = try #require(messages.last?["anonymousId"]?.stringValue)
    #expect(anonymous != newAnonymous)
    let t = "2026-11-04T18:46:10.123Z"
    // The same context on every message: TrackingContext.fixture as analytics-swift's Context plugin names
    // it, and the IP suppressed (ContextTests covers each field).
    let context = """
      {"library": {"name": "swift-trackers", "version": "0.8.0"}, "os": {"name": "iOS", "version": "18.1"},
       "device": {"manufacturer": "Apple", "model": "iPhone17,3"},
       "app": {"name": "Shop", "version": "2.1.0", "build": "142", "namespace": "com.example.shop"},
       "screen": {"width": 393, "height": 852}, "locale": "fr-FR", "timezone": "Europe/Paris", "ip": "0.0.0.0"}
      """
    #expect(PropertyValue.array(messages.map { $0.removing(["messageId"]) }) == (try parseJSON("""
      [{"type": "track", "event": "Logout", "anonymousId": "\(anonymous)", "timestamp": "\(t)", "context": \(context)},
       {"type": "screen", "name": "Cart", "properties": {"items": 3}, "anonymousId": "\(anonymous)", "timestamp": "\(t)", "context": \(context)},
       {"type": "identify", "traits": {"since": "2023-11-14T22:13:20.000Z"}, "anonymousId": "\(anonymous)", "timestamp": "\(t)", "context": \(context)},
       {"type": "identify", "userId": "user-42", "anonymousId": "\(anonymous)", "timestamp": "\(t)", "context": \(context)},
       {"type": "track", "event": "Order Completed", "properties": {"seats": 5, "price": 9.99, "trial": false, "coupon": null},
        "userId": "user-42", "anonymousId": "\(anonymous)", "timestamp": "\(t)", "context": \(context)},
       {"type": "track", "event": "Error", "properties": {"message": "GET /cart timed out", "status": 504},
        "userId": "user-42", "anonymousId": "\(anonymous)", "timestamp": "\(t)", "context": \(context)},
       {"type": "track", "event": "After", "anonymousId": "\(newAnonymous)", "timestamp": "\(t)", "context": \(context)}]
      """)))
    #expect(Current.counters().delivery.delivered == 7)
    await Current.close(nil)
  }

  @Test func writeKeyInTheBodyAndTenThousandMessagesWithinTheLimits() async throws {
    let transport = ScriptedTransport()
    let environment = try SegmentEnvironment.live(configuration(transport, authentication: .bodyWriteKey))
    // Messages of about 500 bytes: the 475,000-byte body limit, not the 2500-message limit, cuts these batches.
    let properties: AnalyticsData.Properties = ["note": .string(text(360))]
    for index in 0..<10_000 { environment.send(.track(event: "Bulk \(index % 7)", properties: properties)) }
    await environment.flush()
    let requests = transport.requests
    // JSONSerialization here: decoding 5 MB into PropertyValue is slow, and only counts and ids matter.
    let bodies = try requests.map { try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] ?? [:] }
    let batches = bodies.map { $0["batch"] as? [[String: Any]] ?? [] }
    #expect(batches.map(\.count).reduce(0, +) == 10_000)
    #expect(batches.allSatisfy { $0.count <= SegmentLimits.messagesPerRequest })
    #expect(requests.allSatisfy { $0.body.count <= SegmentLimits.requestBytes && $0.header("Authorization") == nil })
    #expect(bodies.allSatisfy { $0["writeKey"] as? String == Self.writeKey })
    #expect(Set(batches.joined().compactMap { $0["messageId"] as? String }).count == 10_000)
    await environment.close(nil)
  }

  @Test func badRequestIsolatesTheBadMessageAndThrottlingHonoursRetryAfter() async throws {
    let transport = ScriptedTransport()
    transport.script(
      .status(400, body: "bad"),  // 4 messages: split
      .status(429, headers: ["Retry-After": "5"]),  // first half: retried after 5 s
      .status(200),  // first half
      .status(400, body: "bad"),  // second half: split again
      .status(400, body: "bad"),  // message 3 alone: dropped
      .status(200)  // message 4
    )
    let environment = try SegmentEnvironment.live(configuration(transport))
    for index in 0..<4 { environment.send(.track(event: "E\(index)", properties: [:])) }
    // Flushes through the retry on virtual time until nothing is pending: the 429's 5 s and no other wait.
    await environment.deliverPending()
    #expect(queueClock.elapsed == .seconds(5))
    let counts = try transport.requests.map { try parseJSON($0.body)["batch"]?.arrayValue?.count ?? 0 }
    #expect(counts == [4, 2, 2, 2, 1, 1])
    #expect(environment.counters().delivery.delivered == 3)
    #expect(environment.counters().delivery.dropped(.permanentFailure) == 1)
    await environment.close(nil)
  }
}
