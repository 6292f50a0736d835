import Foundation
import Trackers

/// Folds reports that repeat one cause (the pending cap, a full disk, a closed queue): the first goes out in
/// full; the next ones within `interval` are only counted, and go out as one summary when a report of that
/// cause comes after the interval, or at ``drain()`` (when the queue closes).
///
/// A full disk used to print one identical line per event, 17,201 of them; the counters still count every
/// event, the log says it once and then how many more. A folded report costs a dictionary lookup: no
/// formatting, no I/O. A value with no clock of its own: the time comes with each report (the queue's
/// machine keeps one, fed its injected clock; ``RepeatedReports`` wraps one in a lock for other callers).
struct ReportFolding<Cause: Hashable & Sendable>: Sendable {
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

  private struct Window: Sendable {
    /// On the caller's monotonic line.
    var opened: Duration
    var folded: Folded?
    /// When its first report was folded, in the order of all folds: `drain` tells them in that order.
    var foldedOrder = 0
  }

  let interval: Duration
  private var byCause: [Cause: Window] = [:]
  private var folds = 0

  /// Folds repeats that come within `interval` of the report that went out; `.zero` sends every one.
  init(interval: Duration) {
    self.interval = interval
  }

  /// Decides what happens to a report of `cause` worth `weight`, at `now` on a monotonic line (`date` on
  /// the wall, for the summary's "since").
  mutating func admit(_ cause: Cause, weight: Int = 1, at now: Duration, date: Date) -> Decision {
    guard var window = byCause[cause], now - window.opened < interval else {
      let folded = byCause[cause]?.folded
      byCause[cause] = Window(opened: now, folded: nil)
      return folded.map(Decision.sendAfter) ?? .send
    }
    if window.folded == nil {
      window.folded = Folded(cause: cause, reports: 0, weight: 0, since: date)
      folds += 1
      window.foldedOrder = folds
    }
    window.folded?.reports += 1
    window.folded?.weight += weight
    byCause[cause] = window
    return .fold
  }

  /// What was folded and not yet told, cause by cause in the order their first report was folded (so
  /// the reports at close come in one order, run after run); forgets it.
  mutating func drain() -> [Folded] {
    let folded = byCause.values.filter { $0.folded != nil }.sorted { $0.foldedOrder < $1.foldedOrder }
    self = ReportFolding(interval: interval)
    return folded.compactMap(\.folded)
  }

  /// "since 12:00:01 UTC".
  static func since(_ date: Date) -> String {
    let seconds = Int(saturating: date.timeIntervalSince1970.rounded(.down))
    let day = ((seconds % 86_400) + 86_400) % 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "since \(two(day / 3_600)):\(two(day / 60 % 60)):\(two(day % 60)) UTC"
  }
}

/// ``ReportFolding`` behind a lock, reading the time from a ``QueueClock`` (the device's by default): for
/// callers outside a queue's machine (a vendor's refusals).
final class RepeatedReports<Cause: Hashable & Sendable>: Sendable {
  typealias Folded = ReportFolding<Cause>.Folded
  typealias Decision = ReportFolding<Cause>.Decision

  let interval: Duration
  private let clock: any QueueClock
  private let folding: LockIsolated<ReportFolding<Cause>>

  /// Folds repeats that come within `interval` of the report that went out; `.zero` sends every one.
  init(interval: Duration, clock: any QueueClock = LiveQueueClock()) {
    self.interval = interval
    self.clock = clock
    folding = LockIsolated(ReportFolding(interval: interval))
  }

  /// Decides what happens to a report of `cause` worth `weight`, now on the clock.
  func admit(_ cause: Cause, weight: Int = 1) -> Decision {
    let now = clock.now
    return folding.withLock { $0.admit(cause, weight: weight, at: now.instant, date: now.date) }
  }

  /// What was folded and not yet told (see ``ReportFolding/drain()``); forgets it.
  func drain() -> [Folded] {
    folding.withLock { $0.drain() }
  }

  /// "since 12:00:01 UTC".
  static func since(_ date: Date) -> String { ReportFolding<Cause>.since(date) }
}
