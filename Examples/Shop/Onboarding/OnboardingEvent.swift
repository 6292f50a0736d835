/// What the onboarding feature reports: the welcome screen, signing up, logging out.
///
/// The feature knows nothing about analytics vendors; ``onboardingAnalytics(_:)`` says what each event
/// means in the vendor-neutral vocabulary.
public enum OnboardingEvent: Sendable, Hashable {
  /// How a new customer chose to sign up.
  public enum Method: String, Sendable, Hashable {
    case email
    case apple
    case google
  }

  case welcomeShown
  case signUpStarted(method: Method)
  case signedUp(userId: String, method: Method, plan: String)
  case signUpFailed(method: Method, reason: String)
  case loggedOut
}

extension OnboardingEvent.Method: CustomDebugStringConvertible {
  /// `.email`, so a logged event reads `signUpStarted(method: .email)` without the module path.
  public var debugDescription: String { "." + rawValue }
}
