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
/// default: ``Reply/success``, the answer each destination documents for success (PostHog's
/// `{"status": 1}`, see ``TrackersDelivery/DeliveryDestination/successResponse(for:)``):
///
/// ```swift
/// let transport = ScriptedTransport()
/// transport.script(.status(503), .status(429, headers: ["Retry-After": "1"]))   // the next two requests
/// transport.reply(.status(413), when: { $0.body.count > 100_000 })               // every large body
/// transport.reply(.dropConnection, when: { $0.path == "/engage" }, times: 1)      // once
/// configuration.transport = transport
/// ```
///
/// A test waits for the requests it expects, never for a time: ``waitForRequests(_:timeout:)``.
///
/// A 2xx the destination does not read as success (a bare 200 to PostHog, which wants `{"status": 1}`) is
/// reported as an issue, once per destination, at the line that created the transport: the queue would
/// send the batch again and drop it after `maxAttempts`, and a test that only looks at the requests would
/// pass. Script such an answer as ``Reply/unexpectedAnswer(_:)`` when the test means it.
public final class ScriptedTransport: HTTPTransport, DestinationAwareTransport, Sendable {
  /// How the transport answers one request.
  public enum Reply: Sendable {
    /// A response.
    case response(HTTPResponse)
    /// The connection drops before any answer: `send` throws `URLError(.networkConnectionLost)`.
    case dropConnection
    /// The request stays in flight until `gate` opens, then gets `reply`: what a test checks while a
    /// request is unanswered holds however long the check takes. Cancelling the sender (closing the
    /// queue) ends the wait with `CancellationError`, as `URLSessionTransport` does.
    indirect case held(by: Gate, then: Reply)
    /// The answer the request's destination documents for success, with its body
    /// (``TrackersDelivery/DeliveryDestination/successResponse(for:)``: PostHog 200 `{"status": 1}`, GA4
    /// 204); a 200 with an empty body for a request sent to the transport directly, not by a queue.
    case success
    /// `reply`, which the test means the destination not to read as success (a captive portal's 200
    /// page): not reported as an issue.
    ///
    /// ```swift
    /// transport.script(.unexpectedAnswer(.status(200, headers: ["Content-Type": "text/html"], body: "<html>")))
    /// ```
    indirect case unexpectedAnswer(Reply)

    /// A response with `statusCode`, `headers` and a UTF-8 `body`.
    public static func status(_ statusCode: Int, headers: [String: String] = [:], body: String = "") -> Reply {
      .response(HTTPResponse(statusCode: statusCode, headers: headers, body: Array(body.utf8)))
    }
  }

  /// Holds the requests answered ``Reply/held(by:then:)`` until ``open()``.
  ///
  /// ```swift
  /// let gate = ScriptedTransport.Gate()
  /// transport.script(.held(by: gate, then: .status(200)))
  /// try queue.enqueue(event)
  /// await transport.waitForRequests(1)
  /// #expect(queue.counters.pendingEvents == 1)   // in flight, still pending
  /// gate.open()
  /// ```
  public final class Gate: Sendable {
    private struct State: Sendable {
      var isOpen = false
      var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
      var cancelled: Set<Int> = []
      var next = 0
    }
    private let state = LockIsolated(State())

    /// A closed gate.
    public init() {}

    /// Lets every held request through, and every later one at once.
    public func open() {
      let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.isOpen = true
        defer { state.waiters = [:] }
        return Array(state.waiters.values)
      }
      for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open; throws `CancellationError` if the task is cancelled first. A test
    /// may wait on a gate of its own too, one a callback opens (give the test a `.timeLimit`).
    public func wait() async throws {
      let id = state.withLock { state -> Int in
        state.next += 1
        return state.next
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let passes = state.withLock { state -> Bool in
            // Cancelled before waiting: the handler found nothing to resume.
            if state.isOpen || state.cancelled.contains(id) { return true }
            state.waiters[id] = continuation
            return false
          }
          if passes { continuation.resume() }
        }
      } onCancel: {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
          state.cancelled.insert(id)
          return state.waiters.removeValue(forKey: id)
        }
        waiter?.resume()
      }
      try Task.checkCancellation()
    }

    /// Waits until the gate opens, for at most `timeout` of the time this wait ran (``WaitBudget``: not the
    /// time it queued for a thread); returns whether it opened.
    package func wait(timeout: Duration) async -> Bool {
      await withTaskGroup(of: Bool.self) { group in
        group.addTask { (try? await self.wait()) != nil }
        group.addTask {
          var budget = WaitBudget(timeout)
          await budget.sleepUntilSpent()
          return false
        }
        let opened = await group.next() ?? false
        group.cancelAll()
        return opened
      }
    }
  }

  private struct Rule: Sendable {
    var matches: @Sendable (RecordedRequest) -> Bool
    var reply: @Sendable (RecordedRequest) -> Reply
    var remaining: Int?
  }

  private struct Waiter: Sendable {
    var condition: @Sendable ([RecordedRequest]) -> Bool
    var continuation: CheckedContinuation<[RecordedRequest], Never>
    var timeout: Task<Void, Never>
  }

  private struct State: Sendable {
    var requests: [RecordedRequest] = []
    var script: [Reply] = []
    var rules: [Rule] = []
    var fallback: Reply
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
    /// Waits whose timeout fired before they were registered.
    var expired: Set<Int> = []
    /// The destinations already reported for a 2xx they don't read as success.
    var reportedUnexpected: Set<String> = []
  }

  private let state: LockIsolated<State>
  /// The reporter in force where the transport was made (a test's), which the queue's sender, a detached
  /// task, does not inherit; `nil`: the one in force when an issue is reported.
  private let reporter: IssueReporter?
  private let location: IssueLocation

  /// A transport that answers every request with `fallback` unless a rule or the script says otherwise;
  /// an unexpected success body is reported at the caller's location.
  public init(
    answering fallback: Reply = .success,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    state = LockIsolated(State(fallback: fallback))
    reporter = IssueReporter.scoped
    location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
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

  /// One request at a time, whatever the queue's ``TrackersDelivery/DeliveryConfiguration/maxRequestsInFlight``:
  /// the script's replies then go to the requests in the order the queue sends them, and a test's outcome
  /// can't depend on which of two concurrent requests came first. Test requests in flight with a real
  /// transport (`URLSessionTransport` to a loopback server) or a transport of your own.
  public var maxConcurrentRequests: Int? { 1 }

  /// Every request received so far, in order.
  public var requests: [RecordedRequest] {
    // Read on the test's task: an unexpected answer reported from the queue's sender fails this test now.
    IssueReporter.deliverDeferredReports()
    return state.withLock { $0.requests }
  }

  /// Waits until the requests received so far make `condition` true, and returns them: checked now and
  /// after each request, under the transport's lock (don't call the transport from it).
  ///
  /// `timeout` only ends a run that would otherwise hang: it returns the requests received by then, for
  /// the test's assertions to fail on. It counts the time the wait ran, not the time it queued for a
  /// thread behind the rest of a loaded suite. A queue applies an answer after `send` returns: `flush()` after
  /// the wait returns once the last request's answer is applied.
  ///
  /// ```swift
  /// transport.script(.status(503))
  /// try queue.enqueue(event)
  /// let requests = await transport.waitForRequests { $0.count == 2 }   // the 503 and its retry
  /// await queue.flush()
  /// #expect(queue.counters.delivered == 1)
  /// ```
  @discardableResult
  public func waitForRequests(
    timeout: Duration = .seconds(60), until condition: @escaping @Sendable ([RecordedRequest]) -> Bool
  ) async -> [RecordedRequest] {
    await withCheckedContinuation { continuation in
      let id = state.withLock { state -> Int in
        state.nextWaiter += 1
        return state.nextWaiter
      }
      let timeout = Task { [weak self] in
        // Time this task ran, not time it queued for a thread behind the rest of the suite (`WaitBudget`).
        var budget = WaitBudget(timeout)
        await budget.sleepUntilSpent()
        if !Task.isCancelled { self?.endWait(id) }
      }
      let ready = state.withLock { state -> [RecordedRequest]? in
        if condition(state.requests) || state.expired.remove(id) != nil { return state.requests }
        state.waiters[id] = Waiter(condition: condition, continuation: continuation, timeout: timeout)
        return nil
      }
      if let ready {
        timeout.cancel()
        continuation.resume(returning: ready)
      }
    }
  }

  /// Waits until at least `count` requests were received, and returns them all; see
  /// ``waitForRequests(timeout:until:)``.
  @discardableResult
  public func waitForRequests(_ count: Int, timeout: Duration = .seconds(60)) async -> [RecordedRequest] {
    await waitForRequests(timeout: timeout) { $0.count >= count }
  }

  private func endWait(_ id: Int) {
    let ended = state.withLock { state -> (Waiter, [RecordedRequest])? in
      guard let waiter = state.waiters.removeValue(forKey: id) else {
        state.expired.insert(id)
        return nil
      }
      return (waiter, state.requests)
    }
    ended?.0.continuation.resume(returning: ended?.1 ?? [])
  }

  /// Records `request` and answers it from the rules, the script or the default (``Reply/success`` is a
  /// 200 with an empty body here: no destination is known).
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await answer(request, success: { HTTPResponse(statusCode: 200) }, check: nil)
  }

  /// Records `request` and answers it from the rules, the script or the default: ``Reply/success`` is
  /// `destination`'s documented success, and a 2xx that `destination` does not read as success is
  /// reported (see the type's documentation).
  package func send(_ request: HTTPRequest, for batch: Batch, to destination: any DeliveryDestination) async throws
    -> HTTPResponse
  {
    try await answer(
      request, success: { destination.successResponse(for: batch) },
      check: { [self] response in checkSuccess(response, to: request, for: batch, by: destination) })
  }

  /// Reports a 2xx that `destination` reads as an unexpected answer, once per destination.
  private func checkSuccess(
    _ response: HTTPResponse, to request: HTTPRequest, for batch: Batch, by destination: any DeliveryDestination
  ) {
    guard (200..<300).contains(response.statusCode),
      case .unexpectedAnswer = destination.classify(response, for: batch),
      state.withLock({ $0.reportedUnexpected.insert(destination.name).inserted })
    else { return }
    let name = destination.name
    let recorded = RecordedRequest(request)
    (reporter ?? IssueReporter.current).report(
      """
      ScriptedTransport answered \(name)'s \(recorded.method) \(recorded.path) with \(response), which \(name) \
      does not read as success: the queue sends the batch again and drops it after `maxAttempts`, so a test \
      can pass with nothing delivered. To fix this, answer `.success` (\(name)'s documented success: \
      \(destination.successResponse(for: batch))), or script the answer as `.unexpectedAnswer(...)` if the \
      test means it.
      """, location)
  }

  /// Records `request`, takes its reply, and answers it; a test waiting for the request goes on once an
  /// immediate answer is checked, so that its issue is reported while the test runs.
  private func answer(
    _ request: HTTPRequest, success: () -> HTTPResponse, check: ((HTTPResponse) -> Void)?
  ) async throws -> HTTPResponse {
    let recorded = RecordedRequest(request)
    let (reply, satisfied) = state.withLock { state -> (Reply, [(Waiter, [RecordedRequest])]) in
      state.requests.append(recorded)
      var satisfied: [(Waiter, [RecordedRequest])] = []
      for (id, waiter) in state.waiters where waiter.condition(state.requests) {
        state.waiters[id] = nil
        satisfied.append((waiter, state.requests))
      }
      if let index = state.rules.firstIndex(where: { $0.remaining != 0 && $0.matches(recorded) }) {
        if let remaining = state.rules[index].remaining { state.rules[index].remaining = remaining - 1 }
        return (state.rules[index].reply(recorded), satisfied)
      }
      return (state.script.isEmpty ? state.fallback : state.script.removeFirst(), satisfied)
    }
    var check = check
    if case let .response(response) = reply {
      check?(response)
      check = nil
    }
    for (waiter, requests) in satisfied {
      waiter.timeout.cancel()
      waiter.continuation.resume(returning: requests)
    }
    return try await answer(reply, success: success, check: check)
  }

  /// `reply` as a response: ``Reply/success`` is `success()`, and every other response goes through `check`
  /// unless the test marked it ``Reply/unexpectedAnswer(_:)``.
  private func answer(
    _ reply: Reply, success: () -> HTTPResponse, check: ((HTTPResponse) -> Void)?
  ) async throws -> HTTPResponse {
    switch reply {
    case let .response(response):
      check?(response)
      return response
    case .success: return success()
    case let .unexpectedAnswer(reply): return try await answer(reply, success: success, check: nil)
    case .dropConnection: throw URLError(.networkConnectionLost)
    case let .held(gate, then):
      try await gate.wait()
      return try await answer(then, success: success, check: check)
    }
  }
}
