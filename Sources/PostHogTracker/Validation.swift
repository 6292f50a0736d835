import Trackers
import TrackersDelivery

/// Checks `data` against PostHog's capture rules, before anything is queued.
///
/// PostHog answers 200 and silently drops events without a name or with an empty `distinct_id`, so these
/// checks are the only place such mistakes surface:
///
/// ```swift
/// #expect(postHogIssues(for: .event(name: "order completed")).isEmpty)
/// postHogIssues(for: .event(name: "$pageview"))
/// // PostHog: event name '$pageview' starts with '$', which PostHog reserves for its own events. To fix this, ...
/// ```
///
/// The rules: event and screen names are non-empty; event names and property names do not start with `$`
/// (PostHog's own: `$screen`, `$identify`, `$set`, ...), except the two event properties PostHog documents
/// for clients, `$process_person_profile` and `$update_person_last_seen_at`, which must be booleans; user
/// ids (of `.userId` and `.alias`) are non-empty, at most 200 characters and not placeholders that PostHog
/// refuses to identify with ("anonymous", "guest", "null", "0", ...); groups have a type and a key;
/// person-property operations are set, set once and unset (`profile-operation-unsupported` for the others);
/// standard events follow ``Trackers/StandardEvent``'s rules; numbers are finite; dates are ISO-8601 dates,
/// years 0000 to 9999; values nest at most ``Trackers/PropertyValue/maximumDepth`` levels (checked first:
/// an event too deep gets only that issue). Super properties and timers are the pipeline's
/// (`handled-by-pipeline` when mapped directly).
public func postHogIssues(for data: AnalyticsData) -> [ValidationIssue] {
  PostHogValidation.issues(in: data)
}

enum PostHogValidation {
  static let vendor = "PostHog"

  static func issues(in data: AnalyticsData) -> [ValidationIssue] {
    ValidationRules.issues { ordered, issues in check(data, ordered: ordered, into: &issues) }
  }

  private static func check(_ data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]) {
    // First, and alone: the other checks walk the values recursively.
    if appendDepthIssues(of: data, ordered: ordered, into: &issues) { return }
    switch data {
    case let .event(name, properties):
      if ValidationRules.isBlank(name) {
        issues.append(issue("event-name-empty", "event name is empty; PostHog answers 200 and drops such events. To fix this, name the event."))
      } else if ValidationRules.hasPrefix(name, "$") {
        issues.append(issue(
          "event-name-reserved",
          "event name '\(name)' starts with '$', which PostHog reserves for its own events. To fix this, rename it; "
            + "send screens as `.screen(name:)`, person properties as `.userProperty(name:value:)` or `.profile(_:)`, "
            + "aliases as `.alias(userId:)` and groups as `.group(type:key:traits:)`."
        ))
      }
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .screen(name, properties):
      if ValidationRules.isBlank(name) {
        issues.append(issue("screen-name-empty", "screen name is empty. To fix this, name the screen."))
      }
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .userId(id?):
      checkUserId(id, into: &issues)
    case .userId(nil):
      break
    case let .userProperty(name, value):
      checkPropertyName(name, kind: "person property", into: &issues)
      checkValue(value, path: { "person property '\(name)'" }, ordered: ordered, into: &issues)
    case let .userProperties(properties), let .signIn(_, properties):
      // A sign-in's id as `.userId`'s.
      if case let .signIn(userId, _) = data { checkUserId(userId, into: &issues) }
      ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
        checkPropertyName(name, kind: "person property", into: &issues)
        checkValue(value, path: { "person property '\(name)'" }, ordered: ordered, into: &issues)
      }
    case let .error(message, properties):
      if ValidationRules.isBlank(message) {
        issues.append(issue("error-message-empty", "error message is empty. To fix this, say what failed."))
      }
      if properties[PostHogNames.errorMessage] != nil {
        issues.append(issue(
          "error-message-property",
          "error property '\(PostHogNames.errorMessage)' would be replaced by the error's message. To fix this, rename that property."
        ))
      }
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .lifecycle(event):
      checkProperties(event.properties, ordered: ordered, into: &issues)
    case let .standard(event, properties):
      issues.append(contentsOf: event.issues(vendor: vendor))
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .alias(userId):
      checkUserId(userId, into: &issues)
    case let .group(type, key, traits):
      if ValidationRules.isBlank(type) {
        issues.append(issue(
          "group-type-empty",
          "group type is empty; PostHog names each group type (`company`, `project`). To fix this, name the group type."))
      }
      if ValidationRules.isBlank(key) {
        issues.append(issue(
          "group-key-empty",
          "group key of type '\(type)' is empty; PostHog can't address a group without one. To fix this, send the group's id."))
      }
      ValidationRules.forEachMember(of: traits, ordered: ordered) { name, value in
        checkPropertyName(name, kind: "group property", into: &issues)
        checkValue(value, path: { "group property '\(name)'" }, ordered: ordered, into: &issues)
      }
    case let .profile(operation):
      switch operation {
      case let .setOnce(name, value):
        checkPropertyName(name, kind: "person property", into: &issues)
        checkValue(value, path: { "person property '\(name)'" }, ordered: ordered, into: &issues)
      case let .unset(name):
        checkPropertyName(name, kind: "person property", into: &issues)
      case .increment, .append, .prepend, .union, .remove:
        issues.append(issue(
          "profile-operation-unsupported",
          "PostHog has no '\(operation.operationName)' on person properties ('\(operation.name)'): persons only "
            + "have set, set once and unset. To fix this, compute the new value in the app and send it with "
            + "`.userProperty(name:value:)`, or count the events themselves in a PostHog insight."))
      }
    case .superProperties, .timeEvent, .reset:
      let what =
        switch data {
        case .timeEvent: "a timer"
        case .reset: "a reset"
        default: "a super-property change"
        }
      issues.append(issue(
        "handled-by-pipeline",
        "\(what) is applied by the tracker's pipeline to later events, never sent as a PostHog event. "
          + "To fix this, send it through `postHogTracker`, not through `postHogEvent(for:)` and `Current.send`."))
    }
  }

  private static func appendDepthIssues(
    of data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]
  ) -> Bool {
    ValidationRules.appendDepthIssues(of: data, ordered: ordered, vendor: vendor, into: &issues) { data, name in
      switch data {
      case .userProperty, .userProperties, .signIn, .profile(.setOnce): "person property '\(name)'"
      // The other operations are refused whatever their values (`profile-operation-unsupported`).
      case .profile: nil
      case .group: "group property '\(name)'"
      default: "property '\(name)'"
      }
    }
  }

  private static func checkUserId(_ id: String, into issues: inout [ValidationIssue]) {
    if ValidationRules.isBlank(id) {
      issues.append(issue(
        "user-id-empty",
        "user id is empty; PostHog answers 200 and drops events with an empty distinct_id. "
          + "To fix this, send the real id, or `.userId(nil)` when the user signs out."
      ))
    } else if PostHogLimits.placeholderIds.contains(id.lowercased()) {
      issues.append(issue(
        "user-id-placeholder",
        "user id '\(id)' is a placeholder; PostHog refuses to identify with it, and it would merge every such user into one. "
          + "To fix this, send `.userId(nil)` for a signed-out user and the real id once known."
      ))
    } else if ValidationRules.hasMoreScalars(id, than: PostHogLimits.distinctIdLength) {
      issues.append(issue(
        "user-id-length",
        "user id '\(id.prefix(40))...' has \(id.unicodeScalars.count) characters; PostHog accepts at most \(PostHogLimits.distinctIdLength). "
          + "To fix this, send a shorter, stable id."
      ))
    }
  }

  private static func checkProperties(
    _ properties: AnalyticsData.Properties, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
      if ValidationRules.hasPrefix(name, "$") {
        if clientKeys.contains(name) { return checkClientKey(name, value, into: &issues) }
        if personKeys.contains(name) { return checkPersonKey(name, value, ordered: ordered, into: &issues) }
      }
      checkPropertyName(name, kind: "property", into: &issues)
      checkValue(value, path: { "property '\(name)'" }, ordered: ordered, into: &issues)
    }
  }

  /// The `$` event properties PostHog documents for clients to send, each a boolean:
  /// `$process_person_profile` (`false`: the event updates no person profile; posthog.com/docs/api/capture,
  /// "Events without person profiles") and `$update_person_last_seen_at` (`false`: the person's
  /// `last_seen_at` stays; posthog.com/docs/product-analytics/person-properties). Every other `$` name is
  /// PostHog's own or this module's.
  static let clientKeys: Set<String> = [PostHogNames.processPersonProfile, PostHogNames.updatePersonLastSeenAt]

  /// The `$` event properties that set person properties with the event, as posthog-ios's
  /// `capture(_:properties:userProperties:userPropertiesSetOnce:)` writes them: `$set` and `$set_once`, each
  /// an object of person properties (posthog.com/docs/product-analytics/person-properties).
  static let personKeys: Set<String> = [PostHogNames.set, PostHogNames.setOnce]

  private static func checkPersonKey(
    _ name: String, _ value: PropertyValue, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    guard case let .object(personProperties) = value else {
      return issues.append(issue(
        "property-value-type",
        "property '\(name)' is \(value), but PostHog reads it as an object of person properties. To fix this, "
          + "send [\"name\": value, ...]."))
    }
    ValidationRules.forEachMember(of: personProperties, ordered: ordered) { key, member in
      checkPropertyName(key, kind: "person property", into: &issues)
      checkValue(member, path: { "person property '\(key)' of '\(name)'" }, ordered: ordered, into: &issues)
    }
  }

  private static let clientKeysNote =
    "; of those, an event may only carry \(PostHogNames.processPersonProfile), \(PostHogNames.updatePersonLastSeenAt), "
    + "and \(PostHogNames.set) and \(PostHogNames.setOnce) holding person properties"

  private static func checkClientKey(_ name: String, _ value: PropertyValue, into issues: inout [ValidationIssue]) {
    if case .bool = value { return }
    issues.append(issue(
      "property-value-type",
      "property '\(name)' is \(value), but PostHog reads it as a boolean. To fix this, send `true` or `false`."))
  }

  private static func checkPropertyName(_ name: String, kind: String, into issues: inout [ValidationIssue]) {
    if name.isEmpty {
      issues.append(issue("property-name-empty", "\(kind) has an empty name. To fix this, name it."))
    } else if ValidationRules.hasPrefix(name, "$") {
      issues.append(issue(
        "property-name-reserved",
        "\(kind) name '\(name)' starts with '$', which PostHog reserves for its own properties "
          + "($set, $screen_name, $anon_distinct_id, ...)\(kind == "property" ? clientKeysNote : ""). "
          + "To fix this, rename it without the '$'."
      ))
    } else if name.utf8.count == 11, name == "distinct_id" {
      // Every event already carries the user's distinct_id: a second member of that name would make the
      // JSON ambiguous, and the one PostHog reads would move the event to another person.
      issues.append(issue(
        "property-name-reserved",
        "\(kind) name 'distinct_id' is the user's id, which this module sets on every event from .userId. "
          + "To fix this, send the id with .userId(_:) and rename the property."
      ))
    }
  }

  /// `path` is only called to write a message, so the happy path builds no paths.
  private static func checkValue(
    _ value: PropertyValue, path: () -> String, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.appendValueIssues(
      of: value, path: path, dates: .iso8601, ordered: ordered, vendor: vendor, into: &issues)
  }

  private static func issue(_ rule: String, _ message: String) -> ValidationIssue {
    ValidationIssue(vendor: vendor, rule: rule, message: message)
  }
}
