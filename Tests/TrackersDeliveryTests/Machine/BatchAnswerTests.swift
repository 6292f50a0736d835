import Foundation
import Testing
@testable import TrackersDelivery

/// What becomes of a batch once its request ends, and how many requests are out: the machine's exact
/// log edits and commands for each answer (`answered(_:ids:attempts:at:)`), compared whole, with no log,
/// socket or clock.
@Suite struct BatchAnswerTests {
  let ids = (0..<4).map { _ in RecordID() }

  func machine(inFlight: Int = 4, maxAttempts: Int = 10) -> QueueMachine {
    var configuration = DeliveryConfiguration(
      directory: URL(fileURLWithPath: "/tmp/unused"), maxAttempts: maxAttempts,
      backoff: .init(base: .seconds(1), cap: .seconds(1)))
    configuration.maxRequestsInFlight = inFlight
    configuration.repeatedReportInterval = .zero
    return QueueMachine(
      destination: "Test", limits: BatchLimits(maxEvents: 4, maxBytes: 1000, flushInterval: .seconds(60)),
      configuration: configuration, random: SeededQueueRandom(seed: 3))
  }

  func outcome(_ outcome: DeliveryOutcome, count: Int = 4, status: Int = 200) -> QueueMachine.BatchAnswer {
    .outcome(outcome, ids: Array(ids.prefix(count)), response: HTTPResponse(statusCode: status))
  }

  func answered(
    _ m: inout QueueMachine, _ answer: QueueMachine.BatchAnswer, attempts: [Int?] = [0, 0, 0, 0], at now: Duration = .seconds(10)
  ) -> (edits: [QueueMachine.BatchEdit], answer: QueueMachine.Answer) {
    m.answered(answer, ids: Array(ids.prefix(attempts.count)), attempts: attempts, at: now)
  }

  // MARK: Sorting what a request threw (the shell's `catch` clauses, before)

  struct Offline: Error {}

  /// The sender hands the machine what delivery threw and whether its task was cancelled; the machine
  /// sorts it: the transport's refusal fails the request (even when cancelled: it was refused, not cut
  /// short), a cancelled request is withheld, any other error is no answer.
  @Test func whatADeliveryThrewIsSortedByTheMachine() {
    let insecure = DeliveryError.insecureURL("http://example.com/")
    for cancelled in [false, true] {
      guard case .requestFailed(let detail) = QueueMachine.BatchAnswer(deliveryThrew: insecure, cancelled: cancelled)
      else { Issue.record("a DeliveryError, cancelled \(cancelled): not requestFailed"); continue }
      #expect(detail == insecure.description)
    }
    guard case .noAnswer(let error) = QueueMachine.BatchAnswer(deliveryThrew: Offline(), cancelled: false) else {
      Issue.record("a network error: not noAnswer")
      return
    }
    #expect(error is Offline)
    guard case .withheld = QueueMachine.BatchAnswer(deliveryThrew: CancellationError(), cancelled: true) else {
      Issue.record("a cancelled request: not withheld")
      return
    }
    guard case .withheld = QueueMachine.BatchAnswer(deliveryThrew: Offline(), cancelled: true) else {
      Issue.record("a cancelled request that threw a network error: not withheld")
      return
    }
  }

  /// A request that could not be built fails, with the destination's words when it threw a DeliveryError.
  @Test func aRequestThatCouldNotBeBuiltFails() {
    let insecure = DeliveryError.insecureURL("http://example.com/")
    guard case .requestFailed(let own) = QueueMachine.BatchAnswer(requestNotBuilt: insecure),
      case .requestFailed(let other) = QueueMachine.BatchAnswer(requestNotBuilt: Offline())
    else {
      Issue.record("not requestFailed")
      return
    }
    #expect(own == insecure.description)
    #expect(other == "could not build the request: Offline()")
  }

  @Test func deliveredFinishesEveryRecordAndSavesTheCursor() {
    var m = machine()
    #expect(answered(&m, outcome(.delivered)) == ([.finishRecords([0, 1, 2, 3]), .saveCursor], []))
    #expect(m.counters.delivered == 4)
  }

  @Test func recordsGoneWhileInFlightAreNeitherFinishedNorCountedAgain() {
    var m = machine()
    #expect(answered(&m, outcome(.delivered), attempts: [nil, 0, nil, 2]) == ([.finishRecords([1, 3]), .saveCursor], []))
    #expect(m.counters.delivered == 2)
    // The log was replaced: nothing of the batch is pending, nothing is done.
    #expect(answered(&m, outcome(.retry(after: nil), status: 503), attempts: [nil, nil, nil, nil]) == ([], []))
    #expect(m.pace.backoffUntil == nil)
  }

  @Test func partialSuccessFinishesAllAndDropsOnlyTheRejected() {
    var m = machine()
    let commands = answered(&m, outcome(.partiallyDelivered(rejected: [1: "bad"]), status: 400))
    #expect(commands == ([.finishRecords([0, 1, 2, 3]), .saveCursor], [.dropped(1, .rejected, "#1 \(ids[1]): bad")]))
    #expect(m.counters.delivered == 3 && m.counters.dropped(.rejected) == 1)
  }

  @Test func rejectedResendRestDropsTheRefusedAndSendsTheRestAgain() {
    var m = machine()
    let commands = answered(&m, outcome(.rejectedResendRest(rejected: [1: "no"]), status: 400))
    #expect(commands == ([.finishRecords([1]), .saveCursor, .sendAgain([[0, 2, 3]])], [.dropped(1, .rejected, "#1 \(ids[1]): no")]))
  }

  @Test func tooLargeSplitsIntoHalvesFirstFirstAndASingleRecordIsDroppedFolded() {
    var m = machine()
    #expect(answered(&m, outcome(.tooLarge, status: 413)) == ([.sendAgain([[0, 1], [2, 3]])], []))
    // Split by the batch as sent: a record gone meanwhile is left out of its half.
    #expect(answered(&m, outcome(.tooLarge, status: 413), attempts: [nil, 0, 0, 0]) == ([.sendAgain([[1], [2, 3]])], []))
    let single = answered(&m, outcome(.tooLarge, count: 1, status: 413), attempts: [0])
    #expect(
      single == (
        [.finishRecords([0]), .saveCursor], [.dropped(1, .tooLarge, "a single record is too large for Test: HTTP 413")]
      ))
  }

  @Test func aRefusalIsReportedThenTheBatchDropped() {
    var m = machine()
    let commands = answered(&m, outcome(.drop(reason: "401 unauthorized"), count: 2, status: 401), attempts: [0, 0])
    #expect(
      commands == (
        [.finishRecords([0, 1]), .saveCursor],
        [
          .report(.permanentFailure(destination: "Test", statusCode: 401, detail: "401 unauthorized")),
          .dropped(2, .permanentFailure, "401 unauthorized"),
        ]
      ))
  }

  @Test func retryAfterCountsAnAttemptPausesExactlyAndSendsTheBatchAgainAfterThePause() {
    var m = machine()
    let commands = answered(&m, outcome(.retry(after: .seconds(2)), status: 429))
    #expect(
      commands == (
        [.recordAttempts([0, 1, 2, 3]), .saveCursor, .sendAgain([[0, 1, 2, 3]])],
        [.retry(4, .seconds(2), "HTTP 429")]
      ))
    #expect(m.pace.backoffUntil == .seconds(12))
    #expect(!m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
  }

  @Test func theRecordsOutOfAttemptsAreDroppedAndTheOthersTryAgain() {
    var m = machine(maxAttempts: 3)
    let commands = answered(&m, outcome(.retry(after: .seconds(1)), status: 503), attempts: [2, 0, nil, 1])
    #expect(
      commands == (
        [.recordAttempts([0, 1, 3]), .finishRecords([0]), .saveCursor, .sendAgain([[1, 3]])],
        [
          .dropped(1, .maxAttempts, "failed 3 times, last: HTTP 503"),
          .retry(2, .seconds(1), "HTTP 503"),
        ]
      ))
  }

  @Test func aNetworkErrorIsNotAnAttemptUnlessConfigured() throws {
    struct Down: Error {}
    var m = machine()
    let commands = answered(&m, .noAnswer(Down()), attempts: [9, 0])
    // The backoff's delay, drawn from the seeded source (full jitter under the 1 s cap).
    let delay = try #require(m.pace.backoffUntil) - .seconds(10)
    #expect(
      commands == (
        [.saveCursor, .sendAgain([[0, 1]])],
        [.retry(2, delay, "network error: Down()")]
      ))
  }

  @Test func theMachineBoundsTheRequestsInFlight() {
    var four = machine(inFlight: 4)
    #expect((0...4).map { four.mayStartRequest(inFlight: $0, readGeneration: 0) } == [true, true, true, true, false])
    let one = machine(inFlight: 1)
    #expect([0, 1].map { one.mayStartRequest(inFlight: $0, readGeneration: 0) } == [true, false])
    // Below 1 counts as 1; a log replaced since the read stops the drain.
    #expect(machine(inFlight: 0).mayStartRequest(inFlight: 0, readGeneration: 0))
    #expect(four.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(!four.mayStartRequest(inFlight: 0, readGeneration: 0))
  }

  @Test func withRequestsInFlightARetryPausesNewRequestsWhileTheOthersAreAnsweredAndCounted() {
    var m = machine()
    // Two batches out; the first is answered 429, the second delivered after it.
    #expect(m.handle(.requestSent, at: .seconds(10)) == [])
    #expect(m.handle(.requestSent, at: .seconds(10)) == [])
    let first = answered(&m, outcome(.retry(after: .seconds(5)), count: 2, status: 429), attempts: [0, 0])
    #expect(first.edits.last == .sendAgain([[0, 1]]))
    #expect(!m.mayStartRequest(inFlight: 1, readGeneration: m.generation))
    let second = answered(&m, outcome(.delivered, count: 2), attempts: [0, 0], at: .seconds(11))
    #expect(second == ([.finishRecords([0, 1]), .saveCursor], []))
    #expect(m.counters.delivered == 2 && m.counters.retried == 2 && m.counters.requests == 2)
    // The success does not lift the server's pause: the next look waits it out, then drains.
    #expect(m.pace.backoffUntil == .seconds(15))
    let look = QueueMachine.SendFacts(
      hasCarry: true, readGeneration: m.generation, pendingEvents: 2, pendingBytes: 20,
      logEnd: LogPosition(segment: 1, offset: 40), writerEnd: LogPosition(segment: 1, offset: 40))
    #expect(m.sendStep(look, at: .seconds(11)) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(4))))
    #expect(m.sendStep(look, at: .seconds(15)) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 40), takingHandedOverFirst: false)))
    #expect(m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
  }
}
