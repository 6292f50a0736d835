/// Logs each event, then forwards it to `tracker`.
///
/// The line is written before forwarding, so an event that makes a tracker misbehave is already in the
/// log. Each event gives one line, `label: description` (or just the description when there is no label),
/// where the description is `format(event)`; ``AnalyticsData`` describes itself in a stable, greppable form.
///
/// ```swift
/// let send = logging(pullback(mixpanelTracker, action: \.user), label: "mixpanel")
/// send(.user(.loggedOut))
/// // mixpanel: loggedOut
/// ```
///
/// - Parameters:
///   - label: a prefix that tells the lines of several logged trackers apart.
///   - sink: where lines go: ``LogSink/default`` (`os.Logger` on Apple platforms, standard error
///     elsewhere), ``LogSink/standardOutput``, or your own closure.
///   - format: how an event becomes text; `String(describing:)` by default.
public func logging<Event>(
  _ tracker: @escaping Tracker<Event>,
  label: String? = nil,
  to sink: LogSink = .default,
  format: @escaping @Sendable (Event) -> String = { String(describing: $0) }
) -> Tracker<Event> {
  let prefix = label.map { "\($0): " } ?? ""
  let write = sink.write
  return { event in
    write(prefix + format(event))
    tracker(event)
  }
}
