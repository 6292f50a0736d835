import Synchronization
import Trackers

/// A sink and a line prefix that can be set once the trackers already exist.
final class LockIsolatedSink: Sendable {
  private let state = Mutex<(sink: LogSink, label: String)?>(nil)

  func set(_ sink: LogSink, _ label: String) {
    state.withLock { $0 = (sink, label) }
  }

  func write(_ line: String) {
    guard let (sink, label) = state.withLock({ $0 }) else { return }
    sink.write(label + line)
  }
}
