import Trackers
import TrackersDelivery

extension TrackingContext {
  /// A context with every field set and nothing read from the machine, so that wire tests assert exact
  /// values on any machine: an iPhone on iOS 18.1, an app "Shop" 2.1.0 (142), French in Paris, a 393×852
  /// screen.
  ///
  /// ```swift
  /// configuration.context = .fixture
  /// #expect(event["os_version"] == "18.1")
  /// ```
  public static let fixture = TrackingContext(
    os: OperatingSystem(name: "iOS", version: "18.1"),
    device: Device(model: "iPhone17,3", manufacturer: "Apple"),
    app: App(name: "Shop", version: "2.1.0", build: "142", namespace: "com.example.shop"),
    locale: "fr-FR",
    timezone: "Europe/Paris",
    screen: Screen(width: 393, height: 852)
  )
}

extension ContextProvider {
  /// A provider of ``TrackersDelivery/TrackingContext/fixture``: `configuration.context = .fixture` in a live test.
  public static var fixture: ContextProvider { ContextProvider(.fixture) }
}
