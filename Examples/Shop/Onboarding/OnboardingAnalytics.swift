import Trackers

/// What an onboarding event means to analytics, in order: identity first, so the event that follows is
/// already attributed to the new user, and the identity cleared last on logout.
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
      .event(
        name: "Sign Up Completed",
        properties: ["method": .string(method.rawValue), "email": .string(email), "phone": .string(phone)]
      ),
      .userProperty(name: "plan", value: .string(plan)),
    ]
  case let .signUpFailed(method, reason):
    [.error(message: "sign up failed", properties: ["method": .string(method.rawValue), "reason": .string(reason)])]
  case .loggedOut:
    ["Logged Out", .userId(nil)]
  }
}
