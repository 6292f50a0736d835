import Dispatch
import Testing
import Trackers

@Suite struct FilterTests {
  @Test func dropsEventsThePredicateRejects() {
    let log = EventLog<AppEvent>()
    let tracker = filter(log.tracker) { $0 != .appEnteredBackground }
    tracker(.appLaunched)
    tracker(.appEnteredBackground)
    tracker(.appEnteredForeground)
    #expect(log.events == [.appLaunched, .appEnteredForeground])
  }
}

@Suite struct OnSerialQueueTests {
  @Test func deliversInOrderWithoutBlockingTheCaller() {
    let log = EventLog<Int>()
    let queue = DispatchQueue(label: "test.serial")
    let gate = DispatchSemaphore(value: 0)
    let slow: Tracker<Int> = { value in
      if value == 0 { gate.wait() }  // the first event blocks the queue until the caller is done
      log.tracker(value)
    }
    let tracker = onSerialQueue(slow, queue)
    for value in 0..<100 { tracker(value) }  // returns although the tracker is blocked
    #expect(log.events.isEmpty)
    gate.signal()
    queue.sync {}
    #expect(log.events == Array(0..<100))
  }
}
