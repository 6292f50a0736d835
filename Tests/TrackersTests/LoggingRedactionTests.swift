import Testing
import Trackers

@Suite struct LoggingRedactionTests {
  @Test func analyticsDataIsLoggedRedactedAndForwardedUnchanged() {
    let lines = LineLog()
    let forwarded = EventLog<AnalyticsData>()
    let send = logging(forwarded.tracker, label: "mixpanel", to: lines.sink)
    let signup = AnalyticsData.event(name: "Signup", properties: [
      "email": "ada@example.com", "phone": "+33 6 12 34 56 78", "contact": ["note": "ip 203.0.113.7"], "plan": "pro",
    ])
    send(signup)
    send(.userProperty(name: "mobile", value: "+1 (555) 123-4567"))
    send(.error(message: "no account for ada@example.com"))
    #expect(lines.all == [
      #"mixpanel: event Signup {"contact": {"note": "ip [redacted:ip]"}, "email": "[redacted:email]", "phone": "[redacted:phone]", "plan": "pro"}"#,
      #"mixpanel: userProperty mobile = "[redacted:phone]""#,
      #"mixpanel: error "no account for [redacted:email]""#,
    ])
    #expect(forwarded.events.first == signup)
    for line in lines.all {
      #expect(!line.contains("ada@example.com") && !line.contains("12 34 56") && !line.contains("203.0.113"))
    }
  }

  @Test func customFormatsSeeTheRedactedEvent() {
    let lines = LineLog()
    let send = logging({ (_: AnalyticsData) in }, to: lines.sink, format: { "\($0.properties["password"] ?? .null)" })
    send(.event(name: "Login", properties: ["password": "hunter2"]))
    #expect(lines.all == [#""[redacted:secret]""#])
  }

  @Test func otherEventTypesHaveTheirLineRedacted() {
    enum UserEvent: Sendable { case signedUp(email: String, plan: String) }
    let lines = LineLog()
    let send = logging({ (_: UserEvent) in }, label: "user", to: lines.sink)
    send(.signedUp(email: "ada@example.com", plan: "pro"))
    #expect(lines.all == [#"user: signedUp(email: "[redacted:email]", plan: "pro")"#])
  }

  @Test func theRedactorCanBeChosen() {
    let lines = LineLog()
    let send = logging({ (_: AnalyticsData) in }, to: lines.sink, redactor: .none)
    send(.event(name: "Signup", properties: ["email": "ada@example.com"]))
    #expect(lines.all == [#"event Signup {"email": "ada@example.com"}"#])
  }
}
