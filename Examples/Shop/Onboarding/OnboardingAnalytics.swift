import Trackers

/// What an onboarding event means to analytics, in order: identity first, so the event that follows is
/// already attributed to the new user, and the identity cleared last on logout.
///
/// Signing up links the anonymous visitor to the new account (`.alias`, where the vendor aliases), and is
/// the vocabulary's standard "Signed Up" (GA4's `sign_up`), then the new user's properties, the plan and
/// how they signed up, set together (one Segment `identify`, one PostHog `$set`, one Mixpanel `/engage`);
/// joining a company's account makes the customer a
/// member of group `company`, with the company's plan as the group's trait.
///
/// ```swift
/// let tracker: Tracker<OnboardingEvent> = { event in
///   for data in onboardingAnalytics(event) { vendors(data) }
/// }
/// ```
public func onboardingAnalytics(_ event: OnboardingEvent) -> [AnalyticsData] {
  switch event {
  case .welcomeShown:
    [.screen(name: "Welcome")]
  case let .signUpStarted(method):
    [.event(name: "Sign Up Started", properties: ["method": .string(method.rawValue)])]
  case let .signedUp(userId, method, plan, email, phone):
    // The contact details are personal data; the feature reports them as they are and the app decides
    // (the shop redacts them at its root, before any queue or log).
    [
      .userId(userId),
      .alias(userId: userId),
      .standard(.signedUp(method: method.rawValue), properties: ["email": .string(email), "phone": .string(phone)]),
      .userProperties(["plan": .string(plan), "signup_method": .string(method.rawValue)]),
    ]
  case let .signUpFailed(method, reason):
    [.error(message: "sign up failed", properties: ["method": .string(method.rawValue), "reason": .string(reason)])]
  case let .joinedCompany(id, plan):
    [.group(type: "company", key: id, traits: ["plan": .string(plan)])]
  case .loggedOut:
    ["Logged Out", .userId(nil)]
  }
}
