/// A change to the super properties: properties registered once and merged into every later event of
/// every vendor module, as Mixpanel's and PostHog's SDKs do (`register`, `register_once`, `unregister`).
///
/// Each vendor module's pipeline keeps them (persisted in its storage directory, so they survive a
/// relaunch) and merges them into each later event, screen, standard event and error before the event is
/// redacted, mapped and validated; an event's own property of the same name wins. Nothing is sent for the
/// operation itself.
///
/// Two lifetimes: what ``register(_:)`` and ``registerOnce(_:)`` register belongs to the device and stays
/// across a sign-out (`.userId(nil)`), until `unregister`, `unregisterAll` or a privacy reset
/// (`PrivacyRegistry.reset()`); what ``registerForUser(_:)`` registers belongs to the signed-in user and
/// is forgotten when the user signs out or another user signs in.
///
/// ```swift
/// tracker(.superProperties(.register(["theme": "dark"])))
/// tracker(.superProperties(.registerForUser(["plan": "pro"])))
/// tracker("Cart Opened")   // sent with theme = "dark", plan = "pro"
/// tracker(.userId(nil))    // sign-out: plan is forgotten, theme stays
/// tracker(.superProperties(.unregister("theme")))
/// ```
public enum SuperPropertyOperation: Sendable, Hashable {
  /// Registers the properties, replacing registered values of the same names.
  case register(AnalyticsData.Properties)
  /// Registers those of the properties that are not registered yet.
  case registerOnce(AnalyticsData.Properties)
  /// Registers the properties for the signed-in user, replacing registered values of the same names: they
  /// are forgotten at the next change of user, a sign-out (`.userId(nil)`) or a sign-in as someone else
  /// (`.userId` with another id), and by a privacy reset. Registered before any sign-in, they belong to
  /// the user who signs in next.
  case registerForUser(AnalyticsData.Properties)
  /// Removes one registered property.
  case unregister(String)
  /// Removes every registered property.
  case unregisterAll

  /// The properties the operation registers (empty for the unregistering ones).
  public var properties: AnalyticsData.Properties {
    switch self {
    case let .register(properties), let .registerOnce(properties), let .registerForUser(properties): properties
    case .unregister, .unregisterAll: [:]
    }
  }
}

extension SuperPropertyOperation: CustomStringConvertible {
  /// `register {"theme": "dark"}`, `unregister theme`.
  public var description: String {
    switch self {
    case let .register(properties): "register \(PropertyValue.object(properties))"
    case let .registerOnce(properties): "register once \(PropertyValue.object(properties))"
    case let .registerForUser(properties): "register for user \(PropertyValue.object(properties))"
    case let .unregister(name): "unregister \(name)"
    case .unregisterAll: "unregister all"
    }
  }
}
