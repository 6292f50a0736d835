import Trackers

/// What the Firebase trackers need from the outside world.
public struct Environment: Sendable {
  /// Receives the vendor-neutral event this module mapped.
  public var send: Tracker<AnalyticsData>

  public init(send: @escaping Tracker<AnalyticsData>) {
    self.send = send
  }

  /// Prints what Firebase would receive.
  public static let live = Environment(send: logging({ _ in }, label: "firebase", to: .standardOutput))

  /// Does nothing.
  public static let mock = Environment(send: { _ in })

  /// Reports an issue on every call, which fails the running test under `TrackersTesting`: the starting
  /// point of a test that must prove this module is not used.
  public static let unimplemented = Environment(send: Trackers.unimplemented("ShopFirebase.Current.send"))
}

let current = CurrentEnvironment(Environment.live)

/// The module's environment: tests swap it (`Current.send = recorder.tracker`), the app may configure it.
public var Current: Environment {
  get { current.value }
  set { current.value = newValue }
}
