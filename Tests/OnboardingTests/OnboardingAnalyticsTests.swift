import Onboarding
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// The plan (`TrackingPlan.json` beside this file) is what `everyEventReachesTheVendorsInOrder` tracks.
@Suite(.trackingPlan(module: "Onboarding", receivers: shopPlanReceivers))
struct OnboardingAnalyticsTests {
  @Test func welcomeIsAScreen() {
    #expect(onboardingAnalytics(.welcomeShown) == [.screen(name: "Welcome")])
  }

  @Test func signUpStartedCarriesTheMethod() {
    #expect(onboardingAnalytics(.signUpStarted(method: .apple)) == [
      .event(name: "Sign Up Started", properties: ["method": "apple"])
    ])
  }

  @Test func signingUpIdentifiesTheUserBeforeTheEventAndSetsItsPropertiesTogetherAfter() {
    #expect(onboardingAnalytics(
      .signedUp(userId: "u-1", method: .email, plan: "free", email: "ada@example.com", phone: "+44 20 7946 0958")
    ) == [
      .userId("u-1"),
      .alias(userId: "u-1"),
      .standard(.signedUp(method: "email"), properties: ["email": "ada@example.com", "phone": "+44 20 7946 0958"]),
      .userProperties(["plan": "free", "signup_method": "email"]),
    ])
  }

  @Test func joiningACompanyMakesTheCustomerAMemberOfItsGroupWithThePlanAsTrait() {
    #expect(onboardingAnalytics(.joinedCompany(id: "acme", plan: "business")) == [
      .group(type: "company", key: "acme", traits: ["plan": "business"])
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

  /// Every onboarding event, sent as the shop's root sends it (each mapped value in order), so the
  /// tracking plan lists all of them.
  @Test func everyEventReachesTheVendorsInOrder() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let vendors = recorder.tracker
    let track: Tracker<OnboardingEvent> = { event in
      for data in onboardingAnalytics(event) { vendors(data) }
    }

    track(.welcomeShown)
    track(.signUpStarted(method: .email))
    track(.signUpFailed(method: .apple, reason: "cancelled"))
    track(.signedUp(userId: "u-1", method: .google, plan: "pro", email: "ada@example.com", phone: "+44 20 7946 0958"))
    track(.joinedCompany(id: "acme", plan: "business"))
    track(.loggedOut)

    recorder.expect(
      .screen(name: "Welcome"),
      .event(name: "Sign Up Started", properties: ["method": "email"]),
      .error(message: "sign up failed", properties: ["method": "apple", "reason": "cancelled"]),
      .userId("u-1"),
      .alias(userId: "u-1"),
      .standard(.signedUp(method: "google"), properties: ["email": "ada@example.com", "phone": "+44 20 7946 0958"]),
      .userProperties(["plan": "pro", "signup_method": "google"]),
      .group(type: "company", key: "acme", traits: ["plan": "business"]),
      "Logged Out",
      .userId(nil)
    )
  }
}
