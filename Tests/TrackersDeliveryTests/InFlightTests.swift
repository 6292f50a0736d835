import Foundation
import Testing
import Trackers
@testable import TrackersDelivery

/// Holds every request until `openAll()`, and records what was out at once, overall and per partition.
final class HoldingTransport: HTTPTransport {
  struct State {
    var held: [CheckedContinuation<Void, Never>] = []
    var open = false
    /// Each request's partition and record seqs, in the order they arrived.
    var arrivals: [(partition: String, seqs: [Int])] = []
    var out: [String: Int] = [:]
    var maxOut = 0
    var maxOutByPartition: [String: Int] = [:]
  }

  let state = LockIsolated(State())

  var held: Int { state.withLock { $0.held.count } }

  /// Returns once `count` requests are held: no deadline decides it (the suite's time limit catches a hang).
  func waitUntilHeld(_ count: Int) async {
    while held < count { try? await Task.sleep(for: .milliseconds(2)) }
  }

  func openAll() {
    let held = state.withLock { s -> [CheckedContinuation<Void, Never>] in
      s.open = true
      defer { s.held = [] }
      return s.held
    }
    for continuation in held { continuation.resume() }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let partition = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
    let seqs = String(decoding: request.body, as: UTF8.self).components(separatedBy: "\"seq\":").dropFirst()
      .compactMap { Int($0.prefix { $0.isNumber }) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      state.withLock { s in
        s.arrivals.append((partition, seqs))
        s.out[partition, default: 0] += 1
        s.maxOut = max(s.maxOut, s.out.values.reduce(0, +))
        s.maxOutByPartition[partition] = max(s.maxOutByPartition[partition] ?? 0, s.out[partition] ?? 0)
        if s.open { continuation.resume() } else { s.held.append(continuation) }
      }
    }
    state.withLock { $0.out[partition, default: 0] -= 1 }
    return HTTPResponse(statusCode: 200)
  }
}

/// `TestDestination` whose partition "ordered" keeps its order; the others don't.
struct PartlyOrderedDestination: DeliveryDestination {
  var test = TestDestination(url: URL(string: "https://example.com/batch")!, maxEvents: 1)
  var name: String { test.name }
  var limits: BatchLimits { test.limits }
  func makeRequest(for batch: Batch) throws -> HTTPRequest { try test.makeRequest(for: batch) }
  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome { test.classify(response, for: batch) }
  func keepsOrder(of partition: String) -> Bool { partition == "ordered" }
}

/// Several requests in flight through a real queue: bounded, and a partition that keeps its order never
/// in two at once. No time decides anything: the transport holds the requests until the test lets them go.
@Suite(.timeLimit(.minutes(10))) struct InFlightTests {
  func run(inFlight: Int, partitions: [String], expectedFirst: Int? = nil) async throws -> (firstRound: [(partition: String, seqs: [Int])], state: HoldingTransport.State, counters: DeliveryCounters) {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var configuration = testConfiguration(directory)
    configuration.maxRequestsInFlight = inFlight
    // Nothing is sent until every record is on disk: a sender woken by the first enqueue would read only
    // that one, and wait for its answer (held here) before reading the rest (seen under the sanitizer).
    let sending = LockIsolated(false)
    configuration.shouldSend = { sending.withLock { $0 } }
    let transport = HoldingTransport()
    let queue = try DeliveryQueue(destination: PartlyOrderedDestination(), configuration: configuration, transport: transport)
    for (seq, partition) in partitions.enumerated() { _ = try queue.enqueue(payload(seq), partition: partition) }
    sending.withLock { $0 = true }
    let flush = Task { await queue.flush() }
    // The first round: as many as the queue lets out before any answer.
    let expected = expectedFirst ?? min(inFlight, partitions.count)
    await transport.waitUntilHeld(expected)
    let firstRound = transport.state.withLock { $0.arrivals }
    transport.openAll()
    await flush.value
    let counters = queue.counters
    await queue.close()
    return (firstRound, transport.state.withLock { $0 }, counters)
  }

  @Test func upToTheBoundGoOutAtOnceAndAnOrderedPartitionOneAtATime() async throws {
    let partitions = ["u", "ordered", "u", "ordered", "u", "u", "ordered"]
    let (first, state, counters) = try await run(inFlight: 4, partitions: partitions)
    // The oldest first; "ordered"'s next record waits for its answer, the others go. The requests out
    // at once reach the transport in whatever order their tasks run, so the round is compared as a set.
    #expect(first.flatMap(\.seqs).sorted() == [0, 1, 2, 4])
    #expect(first.filter { $0.partition == "ordered" }.flatMap(\.seqs) == [1])
    #expect(state.maxOut == 4)
    #expect(state.maxOutByPartition["ordered"] == 1)
    #expect(state.arrivals.filter { $0.partition == "ordered" }.flatMap(\.seqs) == [1, 3, 6])
    #expect(state.arrivals.flatMap(\.seqs).sorted() == Array(0..<7))
    #expect(counters.delivered == 7 && counters.requests == 7)
    expectBalanced(counters)
  }

  /// A destination whose partitions all keep their order sends one request at a time, as with 1.
  @Test func onlyOrderedPartitionsGoOneAtATime() async throws {
    let (first, state, counters) = try await run(inFlight: 4, partitions: ["ordered", "ordered", "ordered"], expectedFirst: 1)
    #expect(first.map(\.seqs) == [[0]])
    #expect(state.maxOut == 1)
    #expect(state.arrivals.flatMap(\.seqs) == [0, 1, 2])
    #expect(counters.delivered == 3)
  }

  @Test func oneInFlightSendsOneRequestAtATimeOldestFirst() async throws {
    let (first, state, counters) = try await run(inFlight: 1, partitions: ["u", "u", "ordered", "u"])
    #expect(first.map(\.seqs) == [[0]])
    #expect(state.maxOut == 1)
    #expect(state.arrivals.flatMap(\.seqs) == [0, 1, 2, 3])
    #expect(counters.delivered == 4)
  }
}
