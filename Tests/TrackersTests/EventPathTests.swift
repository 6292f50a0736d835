import Testing
import Trackers

@Suite struct EventPathTests {
  @Test func embedsAndExtracts() {
    let app = EventPath(AnalyticsEvent.app, \.app)
    #expect(app.embed(.appLaunched) == .app(.appLaunched))
    // Spelled as swift-case-paths spells them.
    #expect(app.extract(from: .app(.appEnteredForeground)) == .appEnteredForeground)
    #expect(app.extract(from: .app(.appLaunched)) == .appLaunched)
    #expect(app.extract(from: .user(.loggedOut)) == nil)
    let embed: (AppEvent) -> AnalyticsEvent = app.embed
    #expect(embed(.appLaunched) == .app(.appLaunched))
  }

  @Test func labelledInitializer() {
    let user = EventPath<AnalyticsEvent, UserEvent>(
      embed: { .user($0) },
      extract: { if case let .user(event) = $0 { event } else { nil } }
    )
    #expect(user.embed(.loggedOut) == .user(.loggedOut))
    #expect(user.extract(from: .user(.loggedIn(userId: "a"))) == .loggedIn(userId: "a"))
    #expect(user.extract(from: .app(.appLaunched)) == nil)
  }

  @Test func appendingReachesANestedCase() {
    let timeout = EventPath(AnalyticsEvent.api, \.api)
      .appending(path: EventPath(APIErrorEvent.timeout, \.timeoutEndpoint))
    #expect(timeout.embed("/cart") == .api(.timeout(endpoint: "/cart")))
    #expect(timeout.extract(from: .api(.timeout(endpoint: "/cart"))) == "/cart")
    #expect(timeout.extract(from: .api(.unexpectedResponse(endpoint: "/cart"))) == nil)
    #expect(timeout.extract(from: .app(.appLaunched)) == nil)
  }
}
