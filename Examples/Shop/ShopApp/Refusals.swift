import Trackers
import TrackersDelivery

/// What a vendor refuses by design: an operation it does not have (Segment has no increment on traits,
/// GA4 no aliases), refused with a validation rule named `…-unsupported`, or a kind it counts as
/// unsupported. Each is counted and reported, never sent, and is not a violation: the journey uses the
/// whole user model, and each vendor takes what it has.
///
/// Any other refusal is a violation of a vendor's rules: the event was wrong, and the run exits 1.
enum Refusals {
  /// Whether `rule` says the vendor has no such operation, rather than that the event broke a rule.
  static func isByDesign(_ rule: String) -> Bool {
    ValidationIssue.isRefusalByDesign(rule: rule)
  }

  /// Whether every issue of a refused event is a refusal by design.
  static func areByDesign(_ issues: [ValidationIssue]) -> Bool {
    !issues.isEmpty && issues.allSatisfy { isByDesign($0.rule) }
  }

  /// Whether `report` is a refusal by design: an unsupported kind, or an invalid event whose issues are
  /// all by design.
  static func isByDesign(_ report: TrackerReport) -> Bool {
    switch report.kind {
    case .unsupportedKind: true
    case let .invalidEvent(issues): areByDesign(issues)
    default: false
    }
  }

  /// The events `counters` refused by design: the unsupported kinds, and the invalid events counted under
  /// a rule by design.
  static func count(in counters: TrackerCounters) -> Int {
    counters.unsupported + counters.invalidByRule.reduce(0) { $0 + (isByDesign($1.key) ? $1.value : 0) }
  }

  /// How the offline journey shows a report on the vendor's line, after its label: `not sent, by design:
  /// <why> [<rule>]` for a refusal by design, `REFUSED: <why> [<rule>]` for a violation.
  static func line(_ report: TrackerReport) -> String {
    switch report.kind {
    case let .invalidEvent(issues):
      let reasons = issues.map { "\($0.message) [\($0.rule)]" }.joined(separator: "; ")
      return (areByDesign(issues) ? "not sent, by design: " : "REFUSED: ") + reasons
    case let .unsupportedKind(kind):
      return "not sent, by design: \(report.vendor) has no use for '\(kind)' [unsupported]"
    case let .repairedEvent(repairs):
      return "repaired, as \(report.vendor)'s SDK does: " + repairs.map { "\($0.message) [\($0.rule)]" }.joined(separator: "; ")
    default:
      return report.message
    }
  }
}
