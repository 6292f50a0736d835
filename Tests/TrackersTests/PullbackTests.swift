import Testing
import Trackers

@Suite struct PullbackTests {
  @Test func keyPathLiteralForwardsOnlyMatchingCases() {
    let log = EventLog<AppEvent>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.app)
    tracker(.app(.appLaunched))
    tracker(.user(.loggedOut))
    tracker(.api(.timeout(endpoint: "/cart")))
    tracker(.app(.appEnteredBackground))
    #expect(log.events == [.appLaunched, .appEnteredBackground])
  }

  @Test func theClassicCompositionRoutesEachFeatureToItsTrackers() {
    let google = EventLog<AppEvent>()
    let firebaseApp = EventLog<AppEvent>()
    let firebaseAPI = EventLog<APIErrorEvent>()
    let mixpanel = EventLog<UserEvent>()
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(google.tracker, action: \.app),
      pullback(firebaseApp.tracker, action: \.app),
      pullback(firebaseAPI.tracker, action: \.api),
      pullback(mixpanel.tracker, action: \.user)
    )
    send(.app(.appLaunched))
    send(.api(.unexpectedResponse(endpoint: "/login")))
    send(.user(.loggedIn(userId: "u1")))

    #expect(google.events == [.appLaunched])
    #expect(firebaseApp.events == [.appLaunched])
    #expect(firebaseAPI.events == [.unexpectedResponse(endpoint: "/login")])
    #expect(mixpanel.events == [.loggedIn(userId: "u1")])
  }

  @Test func closureAccessor() {
    let log = EventLog<String>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker) { event in
      if case let .user(.loggedIn(userId)) = event { userId } else { nil }
    }
    tracker(.user(.loggedIn(userId: "u7")))
    tracker(.user(.loggedOut))
    #expect(log.events == ["u7"])
  }

  @Test func casePathAccessor() {
    let log = EventLog<APIErrorEvent>()
    let api = EventPath(AnalyticsEvent.api, \.api)
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, along: api)
    tracker(.api(.timeout(endpoint: "/a")))
    tracker(.app(.appLaunched))
    #expect(log.events == [.timeout(endpoint: "/a")])
  }

  @Test func nestedCasePathThroughAppending() {
    let log = EventLog<String>()
    let timeouts = EventPath(AnalyticsEvent.api, \.api)
      .appending(path: EventPath(APIErrorEvent.timeout, \.timeoutEndpoint))
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, along: timeouts)
    tracker(.api(.timeout(endpoint: "/cart")))
    tracker(.api(.unexpectedResponse(endpoint: "/cart")))
    tracker(.app(.appLaunched))
    #expect(log.events == ["/cart"])
  }

  @Test func transformMapsEveryEvent() {
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<AppEvent> = pullback(log.tracker) { (event: AppEvent) -> AnalyticsData in
      switch event {
      case .appLaunched: "app_launch"
      case .appEnteredForeground: .event(name: "app_state", properties: ["state": "foreground"])
      case .appEnteredBackground: .event(name: "app_state", properties: ["state": "background"])
      }
    }
    tracker(.appLaunched)
    tracker(.appEnteredBackground)
    #expect(log.events == ["app_launch", .event(name: "app_state", properties: ["state": "background"])])
  }

  @Test func transformLabelMapsEveryEvent() {
    let log = EventLog<String>()
    let tracker: Tracker<Int> = pullback(log.tracker, transform: { "n\($0)" })
    tracker(1)
    tracker(2)
    #expect(log.events == ["n1", "n2"])
  }

  @Test func pullbacksCompose() {
    // A tracker of timeouts pulled back to API errors, then to the app-wide event.
    let log = EventLog<String>()
    let apiTracker: Tracker<APIErrorEvent> = pullback(log.tracker, action: \.timeoutEndpoint)
    let appTracker: Tracker<AnalyticsEvent> = pullback(apiTracker, action: \.api)
    appTracker(.api(.timeout(endpoint: "/x")))
    appTracker(.api(.unexpectedResponse(endpoint: "/y")))
    #expect(log.events == ["/x"])
  }

  @Test func oneCallWithAKeyPathLiteralPicksThenTransforms() {
    let log = EventLog<String>()
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, action: \.user, transform: describe)
    tracker(.user(.loggedIn(userId: "u1")))
    tracker(.app(.appLaunched))
    tracker(.user(.loggedOut))
    #expect(log.events == ["in u1", "out"])
  }

  @Test func oneCallWithAnEventPathPicksThenTransforms() {
    let log = EventLog<String>()
    let tracker: Tracker<AnalyticsEvent> = pullback(
      log.tracker, along: EventPath(AnalyticsEvent.user, \.user), transform: describe)
    tracker(.api(.timeout(endpoint: "/a")))
    tracker(.user(.loggedOut))
    #expect(log.events == ["out"])
  }

  @Test func oneCallWithANestedEventPath() {
    let log = EventLog<String>()
    let timeouts = EventPath(AnalyticsEvent.api, \.api)
      .appending(path: EventPath(APIErrorEvent.timeout, \.timeoutEndpoint))
    let tracker: Tracker<AnalyticsEvent> = pullback(log.tracker, along: timeouts, transform: { "timeout \($0)" })
    tracker(.api(.timeout(endpoint: "/cart")))
    tracker(.api(.unexpectedResponse(endpoint: "/cart")))
    #expect(log.events == ["timeout /cart"])
  }

  @Test func oneCallWithAClosureAction() {
    let log = EventLog<AnalyticsData>()
    let tracker: Tracker<AnalyticsEvent> = pullback(
      log.tracker,
      action: { (event: AnalyticsEvent) -> String? in
        if case let .api(.unexpectedResponse(endpoint)) = event { endpoint } else { nil }
      },
      transform: { (endpoint: String) -> AnalyticsData in .event(name: "bad_response", properties: ["endpoint": .string(endpoint)]) }
    )
    tracker(.api(.unexpectedResponse(endpoint: "/login")))
    tracker(.api(.timeout(endpoint: "/login")))
    #expect(log.events == [.event(name: "bad_response", properties: ["endpoint": "/login"])])
  }

  @Test func oneCallForwardsWhatTheTwoStepsForward() {
    let events: [AnalyticsEvent] = [
      .app(.appLaunched), .user(.loggedIn(userId: "u2")), .api(.timeout(endpoint: "/x")), .user(.loggedOut),
      .app(.appEnteredBackground), .user(.loggedIn(userId: "u3")),
    ]
    let oneCall = EventLog<String>(), twoSteps = EventLog<String>()
    let inner: Tracker<UserEvent> = pullback(twoSteps.tracker, transform: describe)
    let outer: Tracker<AnalyticsEvent> = pullback(inner, action: \.user)
    let single: Tracker<AnalyticsEvent> = pullback(oneCall.tracker, action: \.user, transform: describe)
    for event in events {
      outer(event)
      single(event)
    }
    #expect(oneCall.events == ["in u2", "out", "in u3"])
    #expect(oneCall.events == twoSteps.events)
  }
}

@Sendable private func describe(_ event: UserEvent) -> String {
  switch event {
  case let .loggedIn(userId): "in \(userId)"
  case .loggedOut: "out"
  }
}
