// The Swift blocks of Sources/Trackers/LogSink.swift, Tracker+Background.swift and PropertyValue+Depth.swift,
// compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Trackers

/// The app's own logger.
private struct Logger: Sendable { func debug(_ message: String) {} }

private func logSinks(myLogger: Logger, slowVendorTracker: @escaping Tracker<AnalyticsData>, deep: PropertyValue) {
  compile {
    // snippet: Sources/Trackers/LogSink.swift#1
    let sink = LogSink { line in myLogger.debug("\(line)") }
    let tracker = logging(amplitudeTracker, label: "amplitude", to: sink)
    // end snippet
    _ = tracker
  }
  compile {
    // snippet: Sources/Trackers/Tracker+Background.swift#1
    let send = onSerialQueue(slowVendorTracker)
    send(.event(name: "Signup"))   // returns at once
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/PropertyValue+Depth.swift#1
    PropertyValue.object(["tags": ["new", "promo"]]).nestingDepth()   // 2
    deep.nestingDepth(limit: 32) > 32                                 // too deep, found in 33 steps
    // end snippet
  }
}
