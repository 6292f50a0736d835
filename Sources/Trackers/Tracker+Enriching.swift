/// Adds properties, computed as each event passes, to every event, screen, error and standard event sent to
/// `tracker`: the app's session and user properties (orientation, VoiceOver, signed in or not), for every
/// destination composed behind it, the vendors and the app's own trackers alike.
///
/// ```swift
/// let send: Tracker<AnalyticsData> = enriching(combine(segmentTracker, appDataStoreTracker)) {
///   ["session_voiceover_enabled": .bool(accessibility.isVoiceOverRunning), "user_uid": user.map { .string($0.id) }]
/// }
/// ```
///
/// - `properties` is called once per event that carries properties, on the caller's thread, when the event
///   passes; identity, user properties, aliases, groups, profile operations, super-property registrations,
///   timed-event starts and lifecycle events pass unchanged, and `properties` is not called for them.
/// - A `nil` value leaves its key out (a signed-out user has no `user_uid`); ``PropertyValue/null`` sends
///   JSON `null`.
/// - The event's own property of the same name wins, as with ``AnalyticsData/adding(_:)``.
/// - To the vendor modules the added properties are the event's own: they win over the vendor's super
///   properties of the same name, and each vendor validates and redacts them like the rest.
public func enriching(
  _ tracker: @escaping Tracker<AnalyticsData>,
  with properties: @escaping @Sendable () -> [String: PropertyValue?]
) -> Tracker<AnalyticsData> {
  return { event in
    guard event.carriesProperties else { return tracker(event) }
    tracker(event.adding(properties().compactMapValues { $0 }))
  }
}
