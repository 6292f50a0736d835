import Testing
import Trackers

/// `combineTrackers { }`: one tracker per line, every event to each in order, as `combine(...)` sends.
@Suite struct TrackerBuilderTests {
  @Test func sendsEveryEventToEachLineInOrder() {
    let log = EventLog<String>()
    let everyEvent: Tracker<AnalyticsEvent> = { _ in log.tracker("every event") }
    let track: Tracker<AnalyticsEvent> = combineTrackers {
      pullback(log.tracker, action: \.app) { "app \($0)" }
      pullback(log.tracker, action: \.user) { "user \($0)" }
      pullback(log.tracker, along: EventPath(AnalyticsEvent.app, \.app)) { "again \($0)" }
      everyEvent
    }
    track(.app(.appLaunched))
    track(.user(.loggedOut))
    #expect(log.events == ["app appLaunched", "again appLaunched", "every event", "user loggedOut", "every event"])
  }

  @Test func sendsWhatTheVariadicCombineSends() {
    let built = EventLog<String>(), variadic = EventLog<String>()
    func routes(_ log: EventLog<String>) -> [Tracker<AnalyticsEvent>] {
      [
        pullback(log.tracker, action: \.app) { "\($0)" },
        pullback(log.tracker, action: \.api) { $0.timeoutEndpoint },
        pullback(log.tracker, action: \.user, transform: { (event: UserEvent) -> [String] in ["\(event)", "!"] }),
      ]
    }
    let builtRoutes = routes(built), variadicRoutes = routes(variadic)
    let fromBuilder: Tracker<AnalyticsEvent> = combineTrackers {
      builtRoutes[0]
      builtRoutes[1]
      builtRoutes[2]
    }
    let fromCombine = combine(variadicRoutes[0], variadicRoutes[1], variadicRoutes[2])
    let events: [AnalyticsEvent] = [
      .app(.appLaunched), .api(.timeout(endpoint: "/a")), .api(.unexpectedResponse(endpoint: "/b")),
      .user(.loggedIn(userId: "u1")), .app(.appEnteredBackground),
    ]
    for event in events {
      fromBuilder(event)
      fromCombine(event)
    }
    #expect(built.events == variadic.events)
    #expect(built.events == ["appLaunched", "/a", "loggedIn(userId: \"u1\")", "!", "appEnteredBackground"])
  }

  @Test func conditionsAndLoopsChooseTheLines() {
    let log = EventLog<String>()
    func root(sendsUsers: Bool, prefixes: [String]) -> Tracker<AnalyticsEvent> {
      combineTrackers {
        if sendsUsers {
          pullback(log.tracker, action: \.user) { _ in "user" }
        }
        if prefixes.isEmpty {
          pullback(log.tracker, action: \.app) { _ in "no prefix" }
        } else {
          for prefix in prefixes {
            pullback(log.tracker, action: \.app) { "\(prefix) \($0)" }
          }
        }
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
          pullback(log.tracker, action: \.api) { _ in "api" }
        }
      }
    }
    root(sendsUsers: false, prefixes: [])(.user(.loggedOut))
    root(sendsUsers: true, prefixes: [])(.user(.loggedOut))
    root(sendsUsers: false, prefixes: ["a", "b"])(.app(.appLaunched))
    root(sendsUsers: false, prefixes: [])(.app(.appLaunched))
    root(sendsUsers: false, prefixes: [])(.api(.timeout(endpoint: "/t")))
    #expect(log.events == ["user", "a appLaunched", "b appLaunched", "no prefix", "api"])
  }

  @Test func anEmptyBlockSendsNothing() {
    let track: Tracker<AnalyticsEvent> = combineTrackers {}
    track(.app(.appLaunched))
  }

  @Test func aRootOfManyLinesReachesEachOnce() {
    // Longer than the groups of four `combine` captures one by one: every line once, in order.
    let log = EventLog<Int>()
    func line(_ index: Int) -> Tracker<Int> { { value in log.tracker(value * 100 + index) } }
    let track: Tracker<Int> = combineTrackers {
      for index in 0..<23 {
        line(index)
      }
    }
    track(1)
    #expect(log.events == (0..<23).map { 100 + $0 })
  }
}
