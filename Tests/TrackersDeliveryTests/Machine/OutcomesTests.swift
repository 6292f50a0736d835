import Foundation
import Testing
@testable import TrackersDelivery

/// What each answer does to a batch, decided without a log, a socket or a clock.
@Suite struct OutcomesTests {
  let ids = (0..<8).map { _ in RecordID() }

  func resolve(_ outcome: DeliveryOutcome, count: Int = 8, status: Int = 200) -> BatchResolution {
    Outcomes.resolve(outcome, ids: Array(ids.prefix(count)), response: HTTPResponse(statusCode: status), destination: "Test")
  }

  @Test func deliveredFinishesEverything() {
    #expect(resolve(.delivered) == .finish(rejected: [:]))
  }

  @Test func tooLargeSplitsABatchOfEightIntoTwoOfFour() {
    #expect(resolve(.tooLarge, status: 413) == .split(at: 4))
    #expect(resolve(.tooLarge, count: 3, status: 413) == .split(at: 1))
  }

  @Test func tooLargeOnASingleRecordDropsItWithAFoldedReport() {
    guard case let .drop(reason, detail, folding, permanentFailure) = resolve(.tooLarge, count: 1, status: 413) else {
      Issue.record("not a drop")
      return
    }
    #expect(reason == .tooLarge)
    #expect(folding)
    #expect(permanentFailure == nil)
    #expect(detail.contains("single record is too large for Test"))
  }

  @Test func partialSuccessDropsOnlyTheRejectedAndResendsNothing() {
    #expect(resolve(.partiallyDelivered(rejected: [2: "bad", 5: "worse"])) == .finish(rejected: [2: "bad", 5: "worse"]))
    var counters = DeliveryCounters()
    let report = Outcomes.countFinished(
      delivered: 6, rejected: 2, reasons: ["#2 a: bad", "#5 b: worse"], destination: "Test", counters: &counters)
    #expect(counters.delivered == 6)
    #expect(counters.dropped(.rejected) == 2)
    #expect(report?.description.contains("#2 a: bad; #5 b: worse") == true)
    #expect(Outcomes.countFinished(delivered: 8, rejected: 0, reasons: [], destination: "Test", counters: &counters) == nil)
  }

  @Test func rejectedResendRestDropsTheRefusedAndResendsTheRestAtOnce() {
    guard case let .dropAndResend(dropped, detail, rest) = resolve(.rejectedResendRest(rejected: [1: "no", 6: "nope"]))
    else {
      Issue.record("not a drop and resend")
      return
    }
    #expect(dropped == [1, 6])
    #expect(rest == [0, 2, 3, 4, 5, 7])
    #expect(detail == "#1 \(ids[1]): no; #6 \(ids[6]): nope")
  }

  @Test func rejectionsMatchingNoRecordCountAsAFailedAttempt() {
    #expect(
      resolve(.rejectedResendRest(rejected: [42: "?"]), status: 400)
        == .retry(serverDelay: nil, countsAsAttempt: true, detail: "rejections match no record: HTTP 400"))
  }

  @Test func retryAfterIsKeptForTheBackoff() {
    #expect(resolve(.retry(after: .seconds(1)), status: 429) == .retry(serverDelay: .seconds(1), countsAsAttempt: true, detail: "HTTP 429"))
    #expect(resolve(.unexpectedAnswer(reason: "odd"), status: 200) == .retry(serverDelay: nil, countsAsAttempt: true, detail: "odd"))
  }

  @Test func aRefusalDropsTheBatchAndReportsAPermanentFailure() {
    #expect(
      resolve(.drop(reason: "401 unauthorized"), status: 401)
        == .drop(.permanentFailure, detail: "401 unauthorized", folding: false, permanentFailure: .init(statusCode: 401, detail: "401 unauthorized")))
    #expect(
      Outcomes.requestFailed("insecure URL")
        == .drop(.permanentFailure, detail: "insecure URL", folding: false, permanentFailure: .init(statusCode: nil, detail: "insecure URL")))
  }

  @Test(arguments: [false, true])
  func networkErrorsCountAsAttemptsOnlyWhenConfigured(counts: Bool) {
    var rules = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    rules.networkErrorsCountAsAttempts = counts
    guard case let .retry(serverDelay, countsAsAttempt, detail) = Outcomes.networkFailed(URLError(.timedOut), rules: rules)
    else {
      Issue.record("not a retry")
      return
    }
    #expect(serverDelay == nil)
    #expect(countsAsAttempt == counts)
    #expect(detail.hasPrefix("network error: "))
  }

  @Test func maxAttemptsDropsExactlyTheRecordsThatReachedIt() {
    let (kept, exhausted) = Outcomes.afterRetry(attempts: [1, 5, 4, 6, 5], maxAttempts: 5)
    #expect(kept == [0, 2])
    #expect(exhausted == [1, 3, 4])
    var counters = DeliveryCounters()
    let reports = Outcomes.countRetry(
      kept: 2, exhausted: 3, delay: .seconds(2), detail: "HTTP 503", maxAttempts: 5, destination: "Test", counters: &counters)
    #expect(counters.dropped(.maxAttempts) == 3)
    #expect(counters.retried == 2)
    #expect(reports.count == 2)
    #expect(reports.first?.description.contains("failed 5 times, last: HTTP 503") == true)
  }

  /// Network errors back off and recover: each failure grows the pause (from the seed), the first
  /// answer resets it, and no attempt is counted.
  @Test func networkErrorsBackOffAndRecover() {
    let rules = DeliveryConfiguration.Backoff(base: .seconds(1), cap: .seconds(8))
    var random: any QueueRandom = SeededQueueRandom(seed: 11)
    var pace = DeliveryPace()
    var now = Duration.zero
    for failures in 1...6 {
      let delay = pace.failed(serverDelay: nil, at: now, rules: rules, random: &random)
      #expect(delay <= .seconds(min(8, 1 << (failures - 1))))
      #expect(pace.remainingPause(at: now) == (delay > .zero ? delay : nil))
      now += delay
      #expect(pace.remainingPause(at: now) == nil)
    }
    #expect(pace.consecutiveFailures == 6)
    pace.answered()
    #expect(pace.consecutiveFailures == 0)
  }
}
