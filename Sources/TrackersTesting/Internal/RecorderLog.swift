import Trackers

/// What a ``TrackerRecorder`` received and how much of it expectations consumed.
///
/// A separate object from the recorder, so that the recorder's `tracker` (which may outlive the test in a
/// module's `Current`) keeps only the log alive, and the recorder's `deinit` still marks the end of its use.
final class RecorderLog<Event: Sendable>: UnconsumedEventsCheck {
  struct State: Sendable {
    var received: [Event] = []
    /// How many of `received`, from the start, expectations have consumed.
    var consumedCount = 0

    var unconsumed: [Event] { Array(received[consumedCount...]) }

    mutating func consumeAll() {
      consumedCount = received.count
    }
  }

  let state = LockIsolated(State())
  let exhaustivity: Exhaustivity
  let origin: SourceOrigin

  init(exhaustivity: Exhaustivity, origin: SourceOrigin) {
    self.exhaustivity = exhaustivity
    self.origin = origin
  }

  func append(_ event: Event) {
    state.withLock { $0.received.append(event) }
  }

  func failIfEventsAreUnconsumed() {
    guard exhaustivity == .exhaustive else { return }
    let unconsumed = state.withLock { state in
      defer { state.consumeAll() }
      return state.unconsumed
    }
    guard !unconsumed.isEmpty else { return }
    let message = """
      TrackerRecorder<\(Event.self)> received \(counted(unconsumed.count, "event", "events")) that no \
      expectation consumed:
      \(unconsumed.map { "    + \(describeEvent($0))" }.joined(separator: "\n"))
      To fix this, expect them with `recorder.expect(...)`, skip them with \
      `recorder.skipUnconsumedEvents()`, or create the recorder with \
      `TrackerRecorder(exhaustivity: .nonExhaustive)` if this test checks only some of the events.
      """
    origin.fail(message)
  }
}
