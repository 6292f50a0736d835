import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The exact bytes of Segment's user-model calls on the wire (`alias`, `group`), and what is never sent,
/// through the live environment and a scripted transport.
@Suite struct UserModelWireTests {
  static let host = URL(string: "https://segment.invalid")!

  /// `TrackingContext.fixture` as every message carries it, IP suppressed (ContextTests covers each field).
  static let context = #"{"library":{"name":"swift-trackers","version":"0.8.0"},"os":{"name":"iOS","version":"18.1"},"#
    + #""device":{"manufacturer":"Apple","model":"iPhone17,3"},"#
    + #""app":{"build":"142","name":"Shop","namespace":"com.example.shop","version":"2.1.0"},"#
    + #""screen":{"height":852,"width":393},"locale":"fr-FR","timezone":"Europe/Paris","ip":"0.0.0.0"}"#

  static let timestamp = "2026-11-04T18:46:10.123Z"

  func environment(_ transport: ScriptedTransport) throws -> SegmentEnvironment {
    var configuration = SegmentConfiguration(
      writeKey: "seg-write-key-123", region: .custom(Self.host), storageDirectory: temporaryDirectory())
    configuration.now = { eventTime }
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.transport = transport
    return try SegmentEnvironment.live(configuration)
  }

  /// The messages of the one request `messages` made, as sent: raw bytes, each checked as strict JSON
  /// (no duplicate names).
  func send(_ messages: [SegmentMessage]) async throws -> (sent: [String], counters: TrackerCounters) {
    let transport = ScriptedTransport()
    let environment = try environment(transport)
    for message in messages { environment.send(message) }
    await environment.flush()
    let counters = environment.counters()
    await environment.close(nil)
    #expect(transport.requests.count <= 1)
    guard let body = transport.requests.first?.body else { return ([], counters) }
    try StrictJSON.check(body)
    let batch = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    let sent = try #require(batch["batch"] as? [[String: Any]])
    // Each message re-serialized on its own is not the wire; cut the body at the messages' boundaries.
    return (try messagesOfBody(String(decoding: body, as: UTF8.self), count: sent.count), counters)
  }

  /// The raw text of each message of `{"batch":[m1,m2,...]}`.
  func messagesOfBody(_ body: String, count: Int) throws -> [String] {
    let prefix = #"{"batch":["#
    #expect(body.hasPrefix(prefix) && body.hasSuffix("]}"))
    var messages: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start = body.index(body.startIndex, offsetBy: prefix.count)
    var index = start
    while index < body.endIndex, messages.count < count {
      let character = body[index]
      if inString {
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "{" {
        depth += 1
      } else if character == "}" {
        depth -= 1
        if depth == 0 {
          messages.append(String(body[start...index]))
          start = body.index(index, offsetBy: 2, limitedBy: body.endIndex) ?? body.endIndex
          index = start
          continue
        }
      }
      index = body.index(after: index)
    }
    return messages
  }

  /// The `"anonymousId":"..."` and `"messageId":"..."` values of one raw message.
  func value(_ key: String, in message: String) -> String? {
    guard let range = message.range(of: "\"\(key)\":\"") else { return nil }
    return message[range.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
  }

  /// segment.com/docs/connections/spec/alias/: `{"type": "alias", "previousId": ..., "userId": ...}`; the
  /// anonymous id is `previousId`, as analytics.js passes it. A sign-in keeps the anonymous id, so the
  /// alias after a sign-up links what the user did before it.
  @Test func aliasAfterTheSignUpLinksTheAnonymousIdOfBeforeIt() async throws {
    let (sent, counters) = try await send([
      .track(event: "Product Viewed", properties: [:]),
      .userId("user-42"),
      .alias(userId: "user-42"),
      .track(event: "Signed Up", properties: [:]),
    ])
    #expect(sent.count == 4)
    let anonymous = try #require(value("anonymousId", in: sent[0]))
    let ids = sent.map { value("messageId", in: $0) ?? "" }
    let tail = { (index: Int) in
      #""context":\#(Self.context),"timestamp":"\#(Self.timestamp)","messageId":"\#(ids[index])"}"#
    }
    #expect(sent[1] == #"{"type":"identify","anonymousId":"\#(anonymous)","userId":"user-42","# + tail(1))
    #expect(
      sent[2] == #"{"type":"alias","previousId":"\#(anonymous)","userId":"user-42","anonymousId":"\#(anonymous)","#
        + tail(2))
    // The alias changed no identity: the next message is the signed-in user's, as before it.
    #expect(
      sent[3] == #"{"type":"track","event":"Signed Up","anonymousId":"\#(anonymous)","userId":"user-42","# + tail(3))
    #expect(counters.delivery.delivered == 4)
  }

  /// Before any sign-in (analytics.js `alias(userId)` on an anonymous visitor): `previousId` is the
  /// anonymous id, and the messages after it stay anonymous until `.userId`.
  @Test func aliasWhileAnonymousSignsNoOneIn() async throws {
    let (sent, _) = try await send([.alias(userId: "user-7"), .track(event: "Next", properties: [:])])
    #expect(sent.count == 2)
    let anonymous = try #require(value("anonymousId", in: sent[0]))
    #expect(sent[0].hasPrefix(#"{"type":"alias","previousId":"\#(anonymous)","userId":"user-7","anonymousId":"#))
    #expect(sent[1].hasPrefix(#"{"type":"track","event":"Next","anonymousId":"\#(anonymous)","context":"#))
  }

  /// segment.com/docs/connections/spec/group/: `{"type": "group", "groupId": ..., "traits": {...}}`, with
  /// the user's ids like every message.
  @Test func groupCarriesItsIdAndTraits() async throws {
    let (sent, _) = try await send([
      .userId("user-42"),
      .group(groupId: "acme", traits: ["group_type": "company", "plan": "enterprise", "employees": 329]),
      .group(groupId: "solo", traits: [:]),
    ])
    #expect(sent.count == 3)
    let anonymous = try #require(value("anonymousId", in: sent[0]))
    let group = try parseJSON(sent[1]).removing(["messageId"])
    #expect(group == (try parseJSON("""
      {"type": "group", "groupId": "acme", "traits": {"group_type": "company", "plan": "enterprise", "employees": 329},
       "anonymousId": "\(anonymous)", "userId": "user-42", "context": \(Self.context), "timestamp": "\(Self.timestamp)"}
      """)))
    #expect(sent[1].hasPrefix(#"{"type":"group","groupId":"acme","traits":{"#))
    // No traits: no `traits` member, as analytics-swift's GroupEvent leaves it out.
    #expect(sent[2].hasPrefix(#"{"type":"group","groupId":"solo","anonymousId":"\#(anonymous)","userId":"user-42","#))
  }

  /// What Segment has no form of is refused by validation; given to `send` directly it is counted as
  /// unsupported and nothing reaches the wire.
  @Test func unsupportedIsCountedAndNeverSent() async throws {
    let (sent, counters) = try await send([
      .unsupported(.profile(.increment(name: "orders_count", by: 1))), .unsupported(.timeEvent(name: "Order Completed")),
      .unsupported(.superProperties(.unregisterAll)),
    ])
    #expect(sent.isEmpty)
    #expect(counters.unsupportedByKind == ["profile increment": 1, "timeEvent": 1, "superProperties": 1])
    #expect(counters.delivery.delivered == 0)
  }

  @Test func descriptions() {
    #expect(SegmentMessage.alias(userId: "user-42").description == #"alias "user-42""#)
    #expect(SegmentMessage.group(groupId: "acme", traits: [:]).description == #"group "acme""#)
    #expect(SegmentMessage.group(groupId: "acme", traits: ["plan": "pro"]).description == #"group "acme" {"plan": "pro"}"#)
  }
}
