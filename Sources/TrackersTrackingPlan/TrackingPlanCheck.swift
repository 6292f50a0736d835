import Foundation
import Trackers

/// A vendor that receives a module's events, with its rules: every planned entry is checked against
/// them with representative values, so a name fine for Mixpanel but too long for GA4 fails here.
///
/// ```swift
/// .trackingPlan(module: "Catalog", receivers: [.init("GA4", googleAnalyticsIssues(for:))])
/// ```
///
/// Given `receives`, the vendor module's mapping, the plan also records what the vendor receives for each
/// entry (``TrackingPlan/Entry/received``), so a plan shows that `Order Completed` reaches GA4 as
/// `purchase`, and a changed mapping shows in the plan's diff:
///
/// ```swift
/// .init("Mixpanel", mixpanelIssues(for:), receives: { mixpanelEvent(for: $0).description })
/// ```
///
/// An operation the vendor does not have (Segment has no increment on traits) is refused by a rule whose
/// name ends in `-unsupported`: a refusal by design, which the plan records as what the vendor receives
/// (`not sent, by design: ... [profile-operation-unsupported]`) and which breaks no rule of the plan.
public struct TrackingPlanReceiver: Sendable {
  /// The vendor's name, as plans list it.
  public var name: String
  /// The vendor module's validation function: `mixpanelIssues(for:)`, `googleAnalyticsIssues(for:)`, ...
  public var validate: @Sendable (AnalyticsData) -> [ValidationIssue]
  /// What the vendor receives for a value: the description of the vendor module's mapping
  /// (`mixpanelEvent(for:)`, ...); `nil` records nothing of it.
  public var receives: (@Sendable (AnalyticsData) -> String)?
  /// The property the vendor's pipeline adds a timed event's duration under: `duration`, or the vendor's
  /// own key (Mixpanel's `$duration`).
  public var durationKey: String

  /// Creates a receiver.
  public init(
    _ name: String, _ validate: @escaping @Sendable (AnalyticsData) -> [ValidationIssue],
    receives: (@Sendable (AnalyticsData) -> String)? = nil, durationKey: String = "duration"
  ) {
    self.name = name
    self.validate = validate
    self.receives = receives
    self.durationKey = durationKey
  }
}

/// Compares what a module's tests tracked with its plan file, and rewrites the file in record mode.
public enum TrackingPlanCheck {
  /// The environment variable that rewrites plan files instead of comparing them, as
  /// swift-snapshot-testing's `record` mode does: `TRACKING_PLAN_RECORD=1 swift test`.
  public static let recordVariable = "TRACKING_PLAN_RECORD"

  /// The failure messages of `tracked` against the plan file at `path` (none when they match): each
  /// change, each broken vendor rule, and how to re-record. In record mode, writes the file (and its
  /// Markdown rendering beside it) and returns no message.
  public static func verify(
    _ tracked: TrackingPlan, againstFileAt path: String, receivers: [TrackingPlanReceiver],
    record: Bool = ProcessInfo.processInfo.environment[recordVariable] == "1"
  ) -> [String] {
    let tracked = describingWhatEachVendorReceives(tracked, receivers)
    var messages = ruleViolations(tracked, receivers)
    if record {
      do {
        try Data(tracked.json().utf8).write(to: URL(fileURLWithPath: path))
        try Data(tracked.markdown().utf8).write(to: URL(fileURLWithPath: markdownPath(path)))
      } catch {
        messages.append("Could not write the tracking plan \(path): \(error)")
      }
      return messages
    }
    let planned: TrackingPlan
    do {
      planned = try TrackingPlan(json: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      return messages + [
        "No readable tracking plan at \(path) (\(error)). To create it, run the tests with "
          + "\(recordVariable)=1 and commit the file."
      ]
    }
    let changes = tracked.changes(from: planned)
    if !changes.isEmpty {
      messages.append(
        "The events \(tracked.module)'s tests tracked differ from its tracking plan \(path):\n"
          + changes.map { "  " + $0 }.joined(separator: "\n")
          + "\nIf the change is intended, re-record: \(recordVariable)=1 swift test --filter <these tests>, "
          + "then review the diff of the plan in the pull request.")
    }
    return messages
  }

  /// `plan` with each entry's ``TrackingPlan/Entry/received`` filled in for the receivers that say what
  /// their vendor receives.
  static func describingWhatEachVendorReceives(_ plan: TrackingPlan, _ receivers: [TrackingPlanReceiver]) -> TrackingPlan {
    var plan = plan
    for index in plan.entries.indices {
      let entry = plan.entries[index]
      guard let sample = TrackingPlanRecording.sample(entry) else { continue }
      for receiver in receivers where entry.vendors.contains(receiver.name) {
        guard let receives = receiver.receives else { continue }
        plan.entries[index].received[receiver.name] = received(entry, sample, receiver, receives)
      }
    }
    return plan
  }

  /// What `receiver`'s vendor receives for `entry`: what its pipeline does with a super property, a timer
  /// or a reset (they are never mapped), why it refuses the entry by design, or its mapping of the sample.
  private static func received(
    _ entry: TrackingPlan.Entry, _ sample: AnalyticsData, _ receiver: TrackingPlanReceiver,
    _ receives: @Sendable (AnalyticsData) -> String
  ) -> String {
    switch entry.kind {
    case "superProperty": return "property \"\(entry.name)\" on every later event"
    case "superProperty.once": return "property \"\(entry.name)\" on every later event, unless already registered"
    case "superProperty.user": return "property \"\(entry.name)\" on every later event, until the user changes"
    case "superProperty.unregister": return "property \"\(entry.name)\" no longer added to later events"
    case "superProperty.unregisterAll": return "no registered property added to later events"
    case "timer": return "property \"\(receiver.durationKey)\" (seconds) on the next \"\(entry.name)\""
    case "reset": return "nothing sent: a new anonymous id, and no user id or groups, from now on"
    default: break
    }
    let refusals = receiver.validate(sample).filter(\.isRefusalByDesign)
    guard refusals.isEmpty else {
      return "not sent, by design: " + refusals.map { "\($0.message) [\($0.rule)]" }.joined(separator: "; ")
    }
    return receives(sample)
  }

  /// Every planned entry checked against the rules of each vendor it goes to; a refusal by design
  /// (``Trackers/ValidationIssue/isRefusalByDesign``) is what the vendor receives, not a broken rule.
  static func ruleViolations(_ plan: TrackingPlan, _ receivers: [TrackingPlanReceiver]) -> [String] {
    var messages: [String] = []
    for entry in plan.entries {
      guard let sample = TrackingPlanRecording.ruleSample(entry) else { continue }
      for receiver in receivers where entry.vendors.contains(receiver.name) {
        for issue in receiver.validate(sample) where !issue.isRefusalByDesign {
          messages.append(
            "\(entry.title) in \(plan.module)'s plan breaks \(receiver.name)'s rules: \(issue.message)\n"
              + "To fix this, change what \(plan.module) tracks so that \(receiver.name) accepts it, then re-record: "
              + "\(recordVariable)=1 swift test --filter <these tests>. Re-recording alone doesn't clear a vendor's rule.")
        }
      }
    }
    return messages
  }

  static func markdownPath(_ path: String) -> String {
    (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".md"
  }

  /// What the trait and `withTrackingPlan` check once their scope has run: `recording` as `module`'s plan
  /// against `file` beside the test source `filePath`.
  package static func verify(
    _ recording: TrackingPlanRecording, module: String, file: String, besides filePath: String,
    receivers: [TrackingPlanReceiver]
  ) -> [String] {
    verify(recording.plan(module: module), againstFileAt: resolve(file, besides: filePath), receivers: receivers)
  }

  /// The plan file's path: `file` beside the test source `filePath`, unless absolute.
  static func resolve(_ file: String, besides filePath: String) -> String {
    file.hasPrefix("/") ? file : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(file).path
  }
}

/// Runs `body` recording what it tracks, then checks it against the plan file, reporting each message
/// through `reportIssue` (an XCTest failure under XCTest, a Swift Testing issue under Swift Testing).
/// For XCTest, where no trait exists: call it around the assertions of one test that tracks everything
/// the module emits.
///
/// ```swift
/// func testTheTrackingPlan() async {
///   await withTrackingPlan(module: "Catalog") { trackEveryCatalogEvent() }
/// }
/// ```
///
/// `body` runs in the caller's isolation, so a `@MainActor` test can call it; failures point at the
/// caller's line, and `file` is found beside the caller's `filePath`.
public func withTrackingPlan(
  _ file: String = "TrackingPlan.json", module: String, receivers: [TrackingPlanReceiver] = [],
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows {
  let recording = TrackingPlanRecording(receivers: receivers.map(\.name))
  try await recording.scope {
    try await body()
  }
  for message in TrackingPlanCheck.verify(recording, module: module, file: file, besides: "\(filePath)", receivers: receivers) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
