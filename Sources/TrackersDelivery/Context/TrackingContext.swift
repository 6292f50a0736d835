/// What every event says about where it comes from: this library, the operating system, the device, the
/// app, the locale, the time zone and the screen, in a vendor-neutral form.
///
/// Each vendor module writes it into its vendor's own fields, the way the vendor's official SDK does
/// (Segment `context.os`, Amplitude `os_version`, Mixpanel `$os_version`, PostHog `$os_version`, ...), and
/// encodes it once per change, never per event. The live value comes from ``ContextProvider/live(_:)``; an app
/// overrides what it knows better, and a test pins a fixed value:
///
/// ```swift
/// var configuration = MixpanelConfiguration(projectToken: token)
/// configuration.context = ContextProvider.live { $0.app.name = "Shop"; $0.app.version = "2.1.0" }
/// MixpanelTracker.Current = try .live(configuration)
///
/// // In a test:
/// let pinned = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
/// ```
///
/// It holds no advertising identifier and nothing that names a person: only what the vendors' SDKs send
/// about the platform by default.
public struct TrackingContext: Sendable, Hashable {
  /// The library that sent the event.
  public struct Library: Sendable, Hashable {
    /// The library's name, "swift-trackers".
    public var name: String
    /// The library's version, "0.8.0".
    public var version: String

    /// Creates a library description.
    package init(name: String, version: String) {
      self.name = name
      self.version = version
    }

    /// This library: the name and the version the README states.
    public static let swiftTrackers = Library(name: "swift-trackers", version: "0.8.0")
  }

  /// The operating system the app runs on.
  public struct OperatingSystem: Sendable, Hashable {
    /// "iOS", "macOS", "tvOS", "watchOS", "visionOS" or "Linux".
    public var name: String
    /// "18.1", "15.2.0", or the Linux kernel release ("6.8.0-45-generic").
    public var version: String

    /// Creates an operating system description.
    public init(name: String, version: String) {
      self.name = name
      self.version = version
    }
  }

  /// The device, as far as the platform tells.
  public struct Device: Sendable, Hashable {
    /// The hardware model identifier: "iPhone15,2", "MacBookPro18,3"; on Linux, the machine's architecture
    /// ("x86_64"), which is all `uname` tells.
    public var model: String?
    /// "Apple" on Apple platforms; `nil` where the platform doesn't say.
    public var manufacturer: String?

    /// Creates a device description.
    public init(model: String? = nil, manufacturer: String? = nil) {
      self.model = model
      self.manufacturer = manufacturer
    }
  }

  /// The app that sends the events.
  public struct App: Sendable, Hashable {
    /// The app's display name: "Shop".
    public var name: String?
    /// The marketing version: "2.1.0" (`CFBundleShortVersionString`).
    public var version: String?
    /// The build number: "142" (`CFBundleVersion`).
    public var build: String?
    /// The bundle identifier: "com.example.shop".
    public var namespace: String?

    /// Creates an app description.
    public init(name: String? = nil, version: String? = nil, build: String? = nil, namespace: String? = nil) {
      self.name = name
      self.version = version
      self.build = build
      self.namespace = namespace
    }
  }

  /// The main screen's size in points.
  public struct Screen: Sendable, Hashable {
    /// Width in points.
    public var width: Int
    /// Height in points.
    public var height: Int

    /// Creates a screen size.
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// This library; the same on every event.
  public var library: Library
  /// The operating system.
  public var os: OperatingSystem
  /// The device.
  public var device: Device
  /// The app.
  public var app: App
  /// The user's preferred language and region as a BCP 47 tag: "en-US".
  public var locale: String?
  /// The time zone's identifier: "Europe/Paris".
  public var timezone: String?
  /// The main screen's size, where the platform tells it (set on the main thread on Apple platforms).
  public var screen: Screen?

  /// Creates a context; what you leave out is unknown and not sent.
  public init(
    library: Library = .swiftTrackers,
    os: OperatingSystem,
    device: Device = Device(),
    app: App = App(),
    locale: String? = nil,
    timezone: String? = nil,
    screen: Screen? = nil
  ) {
    self.library = library
    self.os = os
    self.device = device
    self.app = app
    self.locale = locale
    self.timezone = timezone
    self.screen = screen
  }

  /// A server's context: the library alone, nothing of the machine (an empty OS name and version are left
  /// out by every vendor module).
  package static let server = TrackingContext(os: OperatingSystem(name: "", version: ""))
}
