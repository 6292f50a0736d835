import Trackers

/// The GA4 form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | GA4 |
/// |---|---|
/// | `.event(name, properties)` | event `name` with `params` = properties |
/// | `.screen(name, properties)` | event `screen_view` with `screen_name` = name, plus the properties |
/// | `.error(message, properties)` | event `app_error` with `error_message` = message (cut to 100 characters), plus the properties (GA4 reserves `error` and `app_exception`) |
/// | `.userProperty(name, value)` | `user_properties.name = {"value": value}` on every following request |
/// | `.userId(id)` | `user_id` on every following request (`nil`: none) |
///
/// The live environment adds `session_id` and `engagement_time_msec` to each event when it sends it (they
/// depend on the session, not on the event), so they are not part of this mapping; validation counts them.
///
/// ```swift
/// googleAnalyticsEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
/// // .event(name: "app_error", params: ["error_message": "timeout", "endpoint": "/cart"])
/// ```
public func googleAnalyticsEvent(for data: AnalyticsData) -> GoogleAnalyticsEvent {
  switch data {
  case let .event(name, properties):
    return .event(name: name, params: properties)
  case let .screen(name, properties):
    var params = properties
    params[GoogleAnalyticsNames.screenName] = .string(name)
    return .event(name: GoogleAnalyticsNames.screenView, params: params)
  case let .error(message, properties):
    var params = properties
    params[GoogleAnalyticsNames.errorMessage] = .string(
      String(message.unicodeScalars.prefix(GoogleAnalyticsLimits.paramValueLength)))
    return .event(name: GoogleAnalyticsNames.error, params: params)
  case let .userProperty(name, value):
    return .userProperty(name: name, value: value)
  case let .userId(id):
    return .userId(id)
  case let .lifecycle(event):
    return .event(name: GoogleAnalyticsNames.lifecycle(event), params: event.properties.mapValues(ga4Compatible))
  // Issue 22, step 1: the vocabulary landed; this module's own forms of these follow.
  case let .standard(event, properties):
    return googleAnalyticsEvent(for: .event(name: event.name, properties: event.properties.merging(properties) { event, _ in event }))
  case .alias, .group, .profile, .superProperties, .timeEvent:
    return googleAnalyticsEvent(for: .event(name: ""))
  }
}

/// GA4 parameters are strings or numbers: `from_background` becomes 1 or 0.
private func ga4Compatible(_ value: PropertyValue) -> PropertyValue {
  if case let .bool(flag) = value { return .int(flag ? 1 : 0) }
  return value
}

/// The names this module uses for the vocabulary cases GA4 has no direct form of.
public enum GoogleAnalyticsNames {
  /// The recommended event for a screen: `screen_view`.
  public static let screenView = "screen_view"
  /// Its parameter holding the screen's name: `screen_name`.
  public static let screenName = "screen_name"
  /// The event for ``Trackers/AnalyticsData/error(message:properties:)``: `app_error`, because GA4 reserves
  /// `error` and `app_exception`.
  public static let error = "app_error"
  /// Its parameter holding the message: `error_message`.
  public static let errorMessage = "error_message"
  /// The parameter tying an event to its session, which GA4 needs to show the event in Realtime:
  /// `session_id`. The live environment adds it to every event that does not set it.
  public static let sessionId = "session_id"
  /// The parameter with the milliseconds of engagement an event reports, which GA4 needs to show the event
  /// in Realtime: `engagement_time_msec`. The live environment adds it to every event that does not set it.
  public static let engagementTime = "engagement_time_msec"

  /// A lifecycle event's name: Segment's name in GA4's snake case, "application_opened". GA4 reserves
  /// the Firebase SDK's own names (`first_open`, `app_update`, `app_background`) for its SDK, so a
  /// Measurement Protocol event can't use them.
  public static func lifecycle(_ event: LifecycleEvent) -> String {
    switch event {
    case .installed: "application_installed"
    case .updated: "application_updated"
    case .opened: "application_opened"
    case .backgrounded: "application_backgrounded"
    }
  }
}
