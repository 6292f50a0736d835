import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// The lifecycle and a real queue, through the public API only: a transport that answers only when the test
/// lets it holds the background flush, so the order of what happens is the test's, never the clock's.
@Suite struct LifecycleStorageTests {
  /// Answers 200 to every request, but holds each one until ``open()``; records the `seq` of every event
  /// it was sent, and tells ``firstRequest()`` when the first arrives.
  final class GatedTransport: HTTPTransport {
    private struct State {
      var isOpen = false
      var held: [CheckedContinuation<Void, Never>] = []
      var arrived = false
      var waitingForArrival: [CheckedContinuation<Void, Never>] = []
      var seqs: [Int] = []
    }

    private let state = LockIsolated(State())

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      let events = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [[String: Any]] ?? []
      let seqs = events.compactMap { ($0["event"] as? [String: Any])?["seq"] as? Int }
      let arrivals = state.withLock { state in
        state.seqs += seqs
        state.arrived = true
        defer { state.waitingForArrival = [] }
        return state.waitingForArrival
      }
      for waiter in arrivals { waiter.resume() }
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          if !state.isOpen { state.held.append(continuation) }
          return state.isOpen
        }
        if resumeNow { continuation.resume() }
      }
      return HTTPResponse(statusCode: 200)
    }

    /// Returns once a request has arrived (and is held, until `open()`).
    func firstRequest() async {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          if !state.arrived { state.waitingForArrival.append(continuation) }
          return state.arrived
        }
        if resumeNow { continuation.resume() }
      }
    }

    /// Answers the requests held, and every later one at once.
    func open() {
      let held = state.withLock { state in
        state.isOpen = true
        defer { state.held = [] }
        return state.held
      }
      for continuation in held { continuation.resume() }
    }

    var seqs: Set<Int> { Set(state.withLock { $0.seqs }) }
  }

  let storage = makeTemporaryDirectory()
  let transport = GatedTransport()
  let lifecycle = ApplicationLifecycle(
    storageDirectory: nil,
    appVersion: "1", appBuild: "1", relinquishesStorageInBackground: true)

  /// A vendor module's live half on `storage`, registered with the lifecycle as the vendor modules do.
  func makeDelivery() throws -> VendorDelivery<Void> {
    let module = VendorModule(name: "TestTracker", vendor: "Test", configuration: "TestTracker.Current = .live()")
    var options = DeliveryOptions(storageDirectory: storage, maxEventsPerRequest: 100)
    options.transport = transport
    options.lifecycle = lifecycle
    options.context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    options.onReport = { _ in }
    return try VendorDelivery(
      module: module, destination: TestDestination(url: URL(string: "https://example.com/batch")!), options: options,
      derive: { _, _ in () })
  }

  func track(_ seqs: Range<Int>, into delivery: VendorDelivery<Void>) {
    for seq in seqs { delivery.settle(delivery.fate(queueing: VendorRecord(payload: payload(seq), id: RecordID())), event: "seq \(seq)") }
  }

  /// Records waiting in the inbox: written while the queue had let go of its directory.
  var inboxRecords: Int {
    let inbox = storage.appendingPathComponent("queue/inbox", isDirectory: true).path
    return ((try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []).filter { $0.hasSuffix(".log") }.count
  }

  /// The app comes back while the background flush still waits for its answer: once the flush ends, the
  /// queue keeps its directory, so what the app tracks next is sent, not left in `inbox/` until the next
  /// trip to the background and back.
  @Test func aReturnToTheForegroundDuringTheBackgroundFlushKeepsTheQueueSending() async throws {
    defer { removeDirectory(storage) }
    let delivery = try makeDelivery()
    lifecycle.launched()
    track(0..<3, into: delivery)
    let background = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await transport.firstRequest()  // the flush is under way, its request held
    lifecycle.enteredForeground()
    transport.open()
    await background.value

    #expect(delivery.queue.role == .sender)
    track(3..<6, into: delivery)
    #expect(inboxRecords == 0)
    await delivery.queue.flush()
    #expect(transport.seqs == Set(0..<6))
    #expect(delivery.queue.counters.pendingEvents == 0)
    await delivery.queue.close(timeout: .seconds(1))
  }

  /// The background time runs out while the flush waits for its answer: the queue lets go of its directory
  /// at once (what is tracked then waits in the inbox), the end of the flush does not take it back in the
  /// background, and the return to the foreground does, sending everything.
  @Test func whenTheBackgroundTimeRunsOutTheQueueLetsGoAtOnceAndTakesItBackOnTheReturn() async throws {
    defer { removeDirectory(storage) }
    let delivery = try makeDelivery()
    lifecycle.launched()
    track(0..<3, into: delivery)
    let background = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await transport.firstRequest()
    lifecycle.backgroundTimeExpired()
    #expect(delivery.queue.role == .relinquished)
    track(3..<5, into: delivery)
    #expect(inboxRecords == 2)
    transport.open()
    await background.value
    #expect(delivery.queue.role == .relinquished)

    lifecycle.enteredForeground()
    #expect(delivery.queue.role == .sender)
    await delivery.queue.flush()
    // The request in flight when the queue let go may be sent again: duplicates are allowed, losses not.
    #expect(transport.seqs == Set(0..<5))
    #expect(delivery.queue.counters.pendingEvents == 0)
    #expect(inboxRecords == 0)
    await delivery.queue.close(timeout: .seconds(1))
  }
}

/// Which reports the default log writes loudly: a lost event is an error (kept by release builds, shown by
/// Console), a scheduled retry is not logged at all.
@Suite struct DeliveryReportLevelTests {
  @Test func lostRecordsAndFailuresAreErrorsRetriesAndPurgesAreDebug() {
    for reason in DropReason.allCases {
      let report = DeliveryReport.dropped(destination: "Test", count: 1, reason: reason, detail: "")
      #expect(report.logLevel == (reason == .purged ? .debug : .error), "\(reason)")
    }
    #expect(DeliveryReport.permanentFailure(destination: "Test", statusCode: 401, detail: "").logLevel == .error)
    #expect(DeliveryReport.corruptDataSkipped(destination: "Test", regions: 1, bytes: 3, detail: "").logLevel == .error)
    #expect(DeliveryReport.storageFailure(destination: "Test", detail: "No space left on device").logLevel == .error)
    #expect(DeliveryReport.retryScheduled(destination: "Test", count: 1, delay: .seconds(1), detail: "").logLevel == .debug)
  }
}
