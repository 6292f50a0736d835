/// Redacts every event before `tracker` sees it, so personal data is never queued or sent.
///
/// Put it outermost, before any queue, consent gate or log:
///
/// ```swift
/// let send = redacting(combine(
///   consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
///   logging(amplitudeTracker, label: "amplitude")
/// ))
/// send(.event(name: "Signup", properties: ["email": "ada@example.com"]))
/// // Mixpanel and Amplitude receive {"email": "[redacted:email]"}
/// ```
public func redacting(
  _ tracker: @escaping Tracker<AnalyticsData>,
  with redactor: Redactor = .default
) -> Tracker<AnalyticsData> {
  return { event in
    var redacted = redactor.redact(event)
    tracker(redacted)
    // A change deep inside a value made a new chain of containers down to it, which only `redacted` holds:
    // released the usual way, it would recurse once per level.
    AnalyticsData.dismantleIfDeep(&redacted)
  }
}
