import Onboarding
import Testing
import Trackers

@Suite struct OnboardingAnalyticsTests {
  @Test func welcomeIsAScreen() {
    #expect(onboardingAnalytics(.welcomeShown) == [.screen(name: "Welcome")])
  }

  @Test func signUpStartedCarriesTheMethod() {
    #expect(onboardingAnalytics(.signUpStarted(method: .apple)) == [
      .event(name: "Sign Up Started", properties: ["method": "apple"])
    ])
  }

  @Test func signingUpIdentifiesTheUserBeforeTheEventAndSetsThePlanAfter() {
    #expect(onboardingAnalytics(
      .signedUp(userId: "u-1", method: .email, plan: "free", email: "ada@example.com", phone: "+44 20 7946 0958")
    ) == [
      .userId("u-1"),
      .event(
        name: "Sign Up Completed",
        properties: ["method": "email", "email": "ada@example.com", "phone": "+44 20 7946 0958"]
      ),
      .userProperty(name: "plan", value: "free"),
    ])
  }

  @Test func aFailedSignUpIsAnErrorWithTheReason() {
    #expect(onboardingAnalytics(.signUpFailed(method: .google, reason: "cancelled")) == [
      .error(message: "sign up failed", properties: ["method": "google", "reason": "cancelled"])
    ])
  }

  @Test func loggingOutSendsTheEventWhileStillIdentifiedThenClearsTheIdentity() {
    #expect(onboardingAnalytics(.loggedOut) == ["Logged Out", .userId(nil)])
  }
}
