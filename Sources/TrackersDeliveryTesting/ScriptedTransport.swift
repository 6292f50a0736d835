import Foundation
import Trackers
import TrackersDelivery

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An in-memory ``TrackersDelivery/HTTPTransport`` that records every request and answers from a script:
/// no sockets, no server, nothing that depends on timing.
///
/// Answers come from the first rule that matches the request, else the next scripted reply, else the
/// default (200 with an empty body):
///
/// ```swift
/// let transport = ScriptedTransport()
/// transport.script(.status(503), .status(429, headers: ["Retry-After": "1"]))   // the next two requests
/// transport.reply(.status(413), when: { $0.body.count > 100_000 })               // every large body
/// transport.reply(.dropConnection, when: { $0.path == "/engage" }, times: 1)      // once
/// configuration.transport = transport
/// ```
public final class ScriptedTransport: HTTPTransport, Sendable {
  /// How the transport answers one request.
  public enum Reply: Sendable {
    /// A response.
    case response(HTTPResponse)
    /// The connection drops before any answer: `send` throws `URLError(.networkConnectionLost)`.
    case dropConnection

    /// A response with `statusCode`, `headers` and a UTF-8 `body`.
    public static func status(_ statusCode: Int, headers: [String: String] = [:], body: String = "") -> Reply {
      .response(HTTPResponse(statusCode: statusCode, headers: headers, body: Array(body.utf8)))
    }
  }

  private struct Rule: Sendable {
    var matches: @Sendable (RecordedRequest) -> Bool
    var reply: @Sendable (RecordedRequest) -> Reply
    var remaining: Int?
  }

  private struct State: Sendable {
    var requests: [RecordedRequest] = []
    var script: [Reply] = []
    var rules: [Rule] = []
    var fallback: Reply
  }

  private let state: LockIsolated<State>

  /// A transport that answers every request with `fallback` unless a rule or the script says otherwise.
  public init(answering fallback: Reply = .status(200)) {
    state = LockIsolated(State(fallback: fallback))
  }

  /// The replies to the next requests, in order, after those already scripted.
  public func script(_ replies: Reply...) {
    state.withLock { $0.script.append(contentsOf: replies) }
  }

  /// Answers every request `matches` accepts with `reply` (at most `times` times), before the script.
  public func reply(
    _ reply: Reply, when matches: @escaping @Sendable (RecordedRequest) -> Bool = { _ in true }, times: Int? = nil
  ) {
    self.reply(when: matches, times: times) { _ in reply }
  }

  /// Answers every request `matches` accepts with what `reply` makes of it (a partial success that names
  /// the request's own events), at most `times` times, before the script.
  public func reply(
    when matches: @escaping @Sendable (RecordedRequest) -> Bool = { _ in true }, times: Int? = nil,
    _ reply: @escaping @Sendable (RecordedRequest) -> Reply
  ) {
    state.withLock { $0.rules.append(Rule(matches: matches, reply: reply, remaining: times)) }
  }

  /// Every request received so far, in order.
  public var requests: [RecordedRequest] {
    state.withLock { $0.requests }
  }

  /// Records `request` and answers it from the rules, the script or the default.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let recorded = RecordedRequest(request)
    let reply = state.withLock { state -> Reply in
      state.requests.append(recorded)
      if let index = state.rules.firstIndex(where: { $0.remaining != 0 && $0.matches(recorded) }) {
        if let remaining = state.rules[index].remaining { state.rules[index].remaining = remaining - 1 }
        return state.rules[index].reply(recorded)
      }
      return state.script.isEmpty ? state.fallback : state.script.removeFirst()
    }
    switch reply {
    case let .response(response): return response
    case .dropConnection: throw URLError(.networkConnectionLost)
    }
  }
}
