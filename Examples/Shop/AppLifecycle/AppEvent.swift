/// What happens to the app as a whole: the lifecycle feature's own events.
///
/// The feature knows nothing about analytics vendors; it only sends these.
public enum AppEvent: Sendable, Hashable {
  case appLaunched
  case appEnteredForeground
  case appEnteredBackground
}
