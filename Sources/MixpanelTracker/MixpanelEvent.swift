import Trackers

/// What Mixpanel receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ```swift
/// mixpanelEvent(for: .userProperty(name: "plan", value: "pro"))   // .setProfileProperty(name: "plan", value: "pro")
/// ```
public enum MixpanelEvent: Sendable, Hashable {
  /// An event for `/import`: `{"event": name, "properties": {...}}`.
  case event(name: String, properties: [String: PropertyValue])
  /// A profile update for `/engage`: `{"$set": {name: value}}` on the current user's profile.
  case setProfileProperty(name: String, value: PropertyValue)
  /// One profile update for `/engage` that sets several properties: `{"$set": {name: value, ...}}` on the
  /// current user's profile, as mixpanel-swift's `people.set(properties:)` sends it.
  case setProfileProperties([String: PropertyValue])
  /// Another profile update for `/engage` on the current user's profile: `$set_once`, `$add`, `$append`,
  /// `$union`, `$remove` or `$unset`.
  case updateProfile(MixpanelProfileOperation)
  /// The user's group of one group key: every later event carries `key: [id]` (the group key as an event
  /// property, developer.mixpanel.com group analytics), the user's profile gets `$set` `{key: [id]}`, and the
  /// group's profile gets `/groups` `$set` of `traits` (nothing when `traits` is empty).
  case setGroup(key: String, id: String, traits: [String: PropertyValue])
  /// Links the anonymous `$device_id` to `userId`; sends nothing: under Simplified ID Merge the first event
  /// that carries both `$device_id` and `$user_id` merges them (see ``mixpanelEvent(for:)``).
  case alias(userId: String)
  /// The identity of the following events: `$user_id` set (sign-in), or `nil` for a sign-out, which also
  /// starts a new anonymous `$device_id` and leaves the groups (what the SDKs' `reset()` does).
  case identify(String?)
  /// Signs a user in, as ``identify(_:)``, and sets their profile properties: what mixpanel-swift's
  /// `identify(distinctId:)` then `people.set(properties:)` send, two records of one event. A `$identify`
  /// event with `$anon_distinct_id` (`$device:<device id>`) when the `distinct_id` changes
  /// (Sources/MixpanelInstance.swift, `identify(distinctId:usePeople:completion:)` tracks `$identify` with
  /// `$anon_distinct_id` only then), and the `/engage` `$set` (Sources/People.swift, `set(properties:)`).
  case signIn(userId: String, properties: [String: PropertyValue])
  /// Something Mixpanel has no form of, or that the pipeline handles before mapping: never sent; validation
  /// refuses it with `issue`, so it is counted under the issue's rule and reported.
  indirect case unsupported(ValidationIssue)
}

/// A profile operation of Mixpanel's `/engage` API besides `$set`
/// (developer.mixpanel.com/reference/profile-set-once, profile-numerical-add, profile-list-append,
/// profile-union, profile-list-remove, profile-unset).
public enum MixpanelProfileOperation: Sendable, Hashable {
  /// `{"$set_once": {name: value}}`: sets the property unless the profile has it already.
  case setOnce(name: String, value: PropertyValue)
  /// `{"$add": {name: number}}`: adds the number (negative to subtract) to the property, 0 when absent.
  case add(name: String, value: PropertyValue)
  /// `{"$append": {name: value}}`: appends the value to the list property, made a list of one when absent.
  case append(name: String, value: PropertyValue)
  /// `{"$union": {name: [values]}}`: adds the values the list property does not hold yet.
  case union(name: String, values: [PropertyValue])
  /// `{"$remove": {name: value}}`: removes the value from the list property.
  case remove(name: String, value: PropertyValue)
  /// `{"$unset": [name]}`: deletes the property.
  case unset(name: String)

  /// The profile property the operation changes.
  public var name: String {
    switch self {
    case let .setOnce(name, _), let .add(name, _), let .append(name, _), let .union(name, _), let .remove(name, _),
      let .unset(name):
      name
    }
  }

  /// The `/engage` operator: `$set_once`, `$add`, `$append`, `$union`, `$remove` or `$unset`.
  package var operatorName: String {
    switch self {
    case .setOnce: "$set_once"
    case .add: "$add"
    case .append: "$append"
    case .union: "$union"
    case .remove: "$remove"
    case .unset: "$unset"
    }
  }
}

extension MixpanelEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .event(name, properties):
      properties.isEmpty ? "event \(name)" : "event \(name) \(PropertyValue.object(properties))"
    case let .setProfileProperty(name, value):
      "$set \(name) = \(value)"
    case let .setProfileProperties(properties):
      "$set \(PropertyValue.object(properties))"
    case let .updateProfile(operation):
      switch operation {
      case let .setOnce(name, value), let .add(name, value), let .append(name, value), let .remove(name, value):
        "\(operation.operatorName) \(name) \(value)"
      case let .union(name, values):
        "$union \(name) \(PropertyValue.array(values))"
      case let .unset(name):
        "$unset \(name)"
      }
    case let .setGroup(key, id, traits):
      traits.isEmpty
        ? "group \(key) = \(PropertyValue.string(id))"
        : "group \(key) = \(PropertyValue.string(id)) \(PropertyValue.object(traits))"
    case let .alias(userId):
      "alias \(PropertyValue.string(userId)) (nothing sent: Simplified ID Merge links the $device_id and $user_id of one event)"
    case let .identify(id?):
      "identify \(PropertyValue.string(id))"
    case .identify(nil):
      "identify nil (signed out, the device stays)"
    case let .signIn(userId, properties):
      "signIn \(PropertyValue.string(userId)) $set \(PropertyValue.object(properties))"
    case let .unsupported(issue):
      "not sent (\(issue.rule))"
    }
  }
}
