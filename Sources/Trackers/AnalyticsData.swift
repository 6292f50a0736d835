/// The vendor-neutral vocabulary every vendor tracker module accepts.
///
/// Feature modules map their own event enums to `AnalyticsData`; vendor modules map `AnalyticsData` to
/// their wire format. A string literal is an event without properties:
///
/// ```swift
/// let events: [AnalyticsData] = [
///   "Logout",
///   .event(name: "Signup", properties: ["plan": "pro", "seats": 5, "trial": false]),
///   .screen(name: "Cart"),
///   .userId("user-42"),
///   .signIn(userId: "user-42", traits: ["plan": "pro"]),
///   .userProperty(name: "tier", value: "gold"),
///   .userProperties(["tier": "gold", "seats": 5, "beta": true]),
///   .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
///   .lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")),
///   .standard(.searched(query: "trail shoes")),
///   .alias(userId: "user-42"),
///   .group(type: "company", key: "acme", traits: ["plan": "enterprise"]),
///   .profile(.increment(name: "orders_count", by: 1)),
///   .superProperties(.register(["theme": "dark"])),
///   .timeEvent(name: "Order Completed"),
///   .reset,
/// ]
/// ```
public enum AnalyticsData: Sendable, Hashable {
  /// Typed properties of an event, a screen or an error.
  public typealias Properties = [String: PropertyValue]

  /// Something the user did or the app did, with properties.
  case event(name: String, properties: Properties = [:])
  /// A screen the user saw.
  case screen(name: String, properties: Properties = [:])
  /// The identity of the user from now on; `nil` means the user signed out and this device stays: the
  /// anonymous id is kept (Amplitude-Swift's `setUserId(nil)`, Firebase's `setUserID(nil)`), so an app can
  /// send `.userId(currentUserId)` at every launch, `nil` when nobody is signed in, without making a new
  /// anonymous user each time. A sign-out forgets the groups and the super properties registered for the
  /// user; a sign-out while nobody is signed in changes nothing. Signing a different user in while one is
  /// signed in starts a new anonymous id, so two people are never merged into one. To start over as a new
  /// anonymous user (the SDKs' `reset()`), send ``reset``.
  case userId(String?)
  /// The user signed in, and these are their traits, in one call: what `.userId(userId)` then
  /// `.userProperties(traits)` do to what the module keeps (the identity, the super properties registered
  /// for a previous user), sent as each vendor's SDK sends its sign-in with traits. Segment (analytics-swift's
  /// `identify(userId:traits:)`), PostHog (posthog-ios's `identify(_:userProperties:)`) and Amplitude
  /// (`setUserId` then `identify`) send one message; Mixpanel sends two, as mixpanel-swift's
  /// `identify(distinctId:)` then `people.set(properties:)` do (`$identify`, then `/engage` `$set`); GA4
  /// sends none by itself: the next event carries the `user_id` and the `user_properties`. Either way it is
  /// one event to the counters. With no traits it is `.userId(userId)`. The traits are checked as
  /// ``userProperties(_:)``'s are:
  ///
  /// ```swift
  /// tracker(.signIn(userId: "user-42", traits: ["plan": "pro", "seats": 5]))
  /// // Segment: one identify {"userId": "user-42", "traits": {"plan": "pro", "seats": 5}, ...}
  /// ```
  case signIn(userId: String, traits: Properties = [:])
  /// A property of the user (plan, tier, locale), kept by the vendor on the user's profile.
  case userProperty(name: String, value: PropertyValue)
  /// Several properties of the user, set in one message where the vendor has one: Segment `identify` with
  /// `traits`, PostHog `$set`, Mixpanel `/engage` `$set`, Amplitude `$identify` with `$set`, GA4
  /// `user_properties` on every later request. Seven properties are one message, not seven `.userProperty`
  /// messages; a sign-in that knows them is ``signIn(userId:traits:)``, one call:
  ///
  /// ```swift
  /// tracker(.userProperties(["plan": "pro", "seats": 5, "locale": "de-DE"]))
  /// tracker(.signIn(userId: "user-42", traits: ["plan": "pro", "seats": 5]))  // signing in, with them
  /// ```
  case userProperties(Properties)
  /// An error the app wants to count, such as a failed request.
  case error(message: String, properties: Properties = [:])
  /// The app was installed, updated, opened or backgrounded: ``ApplicationLifecycle`` sends these, and each
  /// vendor module names them the way its SDK does.
  case lifecycle(LifecycleEvent)
  /// One of the common journeys (e-commerce, sign-up, login, search, share) that each vendor module sends
  /// under its vendor's own name and fields, with extra properties of the app's.
  ///
  /// Indirect: a product or an order is many times the size of the other cases, and every event is copied
  /// several times on its way to the queue.
  indirect case standard(StandardEvent, properties: Properties = [:])
  /// Links the anonymous id this device had before the user signed in to `userId`, where the vendor links
  /// ids by a call (Segment `alias`, PostHog `$create_alias`); vendors that link the ids carried on one
  /// event (Mixpanel, Amplitude, GA4) send nothing for it. Each vendor module's page says which.
  case alias(userId: String)
  /// The user belongs to the group `key` of kind `type` ("company", "acme") from now on; `traits` are the
  /// group's own properties.
  case group(type: String, key: String, traits: Properties = [:])
  /// A change to the user's profile beyond setting a property: set once, increment, append, union, ...
  case profile(ProfileOperation)
  /// Registers or removes super properties, merged into every later event by each vendor module's pipeline.
  case superProperties(SuperPropertyOperation)
  /// Starts a timer for the event named `name`: when it is next tracked, it carries its duration in seconds
  /// (Mixpanel `$duration`, `duration` elsewhere).
  case timeEvent(name: String)
  /// Starts over as a new anonymous user, as the vendors' `reset()` does (Segment, Mixpanel, PostHog,
  /// Amplitude; Firebase's `resetAnalyticsData`): a new anonymous id, no user id, and the groups, the
  /// user properties a vendor module keeps (GA4's) and the super properties registered for the user
  /// (``SuperPropertyOperation/registerForUser(_:)``) forgotten. Nothing is sent for it, and events already
  /// queued are still delivered. Send it when the next events must not be linked to this device's past,
  /// such as a sign-out on a shared device:
  ///
  /// ```swift
  /// tracker(.userId(nil))   // signed out: the same anonymous user goes on
  /// tracker(.reset)         // a new anonymous user from now on
  /// ```
  case reset
}

extension AnalyticsData: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
  /// An event without properties: `let logout: AnalyticsData = "Logout"`.
  public init(stringLiteral name: String) {
    self = .event(name: name)
  }
}

extension AnalyticsData {
  /// The name of the event or screen, Segment's name of a lifecycle event, the neutral name of a standard
  /// event, or `nil` for the other cases.
  public var name: String? {
    switch self {
    case let .event(name, _), let .screen(name, _): name
    case let .lifecycle(event): event.name
    case let .standard(event, _): event.name
    case .userId, .signIn, .userProperty, .userProperties, .error, .alias, .group, .profile, .superProperties, .timeEvent,
      .reset:
      nil
    }
  }

  /// The properties of an event, a screen, an error or a lifecycle event, the app's extra properties of a
  /// standard event, a group's traits; empty for the other cases (the user's properties of
  /// ``userProperties(_:)`` are not an event's properties).
  public var properties: Properties {
    switch self {
    case let .event(_, properties), let .screen(_, properties), let .error(_, properties),
      let .standard(_, properties), let .group(_, _, properties):
      properties
    case let .lifecycle(event): event.properties
    case .userId, .signIn, .userProperty, .userProperties, .alias, .profile, .superProperties, .timeEvent, .reset: [:]
    }
  }

  /// The event with `properties` added to its own, the event's own winning: what ``enriching(_:with:)``
  /// does with the properties it computes, and the vendor modules' pipeline with super properties and a
  /// timed event's duration.
  ///
  /// Only events, screens, errors and standard events take properties; the other cases are returned as
  /// they are.
  ///
  /// ```swift
  /// let event: AnalyticsData = .event(name: "Signup", properties: ["plan": "pro"])
  /// event.adding(["plan": "free", "orientation": "portrait"])
  /// // .event(name: "Signup", properties: ["plan": "pro", "orientation": "portrait"])
  /// ```
  public func adding(_ properties: Properties) -> AnalyticsData {
    guard !properties.isEmpty else { return self }
    func merged(_ own: Properties) -> Properties {
      own.merging(properties) { own, _ in own }
    }
    switch self {
    case let .event(name, own): return .event(name: name, properties: merged(own))
    case let .screen(name, own): return .screen(name: name, properties: merged(own))
    case let .error(message, own): return .error(message: message, properties: merged(own))
    case let .standard(event, own): return .standard(event, properties: merged(own))
    case .userId, .signIn, .userProperty, .userProperties, .lifecycle, .alias, .group, .profile, .superProperties,
      .timeEvent, .reset:
      return self
    }
  }

  /// Whether `adding(_:)` adds to this event: `true` for an event, a screen, an error and a standard event.
  package var carriesProperties: Bool {
    switch self {
    case .event, .screen, .error, .standard: true
    case .userId, .signIn, .userProperty, .userProperties, .lifecycle, .alias, .group, .profile, .superProperties,
      .timeEvent, .reset:
      false
    }
  }
}

extension AnalyticsData: CustomStringConvertible {
  /// One readable, stable line: the case, the name, and the properties with sorted keys.
  ///
  /// ```
  /// event Signup {"plan": "pro", "seats": 5}
  /// screen Cart
  /// userId "user-42"
  /// signIn "user-42" {"plan": "pro"}
  /// userProperty tier = "gold"
  /// userProperties {"beta": true, "seats": 5, "tier": "gold"}
  /// error "GET /cart timed out" {"endpoint": "/cart"}
  /// lifecycle Application Opened {"build": "142", "from_background": false, "version": "2.1.0"}
  /// standard Products Searched {"query": "trail shoes"}
  /// alias "user-42"
  /// group company acme {"plan": "enterprise"}
  /// profile increment orders_count by 1
  /// superProperties register {"theme": "dark"}
  /// timeEvent Order Completed
  /// reset
  /// ```
  public var description: String {
    switch self {
    case let .event(name, properties):
      "event \(name)\(Self.describe(properties))"
    case let .screen(name, properties):
      "screen \(name)\(Self.describe(properties))"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil"
    case let .signIn(userId, traits):
      "signIn \(PropertyValue.string(userId))\(Self.describe(traits))"
    case let .userProperty(name, value):
      "userProperty \(name) = \(value)"
    case let .userProperties(properties):
      "userProperties \(PropertyValue.object(properties))"
    case let .error(message, properties):
      "error \(PropertyValue.string(message))\(Self.describe(properties))"
    case let .lifecycle(event):
      "lifecycle \(event.name)\(Self.describe(event.properties))"
    case let .standard(event, properties):
      "standard \(event.name)\(Self.describe(event.properties.merging(properties) { event, _ in event }))"
    case let .alias(userId):
      "alias \(PropertyValue.string(userId))"
    case let .group(type, key, traits):
      "group \(type) \(key)\(Self.describe(traits))"
    case let .profile(operation):
      "profile \(operation)"
    case let .superProperties(operation):
      "superProperties \(operation)"
    case let .timeEvent(name):
      "timeEvent \(name)"
    case .reset:
      "reset"
    }
  }

  private static func describe(_ properties: Properties) -> String {
    properties.isEmpty ? "" : " \(PropertyValue.object(properties))"
  }
}
