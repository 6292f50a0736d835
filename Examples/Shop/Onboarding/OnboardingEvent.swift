/// What the onboarding feature reports: the welcome screen, signing up, logging out.
///
/// The feature knows nothing about analytics vendors; ``onboardingAnalytics(_:)`` says what each event
/// means in the vendor-neutral vocabulary.
public enum OnboardingEvent: Sendable, Hashable {
  /// How a new customer chose to sign up.
  public enum Method: String, Sendable, Hashable {
    /// E-mail and password.
    case email
    /// Sign in with Apple.
    case apple
    /// Sign in with Google.
    case google
  }

  /// The welcome screen appeared.
  case welcomeShown
  /// The customer chose how to sign up.
  case signUpStarted(method: Method)
  /// The account exists: who it is, how they signed up, their plan, and how to reach them (personal data:
  /// the app's root redacts it before any vendor sees it).
  case signedUp(userId: String, method: Method, plan: String, email: String, phone: String)
  /// Signing up did not work.
  case signUpFailed(method: Method, reason: String)
  /// The customer joined their company's account (`id`, such as "acme"), which is on `plan`.
  case joinedCompany(id: String, plan: String)
  /// The customer logged out.
  case loggedOut
}

extension OnboardingEvent.Method: CustomDebugStringConvertible {
  /// `.email`, so a logged event reads `signUpStarted(method: .email)` without the module path.
  public var debugDescription: String { "." + rawValue }
}
