/// What the user session feature reports: logging in and out.
public enum UserEvent: Sendable, Hashable {
  case loggedIn(userId: String)
  case loggedOut
}
