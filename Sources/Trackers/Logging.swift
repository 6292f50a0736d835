/// Logs each event, then forwards it to `tracker`.
///
/// The line is written before forwarding, so an event that makes a tracker misbehave is already in the
/// log. Each event gives one line, `label: description` (or just the description when there is no label),
/// where the description is `format(event)`; ``AnalyticsData`` describes itself in a stable, greppable form.
///
/// The log never shows what redaction would remove: an ``AnalyticsData`` event is formatted after
/// `redactor` redacted it (key and value rules), any other event's line goes through the redactor's value
/// rules. The event forwarded to `tracker` is unchanged; use ``redacting(_:with:)`` for that.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = logging(pullback(mixpanelTracker, action: \.user), label: "mixpanel")
/// send(.user(.loggedOut))
/// // mixpanel: loggedOut
/// ```
///
/// - Parameters:
///   - tracker: where each event goes after its line is written.
///   - label: a prefix that tells the lines of several logged trackers apart.
///   - sink: where lines go: ``LogSink/default`` (`os.Logger` on Apple platforms, standard error
///     elsewhere), ``LogSink/standardOutput``, or your own closure.
///   - format: how an event becomes text; `String(describing:)` by default.
///   - redactor: removes personal data from the line; ``Redactor/default`` by default, ``Redactor/none``
///     to log everything (never in production).
public func logging<Event>(
  _ tracker: @escaping Tracker<Event>,
  label: String? = nil,
  to sink: LogSink = .default,
  format: @escaping @Sendable (Event) -> String = { String(describing: $0) },
  redactor: Redactor = .default
) -> Tracker<Event> {
  let prefix = label.map { "\($0): " } ?? ""
  let write = sink.write
  if Event.self == AnalyticsData.self {
    return { event in
      // Both casts succeed (`Event` is `AnalyticsData`); the fallback is the redacted text, as for any type.
      guard let data = event as? AnalyticsData, let redacted = redactor.redact(data) as? Event else {
        write(prefix + redactor.redact(format(event)))
        return tracker(event)
      }
      write(prefix + format(redacted))
      tracker(event)
    }
  }
  return { event in
    write(prefix + redactor.redact(format(event)))
    tracker(event)
  }
}
