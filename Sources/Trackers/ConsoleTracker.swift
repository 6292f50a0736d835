/// A tracker that prints each event as one readable line on standard output.
///
/// Handy as the embedded default while no vendor is configured, and in examples:
///
/// ```swift
/// consoleTracker(.event(name: "Signup", properties: ["plan": "pro"]))
/// // event Signup {"plan": "pro"}
/// ```
public let consoleTracker: Tracker<AnalyticsData> = { event in
  LogSink.standardOutput.write(event.description)
}
