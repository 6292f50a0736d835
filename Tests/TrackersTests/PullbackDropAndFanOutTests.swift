import Testing
import Trackers

/// The transforms that drop an event (`Local?`) or fan it out (`[Local]`), and the calls written before
/// they existed, which must still resolve, unambiguously, to the form they meant.
@Suite struct PullbackDropAndFanOutTests {
  enum SessionEvent: Sendable { case signedIn(userId: String), tokenRefreshed, signedOut }

  @Test func anOptionalTransformDropsTheEventsItHasNoMeaningFor() {
    @Sendable func analytics(_ event: SessionEvent) -> AnalyticsData? {
      switch event {
      case let .signedIn(userId): .userId(userId)
      case .tokenRefreshed: nil
      case .signedOut: .userId(nil)
      }
    }
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<SessionEvent> = pullback(log.tracker, transform: analytics)
    tracker(.signedIn(userId: "u1"))
    tracker(.tokenRefreshed)
    tracker(.signedOut)
    #expect(log.events == [.userId("u1"), .userId(nil)])
  }

  @Test func anOptionalTransformClosureLabelledTransform() {
    let log = EventLog<String>()
    let tracker: Tracker<Int> = pullback(log.tracker, transform: { $0.isMultiple(of: 2) ? "even \($0)" : nil })
    for number in 1...4 { tracker(number) }
    #expect(log.events == ["even 2", "even 4"])
  }

  @Test func anArrayTransformSendsEachEventInOrder() {
    @Sendable func analytics(_ event: SessionEvent) -> [AnalyticsData] {
      switch event {
      case let .signedIn(userId): [.userId(userId), .event(name: "signed_in")]
      case .tokenRefreshed: []
      case .signedOut: [.event(name: "signed_out"), .userId(nil)]
      }
    }
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<SessionEvent> = pullback(log.tracker, transform: analytics)
    tracker(.signedIn(userId: "u1"))
    tracker(.tokenRefreshed)
    tracker(.signedOut)
    #expect(log.events == [.userId("u1"), "signed_in", "signed_out", .userId(nil)])
  }

  @Test func anArrayTransformAsATrailingClosure() {
    let log = EventLog<String>()
    let tracker: Tracker<Int> = pullback(log.tracker) { number in Array(repeating: "n\(number)", count: number) }
    tracker(0)
    tracker(2)
    #expect(log.events == ["n2", "n2"])
  }

  // The forms that existed before, as README and the articles call them: each still type-checks, and does
  // what it did.

  @Test func aTrailingClosureReturningAnOptionalStillCompilesAsTheAction() {
    let log = EventLog<String>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker) { event in
      if case let .user(.loggedIn(userId)) = event { userId } else { nil }
    }
    let shorthand: Tracker<AnalyticsEvent> = pullback(log.tracker) { $0.api?.timeoutEndpoint }
    tracker(.user(.loggedIn(userId: "u7")))
    tracker(.user(.loggedOut))
    shorthand(.api(.timeout(endpoint: "/cart")))
    shorthand(.app(.appLaunched))
    #expect(log.events == ["u7", "/cart"])
  }

  @Test func aTotalTransformFunctionStillForwardsEveryEvent() {
    @Sendable func analytics(_ event: AppEvent) -> AnalyticsData { .event(name: "\(event)") }
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<AppEvent> = pullback(log.tracker, transform: analytics)
    let inferred = pullback(log.tracker, transform: analytics)
    let closure: Tracker<AppEvent> = pullback(log.tracker) { _ in "launch" }
    tracker(.appLaunched)
    inferred(.appEnteredBackground)
    closure(.appLaunched)
    #expect(log.events == ["appLaunched", "appEnteredBackground", "launch"])
  }

  @Test func keyPathsAndEventPathsStillPickCases() {
    let log = EventLog<AppEvent>()
    let byKeyPath: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.app)
    let byEventPath: Tracker<AnalyticsEvent> = pullback(log.tracker, action: EventPath(AnalyticsEvent.app, \.app))
    let byClosure: Tracker<AnalyticsEvent> = pullback(log.tracker, action: { $0.app })
    byKeyPath(.app(.appLaunched))
    byEventPath(.app(.appEnteredForeground))
    byClosure(.app(.appEnteredBackground))
    byClosure(.user(.loggedOut))
    #expect(log.events == [.appLaunched, .appEnteredForeground, .appEnteredBackground])
  }

  @Test func oneCallFormsStillPickThenTransform() {
    let log = EventLog<String>()
    let byKeyPath: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.user, transform: describeUser)
    let byEventPath: Tracker<AnalyticsEvent> = pullback(
      log.tracker, action: EventPath(AnalyticsEvent.user, \.user), transform: describeUser)
    byKeyPath(.user(.loggedIn(userId: "u1")))
    byEventPath(.user(.loggedOut))
    byKeyPath(.app(.appLaunched))
    #expect(log.events == ["in u1", "out"])
  }
}

@Sendable private func describeUser(_ event: UserEvent) -> String {
  switch event {
  case let .loggedIn(userId): "in \(userId)"
  case .loggedOut: "out"
  }
}
