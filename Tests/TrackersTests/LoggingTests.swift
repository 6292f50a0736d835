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
