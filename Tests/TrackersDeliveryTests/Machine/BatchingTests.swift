import Testing
@testable import TrackersDelivery

/// When the sender sends, waits, answers `flush()` and exits, decided from facts alone: no queue, no
/// clock (the time is a number), no sleeps.
@Suite struct BatchingTests {
  let limits = BatchLimits(maxEvents: 10, maxBytes: 1000, flushInterval: .seconds(60))

  func next(_ facts: Batching.Facts) -> Batching.Decision { Batching.next(facts, limits: limits) }

  @Test func idleWaitsForAnEnqueueAndAnswersFlush() {
    let decision = next(.init(now: .seconds(5), pendingSince: .seconds(1), flushRequested: true, flushWaiting: true))
    #expect(decision.step == .drain(includingHandedOver: true))
    let idle = next(.init(now: .seconds(5), pendingSince: .seconds(1)))
    #expect(idle == .init(step: .wait(nil), flush: .answer, senderWait: .set(.idle), clearsBackoff: true, clearsPendingSince: true))
  }

  @Test func aBatchIsDueAtTheIntervalExactly() {
    let early = next(.init(now: .seconds(59), pendingEvents: 3, pendingBytes: 90, pendingSince: .zero))
    #expect(early.step == .wait(.seconds(1)))
    #expect(early.senderWait == .set(.interval))
    #expect(early.flush == .keep)
    let due = next(.init(now: .seconds(60), pendingEvents: 3, pendingBytes: 90, pendingSince: .zero))
    #expect(due.step == .drain(includingHandedOver: false))
  }

  @Test func aFullBatchByCountOrBytesIsDueAtOnce() {
    #expect(next(.init(now: .seconds(1), pendingEvents: 10, pendingBytes: 100, pendingSince: .zero)).step == .drain(includingHandedOver: false))
    #expect(next(.init(now: .seconds(1), pendingEvents: 2, pendingBytes: 1000, pendingSince: .zero)).step == .drain(includingHandedOver: false))
  }

  @Test func flushSendsTheRestAndIsAnsweredAfterTheDrain() {
    let decision = next(.init(now: .seconds(1), pendingEvents: 3, pendingBytes: 90, pendingSince: .zero, flushRequested: true, flushWaiting: true))
    #expect(decision.step == .drain(includingHandedOver: false))
    #expect(decision.flush == .afterDrain)
  }

  @Test func flushIsAnsweredDuringABackoffWithoutSending() {
    let decision = next(
      .init(now: .seconds(10), backoffUntil: .seconds(40), pendingEvents: 3, pendingSince: .zero, flushRequested: true, flushWaiting: true))
    #expect(decision == .init(step: .wait(.seconds(30)), flush: .answer, senderWait: .set(nil)))
    // At the backoff's end exactly, sending resumes and the pause is forgotten.
    let over = next(.init(now: .seconds(40), backoffUntil: .seconds(40), pendingEvents: 3, pendingSince: .seconds(-20)))
    #expect(over.step == .drain(includingHandedOver: false))
    #expect(over.clearsBackoff)
  }

  @Test func closeExitsWhenTheBackoffReachesItsDeadline() {
    let past = next(.init(now: .seconds(10), backoffUntil: .seconds(40), closing: true, closeDeadline: .seconds(12), pendingEvents: 3))
    #expect(past.step == .exit)
    // A backoff ending before the deadline is waited out, then the rest is sent.
    let within = next(.init(now: .seconds(10), backoffUntil: .seconds(11), closing: true, closeDeadline: .seconds(12), pendingEvents: 3))
    #expect(within.step == .wait(.seconds(1)))
    let closingWithWork = next(.init(now: .seconds(11), closing: true, closeDeadline: .seconds(12), pendingEvents: 3, pendingSince: .seconds(11)))
    #expect(closingWithWork.step == .drain(includingHandedOver: false))
    #expect(next(.init(now: .seconds(11), closing: true, closeDeadline: .seconds(12))).step == .exit)
  }

  @Test func theSendGateHoldsRecordsAndAnswersFlush() {
    let held = next(.init(now: .seconds(100), maySend: false, pendingEvents: 5, pendingSince: .zero, flushRequested: true, flushWaiting: true))
    #expect(held == .init(step: .wait(nil), flush: .answer, senderWait: .set(nil), clearsBackoff: true))
    #expect(next(.init(now: .seconds(100), closing: true, maySend: false, pendingEvents: 5)).step == .exit)
    // Nothing pending: the closed gate changes nothing.
    #expect(next(.init(now: .seconds(100), maySend: false)).step == .wait(nil))
  }

  @Test func relinquishComesBeforeAnythingElseAndReplacedLogsVoidTheCarry() {
    #expect(next(.init(now: .zero, relinquished: true, pendingEvents: 5)) == .init(step: .modeChanged))
    #expect(next(.init(now: .zero, relinquishRequested: true, hasCarry: true, backoffUntil: .seconds(9))) == .init(step: .relinquish))
    #expect(next(.init(now: .zero, hasCarry: true, logReplaced: true)) == .init(step: .wait(.zero)))
    // The carry is void: with nothing pending in the new log the sender goes idle.
    #expect(next(.init(now: .zero, hasCarry: false, logReplaced: true)).step == .wait(nil))
    #expect(next(.init(now: .zero, hasCarry: true)).step == .drain(includingHandedOver: false))
  }
}
