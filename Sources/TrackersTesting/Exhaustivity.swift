/// How strictly a ``TrackerRecorder`` holds a test to the events it received.
///
/// ```swift
/// let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
/// ```
public enum Exhaustivity: Sendable, Hashable {
  /// Every received event must be expected, in order: `expect` fails on a missing, an extra or a reordered
  /// event, and events that no expectation consumed fail the test when it ends. The default.
  case exhaustive

  /// `expect` only checks that the expected events arrived in this order, other events may come in between
  /// and are skipped; events left over at the end of the test are fine. For tests that care about one
  /// event among many (a screen that also sends timing events, say).
  case nonExhaustive
}
