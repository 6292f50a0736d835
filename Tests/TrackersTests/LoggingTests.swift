import Testing
import Trackers

@Suite struct LoggingTests {
  @Test func logsOneLinePerEventWithTheLabelThenForwards() {
    let lines = LineLog()
    let forwarded = EventLog<AnalyticsData>()
    let order = EventLog<String>()
    let recordOrder = order.tracker
    let sink = LogSink { line in
      lines.sink.write(line)
      recordOrder("logged")
    }
    let inner: Tracker<AnalyticsData> = { event in
      forwarded.tracker(event)
      recordOrder("forwarded")
    }
    let tracker = logging(inner, label: "mixpanel", to: sink)
    tracker(.event(name: "Signup", properties: ["seats": 5, "plan": "pro"]))
    tracker(.userId(nil))

    #expect(lines.all == [#"mixpanel: event Signup {"plan": "pro", "seats": 5}"#, "mixpanel: userId nil"])
    #expect(forwarded.events == [.event(name: "Signup", properties: ["plan": "pro", "seats": 5]), .userId(nil)])
    #expect(order.events == ["logged", "forwarded", "logged", "forwarded"])
  }

  @Test func withoutALabelTheLineIsTheDescription() {
    let lines = LineLog()
    let tracker = logging({ (_: AppEvent) in }, to: lines.sink)
    tracker(.appLaunched)
    #expect(lines.all == ["appLaunched"])
  }

  @Test func customFormat() {
    let lines = LineLog()
    let tracker = logging({ (_: Int) in }, label: "n", to: lines.sink, format: { "#\($0)" })
    tracker(3)
    #expect(lines.all == ["n: #3"])
  }
}

@Suite struct LogSinkLevelTests {
  /// A sink made from a one-argument closure, as apps wrote them before levels existed, still gets every
  /// line, whatever its level.
  @Test func aPlainSinkReceivesEveryLineWhateverItsLevel() {
    let lines = EventLog<String>()
    let sink = LogSink { lines.tracker($0) }
    sink.write("routine")
    for level in LogSink.Level.allCases { sink.write("at \(level)", level: level) }
    #expect(lines.events == ["routine", "at debug", "at error", "at fault"])
  }

  /// A leveled sink hears each line's level; `write(_:)` is the routine level.
  @Test func aLeveledSinkReceivesEachLineWithItsLevel() {
    let lines = EventLog<String>()
    var sink = LogSink(leveled: { line, level in lines.tracker("\(level): \(line)") })
    sink.write("routine")
    sink.write("lost 3 events", level: .error)
    sink.write("misuse", level: .fault)
    #expect(lines.events == ["debug: routine", "error: lost 3 events", "fault: misuse"])
    #expect(LogSink.Level.debug < .error && LogSink.Level.error < .fault)

    // Replacing `write` makes it a plain sink again.
    sink.write = { lines.tracker("plain: \($0)") }
    sink.write("lost", level: .error)
    #expect(lines.events.last == "plain: lost")
  }
}
