import Foundation
import Trackers

/// A thread-safe list of what a tracker received; this target's tests can't use TrackersTesting's recorder
/// without depending on the module they help to test.
final class EventLog<Event: Sendable>: Sendable {
  private let storage = Storage()

  var tracker: Tracker<Event> {
    let storage = self.storage
    return { event in storage.append(event) }
  }

  var events: [Event] { storage.snapshot() }

  private final class Storage: @unchecked Sendable {
    // @unchecked is safe: `events` is only touched while `lock` is held.
    private var events: [Event] = []
    private let lock = NSLock()
    func append(_ event: Event) { lock.withLock { events.append(event) } }
    func snapshot() -> [Event] { lock.withLock { events } }
  }
}

/// A log sink whose lines the test can read back.
final class LineLog: Sendable {
  private let lines = EventLog<String>()
  var sink: LogSink { LogSink(lines.tracker) }
  var all: [String] { lines.events }
}
