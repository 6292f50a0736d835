import Foundation
import Trackers
import TrackersDelivery

/// Checks `data` against the Segment HTTP Tracking API's rules, before anything is queued.
///
/// An empty result means Segment accepts the message as it is. Each issue names the rule it breaks and how
/// to fix it:
///
/// ```swift
/// #expect(segmentIssues(for: .event(name: "Order Completed")).isEmpty)
/// segmentIssues(for: .event(name: ""))
/// // Segment: track event name is empty; Segment drops track calls without an event. To fix this, ...
/// ```
///
/// The rules: values nest at most ``Trackers/PropertyValue/maximumDepth`` levels (checked first: an event
/// too deep gets only that issue); track events and screens have a non-empty name; user ids, alias ids, group
/// keys and types are not empty, and a group's `group_type` trait is its type;
/// standard events follow ``Trackers/StandardEvent/issues(vendor:)``; profile operations other than set are
/// refused (`profile-operation-unsupported`: Segment's traits are only set), as are super properties and
/// timers given here rather than through ``segmentTracker`` (`handled-by-pipeline`);
/// numbers are finite; dates are ISO-8601 dates, years 0000 to 9999;
/// a message, as JSON with its ids and timestamp, is at most 32,000 bytes
/// (Segment's "32 KB", read the smaller way; Segment answers 400 to larger ones and the whole batch would be
/// lost). This check assumes an anonymous user: the tracker checks the size again with the real user id
/// before queueing.
public func segmentIssues(for data: AnalyticsData) -> [ValidationIssue] {
  SegmentValidation.issues(in: data)
}

enum SegmentValidation {
  static let vendor = "Segment"
  static func issues(in data: AnalyticsData) -> [ValidationIssue] {
    ValidationRules.issues { ordered, issues in check(data, ordered: ordered, into: &issues) }
  }

  private static func check(_ data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]) {
    // First, and alone: the other checks, and the size measure, walk the values recursively.
    if appendDepthIssues(of: data, ordered: ordered, into: &issues) { return }
    switch data {
    case let .event(name, properties):
      if ValidationRules.isBlank(name) {
        issues.append(issue("event-name-empty", "track event name is empty; Segment drops track calls without an event. To fix this, name the event."))
      }
      checkValues(properties, kind: "property", ordered: ordered, into: &issues)
    case let .screen(name, properties):
      if ValidationRules.isBlank(name) {
        issues.append(issue("screen-name-empty", "screen name is empty, so the screen call says nothing. To fix this, name the screen."))
      }
      checkValues(properties, kind: "property", ordered: ordered, into: &issues)
    case let .userId(id?):
      if ValidationRules.isBlank(id) {
        issues.append(issue(
          "user-id-empty",
          "user id is empty; Segment needs a userId or an anonymousId on every message. "
            + "To fix this, send the real id, or `.userId(nil)` when the user signs out."
        ))
      }
    case .userId(nil):
      break
    case let .userProperty(name, value):
      if name.isEmpty {
        issues.append(issue("trait-name-empty", "user property (trait) has an empty name. To fix this, name it."))
      }
      checkValue(value, path: { "trait '\(name)'" }, ordered: ordered, into: &issues)
    case let .userProperties(traits), let .signIn(_, traits):
      // A sign-in's id as `.userId`'s; the size check below measures the whole identify.
      if case let .signIn(userId, _) = data { check(.userId(userId), ordered: ordered, into: &issues) }
      ValidationRules.forEachMember(of: traits, ordered: ordered) { name, value in
        if name.isEmpty {
          issues.append(issue("trait-name-empty", "user property (trait) has an empty name. To fix this, name it."))
        }
        checkValue(value, path: { "trait '\(name)'" }, ordered: ordered, into: &issues)
      }
    case let .error(message, properties):
      if ValidationRules.isBlank(message) {
        issues.append(issue("error-message-empty", "error message is empty. To fix this, say what failed."))
      }
      if properties[SegmentNames.errorMessage] != nil {
        issues.append(issue(
          "error-message-property",
          "error property '\(SegmentNames.errorMessage)' would be replaced by the error's message. To fix this, rename that property."
        ))
      }
      checkValues(properties, kind: "property", ordered: ordered, into: &issues)
    case let .lifecycle(event):
      checkValues(event.properties, kind: "property", ordered: ordered, into: &issues)
    case let .standard(event, properties):
      issues += event.issues(vendor: vendor)
      checkValues(properties, kind: "property", ordered: ordered, into: &issues)
    case let .alias(userId):
      if ValidationRules.isBlank(userId) {
        issues.append(issue(
          "alias-user-id-empty",
          "alias user id is empty; an alias links the anonymous id to a userId. To fix this, alias the user's real id."))
      }
    case let .group(type, key, traits):
      checkGroup(type: type, key: key, traits: traits, ordered: ordered, into: &issues)
    case let .profile(operation):
      issues.append(profileIssue(operation))
    case .superProperties, .timeEvent, .reset:
      issues.append(issue(
        "handled-by-pipeline",
        "\(data) changes state that segmentTracker keeps itself (super properties, timers, the identity), and Segment has no "
          + "message for it. To fix this, send it through segmentTracker, not segmentMessage(for:) and Current.send."))
    }
    if mayExceedMessageSize(data), let size = sampleSize(of: data), size > SegmentLimits.messageBytes {
      issues.append(sizeIssue(size))
    }
  }

  private static func appendDepthIssues(
    of data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]
  ) -> Bool {
    ValidationRules.appendDepthIssues(of: data, ordered: ordered, vendor: vendor, into: &issues) { data, name in
      switch data {
      case .userProperty, .userProperties, .signIn: "trait '\(name)'"
      // Refused whatever their values (`profile-operation-unsupported`).
      case .profile: nil
      default: "property '\(name)'"
      }
    }
  }

  /// Whether `data`'s message could be over the size limit; only then is it encoded to measure it.
  private static func mayExceedMessageSize(_ data: AnalyticsData) -> Bool {
    var userId: String?
    if case let .userId(id?) = data { userId = id }
    if case let .signIn(id, _) = data { userId = id }
    return WireFormat.maxSize(of: segmentMessage(for: data), userId: userId) + sampleContext.count
      > SegmentLimits.messageBytes
  }

  /// The `context` member every message carries, as this process's live context encodes it: a message is
  /// measured with it, so what passes here also fits live (an app whose own context is longer is still
  /// checked exactly when its message is encoded).
  private static let sampleContext = WireFormat.contextMember(for: ContextProvider.shared.current, suppressesIP: true)

  /// The size of `data`'s message for a signed-in user (the id in `.userId(id)`, else none) with an
  /// anonymous id as long as the ones the tracker creates, and the process's context.
  static func sampleSize(of data: AnalyticsData) -> Int? {
    var identity = IdentityStore<WireFormat.Members>.Identity(anonymousId: RecordID().uuidString)
    if case let .userId(id?) = data { identity.userId = id }
    if case let .signIn(id, _) = data { identity.userId = id }
    let message = WireFormat.message(
      segmentMessage(for: data), members: WireFormat.members(for: identity, context: sampleContext), at: Date(),
      messageId: RecordID())
    return message?.count
  }

  static func sizeIssue(_ size: Int) -> ValidationIssue {
    issue(
      "message-size",
      "message is \(size) bytes as JSON; Segment accepts at most \(SegmentLimits.messageBytes) bytes (32 KB) per message "
        + "and answers 400 to the whole batch otherwise. To fix this, send fewer or shorter properties."
    )
  }

  private static func checkValues(
    _ properties: AnalyticsData.Properties, kind: String, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
      checkValue(value, path: { "\(kind) '\(name)'" }, ordered: ordered, into: &issues)
    }
  }

  /// `path` is only called to write a message, so the happy path builds no paths.
  private static func checkValue(
    _ value: PropertyValue, path: () -> String, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.appendValueIssues(
      of: value, path: path, dates: .iso8601, ordered: ordered, vendor: vendor, into: &issues)
  }

  private static func checkGroup(
    type: String, key: String, traits: AnalyticsData.Properties, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    if ValidationRules.isBlank(key) {
      issues.append(issue(
        "group-id-empty",
        "group key is empty; Segment needs a groupId on every group call. To fix this, pass the group's id as key."))
    }
    if ValidationRules.isBlank(type) {
      issues.append(issue(
        "group-type-empty",
        "group type is empty; it is sent as the group trait '\(SegmentNames.groupType)'. To fix this, name the kind "
          + "of group (\"company\", \"team\")."))
    }
    if let own = traits[SegmentNames.groupType], own != .string(type) {
      issues.append(issue(
        "group-type-trait",
        "group trait '\(SegmentNames.groupType)' is \(own), but the group's type, sent under that trait, is "
          + "\(PropertyValue.string(type)). To fix this, leave the trait out or rename it."))
    }
    checkValues(traits, kind: "group trait", ordered: ordered, into: &issues)
  }

  /// Segment's traits are set by `identify`, value for value, and nothing else
  /// (segment.com/docs/connections/spec/identify/): no set-once, increment, list operations or removal.
  static func profileIssue(_ operation: ProfileOperation) -> ValidationIssue {
    let name = PropertyValue.string(operation.name)
    let fix =
      switch operation {
      case .setOnce:
        "send .userProperty(name: \(name), value: ...) once, when the value is first known"
      case .increment:
        "compute the new value and send .userProperty(name: \(name), value: ...)"
      case .append, .prepend, .union, .remove:
        "compute the whole list and send .userProperty(name: \(name), value: [...])"
      case .unset:
        "send .userProperty(name: \(name), value: .null) if the destinations you use read a null trait as removed"
      }
    return issue(
      "profile-operation-unsupported",
      "Segment traits have no '\(operation.operationName)' (\(operation)): an identify call sets each trait to the "
        + "value sent, and this operation would not be sent as a plain set. To fix this, \(fix).")
  }

  /// The ``TrackersDelivery/TrackerCounters/unsupportedByKind`` key of a vocabulary event Segment has no
  /// form of, for a live `send` given ``SegmentMessage/unsupported(_:)`` directly.
  static func kind(of data: AnalyticsData) -> String {
    switch data {
    case let .profile(operation): "profile \(operation.operationName)"
    case .superProperties: "superProperties"
    case .timeEvent: "timeEvent"
    case .reset: "reset"
    case .event, .screen, .userId, .signIn, .userProperty, .userProperties, .error, .lifecycle, .standard, .alias, .group:
      "unsupported"
    }
  }

  private static func issue(_ rule: String, _ message: String) -> ValidationIssue {
    ValidationIssue(vendor: vendor, rule: rule, message: message)
  }
}
