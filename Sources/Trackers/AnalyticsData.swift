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
///   .userProperty(name: "tier", value: "gold"),
///   .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
///   .lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")),
/// ]
/// ```
public enum AnalyticsData: Sendable, Hashable {
  /// Typed properties of an event, a screen or an error.
  public typealias Properties = [String: PropertyValue]

  /// Something the user did or the app did, with properties.
  case event(name: String, properties: Properties = [:])
  /// A screen the user saw.
  case screen(name: String, properties: Properties = [:])
  /// The identity of the user from now on; `nil` means the user logged out.
  case userId(String?)
  /// A property of the user (plan, tier, locale), kept by the vendor on the user's profile.
  case userProperty(name: String, value: PropertyValue)
  /// An error the app wants to count, such as a failed request.
  case error(message: String, properties: Properties = [:])
  /// The app was installed, updated, opened or backgrounded: ``ApplicationLifecycle`` sends these, and each
  /// vendor module names them the way its SDK does.
  case lifecycle(LifecycleEvent)
}

extension AnalyticsData: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
  /// An event without properties: `let logout: AnalyticsData = "Logout"`.
  public init(stringLiteral name: String) {
    self = .event(name: name)
  }
}

extension AnalyticsData {
  /// The name of the event or screen, Segment's name of a lifecycle event, or `nil` for the other cases.
  public var name: String? {
    switch self {
    case let .event(name, _), let .screen(name, _): name
    case let .lifecycle(event): event.name
    case .userId, .userProperty, .error: nil
    }
  }

  /// The properties of an event, a screen, an error or a lifecycle event; empty for the other cases.
  public var properties: Properties {
    switch self {
    case let .event(_, properties), let .screen(_, properties), let .error(_, properties): properties
    case let .lifecycle(event): event.properties
    case .userId, .userProperty: [:]
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
  /// userProperty tier = "gold"
  /// error "GET /cart timed out" {"endpoint": "/cart"}
  /// lifecycle Application Opened {"build": "142", "from_background": false, "version": "2.1.0"}
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
    case let .userProperty(name, value):
      "userProperty \(name) = \(value)"
    case let .error(message, properties):
      "error \(PropertyValue.string(message))\(Self.describe(properties))"
    case let .lifecycle(event):
      "lifecycle \(event.name)\(Self.describe(event.properties))"
    }
  }

  private static func describe(_ properties: Properties) -> String {
    properties.isEmpty ? "" : " \(PropertyValue.object(properties))"
  }
}
