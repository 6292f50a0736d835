import Testing
import Trackers
import UserSession

@Suite struct UserAnalyticsTests {
  @Test func loginIdentifiesFirstAndLogoutForgetsLast() {
    #expect(userAnalytics(.loggedIn(userId: "u1")) == [.userId("u1"), "Logged In"])
    #expect(userAnalytics(.loggedOut) == ["Logged Out", .userId(nil)])
  }
}
