import Testing
import Trackers

@Suite struct CombineTests {
  @Test func sendsEveryEventToEveryTrackerInOrder() {
    let log = EventLog<String>()
    let first = log.tracker
    let tracker: Tracker<Int> = combine(
      { first("a\($0)") },
      { first("b\($0)") },
      { first("c\($0)") }
    )
    tracker(1)
    tracker(2)
    #expect(log.events == ["a1", "b1", "c1", "a2", "b2", "c2"])
  }

  @Test func pairsAreSentInOrder() {
    let log = EventLog<String>()
    let record = log.tracker
    let tracker: Tracker<Int> = combine({ record("first \($0)") }, { record("second \($0)") })
    tracker(7)
    #expect(log.events == ["first 7", "second 7"])
  }

  @Test func combiningAnArrayKeepsArrayOrder() {
    let log = EventLog<Int>()
    let record = log.tracker
    let trackers: [Tracker<Int>] = (0..<5).map { offset in { record($0 * 10 + offset) } }
    combine(trackers)(1)
    #expect(log.events == [10, 11, 12, 13, 14])
  }

  @Test func combiningNothingDoesNothingAndOneIsItself() {
    let log = EventLog<Int>()
    combine([Tracker<Int>]())(1)
    combine(log.tracker)(2)
    #expect(log.events == [2])
  }

  @Test func nestedCombinationsFanOut() {
    let log = EventLog<String>()
    let record = log.tracker
    let inner: Tracker<String> = combine({ record("x:" + $0) }, { record("y:" + $0) })
    let outer = combine(inner, { record("z:" + $0) })
    outer("e")
    #expect(log.events == ["x:e", "y:e", "z:e"])
  }
}

@Suite struct CombineOrderTests {
  /// Small combinations are unrolled and larger ones split into groups of four: every tracker still hears
  /// every event once, in the order given.
  @Test(arguments: 0...11)
  func everyTrackerHearsEachEventOnceInOrder(count: Int) {
    let log = EventLog<String>()
    let trackers: [Tracker<Int>] = (0..<count).map { index in { event in log.tracker("\(index):\(event)") } }
    let combined = combine(trackers)
    combined(1)
    combined(2)
    #expect(log.events == (0..<count).map { "\($0):1" } + (0..<count).map { "\($0):2" })
  }
}
