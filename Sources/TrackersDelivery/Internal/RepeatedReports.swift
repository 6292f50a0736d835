import Foundation
import Trackers

/// Folds reports that repeat one cause (the pending cap, a full disk, a closed queue): the first goes out in
/// full; the next ones within `interval` are only counted, and go out as one summary when a report of that
/// cause comes after the interval, or at ``drain()`` (when the queue closes).
///
/// A full disk used to print one identical line per event, 17,201 of them; the counters still count every
/// event, the log says it once and then how many more. A folded report costs a lock, a dictionary lookup
/// and a clock read: no formatting, no I/O.
final class RepeatedReports<Cause: Hashable & Sendable>: Sendable {
  /// What was folded for one cause since its last report went out.
  struct Folded: Sendable, Equatable {
    var cause: Cause
    /// How many reports were folded.
    var reports: Int
    /// What they were worth (the records they dropped, for drop reports).
    var weight: Int
    /// When the first of them came, for the summary's "since".
    var since: Date
  }

  /// What to do with one report.
  enum Decision: Sendable, Equatable {
    /// Send it: the first of its cause, or the first after a quiet interval.
    case send
    /// Only count it.
    case fold
    /// Send the summary of what was folded, then the report.
    case sendAfter(Folded)
  }

  private struct Window {
    var opened: ContinuousClock.Instant
    var folded: Folded?
    /// When its first report was folded, in the order of all folds: `drain` tells them in that order.
    var foldedOrder = 0
  }

  private struct Windows {
    var byCause: [Cause: Window] = [:]
    var folds = 0
  }

  let interval: Duration
  private let windows = LockIsolated(Windows())

  /// Folds repeats that come within `interval` of the report that went out; `.zero` sends every one.
  init(interval: Duration) {
    self.interval = interval
  }

  /// Decides what happens to a report of `cause` worth `weight`.
  func admit(_ cause: Cause, weight: Int = 1) -> Decision {
    let now = ContinuousClock.now
    return windows.withLock { windows in
      guard var window = windows.byCause[cause], now - window.opened < interval else {
        let folded = windows.byCause[cause]?.folded
        windows.byCause[cause] = Window(opened: now, folded: nil)
        return folded.map(Decision.sendAfter) ?? .send
      }
      if window.folded == nil {
        window.folded = Folded(cause: cause, reports: 0, weight: 0, since: Date())
        windows.folds += 1
        window.foldedOrder = windows.folds
      }
      window.folded?.reports += 1
      window.folded?.weight += weight
      windows.byCause[cause] = window
      return .fold
    }
  }

  /// What was folded and not yet told, cause by cause in the order their first report was folded (so
  /// the reports at close come in one order, run after run); forgets it.
  func drain() -> [Folded] {
    windows.withLock { windows in
      let folded = windows.byCause.values.filter { $0.folded != nil }.sorted { $0.foldedOrder < $1.foldedOrder }
      windows = Windows()
      return folded.compactMap(\.folded)
    }
  }

  /// "since 12:00:01 UTC".
  static func since(_ date: Date) -> String {
    let seconds = Int(saturating: date.timeIntervalSince1970.rounded(.down))
    let day = ((seconds % 86_400) + 86_400) % 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "since \(two(day / 3_600)):\(two(day / 60 % 60)):\(two(day % 60)) UTC"
  }
}
