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
    let byEventPath: Tracker<AnalyticsEvent> = pullback(log.tracker, along: EventPath(AnalyticsEvent.app, \.app))
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
      log.tracker, along: EventPath(AnalyticsEvent.user, \.user), transform: describeUser)
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

/// `pullback(_:action:transform:)` and `pullback(_:along:transform:)` with a transform that drops or fans
/// out, as the single-step `pullback(_:transform:)` does (issue 37: two real ports nested two pullbacks).
@Suite struct OneCallDropAndFanOutTests {
  @Sendable static func signInAnalytics(_ event: UserEvent) -> [AnalyticsData] {
    switch event {
    case let .loggedIn(userId): [.userId(userId), .event(name: "signed_in")]
    case .loggedOut: []
    }
  }

  @Sendable static func timeoutsOnly(_ event: APIErrorEvent) -> AnalyticsData? {
    switch event {
    case let .timeout(endpoint): .error(message: "timeout", properties: ["endpoint": .string(endpoint)])
    case .unexpectedResponse: nil
    }
  }

  @Test func aKeyPathThenADroppingTransform() {
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.api, transform: Self.timeoutsOnly)
    tracker(.api(.timeout(endpoint: "/cart")))
    tracker(.api(.unexpectedResponse(endpoint: "/cart")))
    tracker(.app(.appLaunched))
    #expect(log.events == [.error(message: "timeout", properties: ["endpoint": "/cart"])])
  }

  @Test func aKeyPathThenAFanningOutTransform() {
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.user, transform: Self.signInAnalytics)
    tracker(.user(.loggedIn(userId: "u1")))
    tracker(.user(.loggedOut))
    tracker(.app(.appLaunched))
    #expect(log.events == [.userId("u1"), "signed_in"])
  }

  @Test func anEventPathThenADroppingOrFanningOutTransform() {
    let log = EventLog<AnalyticsData>()
    let api: Tracker<AnalyticsEvent> = pullback(
      log.tracker, along: EventPath(AnalyticsEvent.api, \.api), transform: Self.timeoutsOnly)
    let user: Tracker<AnalyticsEvent> = pullback(
      log.tracker, along: EventPath(AnalyticsEvent.user, \.user), transform: Self.signInAnalytics)
    api(.api(.unexpectedResponse(endpoint: "/a")))
    user(.user(.loggedIn(userId: "u2")))
    api(.api(.timeout(endpoint: "/b")))
    #expect(log.events == [.userId("u2"), "signed_in", .error(message: "timeout", properties: ["endpoint": "/b"])])
  }

  @Test func closuresAsActionAndTransform() {
    let log = EventLog<String>()
    let dropping: Tracker<AnalyticsEvent> = pullback(
      log.tracker, action: { $0.api }, transform: { (event: APIErrorEvent) -> String? in event.timeoutEndpoint })
    let fanningOut: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.app) { event in ["\(event)", "again"] }
    dropping(.api(.timeout(endpoint: "/x")))
    dropping(.api(.unexpectedResponse(endpoint: "/y")))
    fanningOut(.app(.appLaunched))
    #expect(log.events == ["/x", "appLaunched", "again"])
  }

  @Test func aTotalTransformStillTakesTheTotalForm() {
    // A trailing closure returning the tracker's own type: the total form, one event per event.
    let log = EventLog<String>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.user) { _ in "user" }
    tracker(.user(.loggedOut))
    tracker(.app(.appLaunched))
    #expect(log.events == ["user"])
  }

  @Test func anOptionalTrackerWithAnOptionalTransformForwardsTheNils() {
    // Both forms fit a tracker of `String?` and a transform to `String?`: the total one is meant, so a
    // `nil` is an event of that tracker, not a dropped one.
    let log = EventLog<String?>()
    let tracker: Tracker<AnalyticsEvent> = pullback(
      log.tracker, action: \.api, transform: { (event: APIErrorEvent) -> String? in event.timeoutEndpoint })
    tracker(.api(.unexpectedResponse(endpoint: "/y")))
    tracker(.api(.timeout(endpoint: "/x")))
    #expect(log.events == [nil, "/x"])
  }
}
