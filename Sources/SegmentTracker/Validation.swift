import Foundation
import Trackers

/// Checks `data` against the Segment HTTP Tracking API's rules, before anything is queued.
///
/// An empty result means Segment accepts the message as it is. Each issue names the rule it breaks and how
/// to fix it:
///
/// ```swift
/// #expect(SegmentTracker.validate(.event(name: "Order Completed")).isEmpty)
/// SegmentTracker.validate(.event(name: ""))
/// // Segment: track event name is empty; Segment drops track calls without an event. To fix this, ...
/// ```
///
/// The rules: track events and screens have a non-empty name; user ids are not empty; numbers are finite;
/// a message, as JSON with its ids and timestamp, is at most 32 KB (Segment answers 400 to larger ones and
/// the whole batch would be lost). This check assumes an anonymous user: the tracker checks the size
/// again with the real user id before queueing.
public func validate(_ data: AnalyticsData) -> [ValidationIssue] {
  SegmentValidation.issues(in: data, identity: SegmentValidation.sampleIdentity)
}

/// The limits behind ``validate(_:)`` and batching, as Segment documents them.
public enum SegmentLimits {
  /// The largest message, as JSON bytes.
  public static let maxMessageBytes = 32 * 1_024
  /// The largest batch request body, in bytes.
  public static let maxBatchBytes = 500 * 1_024
  /// The most messages in one batch request.
  public static let maxBatchMessages = 2_500
  /// The bytes the `messageId` member adds to a message: `,"messageId":"<36 characters>"`.
  public static let messageIdBytes = #","messageId":""#.utf8.count + 36 + 1
}

enum SegmentValidation {
  static let vendor = "Segment"
  /// An anonymous identity with an id of the length the tracker creates (a UUID string).
  static let sampleIdentity = SegmentIdentity(anonymousId: "00000000-0000-4000-8000-000000000000")

  static func issues(in data: AnalyticsData, identity: SegmentIdentity) -> [ValidationIssue] {
    var issues: [ValidationIssue] = []
    switch data {
    case let .event(name, properties):
      if name.allSatisfy(\.isWhitespace) {
        issues.append(issue("event-name-empty", "track event name is empty; Segment drops track calls without an event. To fix this, name the event."))
      }
      checkValues(properties, kind: "property", into: &issues)
    case let .screen(name, properties):
      if name.allSatisfy(\.isWhitespace) {
        issues.append(issue("screen-name-empty", "screen name is empty, so the screen call says nothing. To fix this, name the screen."))
      }
      checkValues(properties, kind: "property", into: &issues)
    case let .userId(id?):
      if id.allSatisfy(\.isWhitespace) {
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
      checkValue(value, path: "trait '\(name)'", into: &issues)
    case let .error(message, properties):
      if message.allSatisfy(\.isWhitespace) {
        issues.append(issue("error-message-empty", "error message is empty. To fix this, say what failed."))
      }
      if properties[SegmentMapping.errorMessageProperty] != nil {
        issues.append(issue(
          "error-message-property",
          "error property '\(SegmentMapping.errorMessageProperty)' would be replaced by the error's message. To fix this, rename that property."
        ))
      }
      checkValues(properties, kind: "property", into: &issues)
    }
    let after = identity.applying(data, newAnonymousId: { identity.anonymousId })
    if let message = SegmentMapping.message(for: data, identity: after, time: Date(timeIntervalSince1970: 0)) {
      let size = SegmentMapping.encode(message).count + SegmentLimits.messageIdBytes
      if size > SegmentLimits.maxMessageBytes {
        issues.append(issue(
          "message-size",
          "message is \(size) bytes as JSON; Segment accepts at most \(SegmentLimits.maxMessageBytes) bytes (32 KB) per message "
            + "and answers 400 to the whole batch otherwise. To fix this, send fewer or shorter properties."
        ))
      }
    }
    return issues
  }

  private static func checkValues(_ properties: AnalyticsData.Properties, kind: String, into issues: inout [ValidationIssue]) {
    for name in properties.keys.sorted() { checkValue(properties[name]!, path: "\(kind) '\(name)'", into: &issues) }
  }

  private static func checkValue(_ value: PropertyValue, path: String, into issues: inout [ValidationIssue]) {
    switch value {
    case let .double(number) where !number.isFinite:
      issues.append(issue(
        "property-value-number",
        "\(path) is \(number), which JSON cannot carry. To fix this, send a finite number or leave the property out."
      ))
    case let .array(values):
      for (index, element) in values.enumerated() { checkValue(element, path: "\(path)[\(index)]", into: &issues) }
    case let .object(members):
      for key in members.keys.sorted() { checkValue(members[key]!, path: "\(path).\(key)", into: &issues) }
    default:
      break
    }
  }

  private static func issue(_ rule: String, _ message: String) -> ValidationIssue {
    ValidationIssue(vendor: vendor, rule: rule, message: message)
  }
}
