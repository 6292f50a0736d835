import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TrackingContext {
  /// The context this process runs in, read from `Bundle.main`, `ProcessInfo`, `Locale` and `TimeZone`, the
  /// hardware model from `sysctl` on Apple platforms, and `uname` on Linux.
  ///
  /// The screen size is not read here: on Apple platforms only the main thread may ask, so
  /// `observeApplicationNotifications()` (Apple platforms) fills it in.
  package static func gathered() -> TrackingContext {
    let info = Bundle.main.infoDictionary ?? [:]
    let app = App(
      name: info["CFBundleDisplayName"] as? String ?? info["CFBundleName"] as? String
        ?? ProcessInfo.processInfo.processName,
      version: info["CFBundleShortVersionString"] as? String,
      build: info["CFBundleVersion"] as? String,
      namespace: Bundle.main.bundleIdentifier
    )
    return TrackingContext(
      os: operatingSystem(),
      device: device(),
      app: app,
      locale: preferredLocale(),
      timezone: TimeZone.current.identifier
    )
  }

  /// "en-US": the first preferred language, as Segment and PostHog report it, else the current locale.
  static func preferredLocale() -> String? {
    let tag = Locale.preferredLanguages.first ?? Locale.current.identifier
    let normalized = tag.split(separator: "@").first.map { $0.replacingOccurrences(of: "_", with: "-") } ?? tag
    return normalized.isEmpty ? nil : normalized
  }

  static func operatingSystem() -> OperatingSystem {
    #if os(Linux)
    return OperatingSystem(name: "Linux", version: kernelNames().release ?? ProcessInfo.processInfo.operatingSystemVersionString)
    #else
    let version = ProcessInfo.processInfo.operatingSystemVersion
    let number = "\(version.majorVersion).\(version.minorVersion)" + (version.patchVersion > 0 ? ".\(version.patchVersion)" : "")
    #if targetEnvironment(macCatalyst) || os(macOS)
    return OperatingSystem(name: "macOS", version: number)
    #elseif os(iOS)
    return OperatingSystem(name: "iOS", version: number)
    #elseif os(tvOS)
    return OperatingSystem(name: "tvOS", version: number)
    #elseif os(watchOS)
    return OperatingSystem(name: "watchOS", version: number)
    #elseif os(visionOS)
    return OperatingSystem(name: "visionOS", version: number)
    #else
    return OperatingSystem(name: ProcessInfo.processInfo.operatingSystemVersionString, version: number)
    #endif
    #endif
  }

  static func device() -> Device {
    #if canImport(Darwin)
    // The simulator reports the Mac's architecture as `hw.machine`; it names the simulated model instead.
    if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] {
      return Device(model: simulated, manufacturer: "Apple")
    }
    #if os(macOS) || targetEnvironment(macCatalyst)
    return Device(model: systemControl("hw.model"), manufacturer: "Apple")
    #else
    return Device(model: systemControl("hw.machine"), manufacturer: "Apple")
    #endif
    #else
    return Device(model: kernelNames().machine, manufacturer: nil)
    #endif
  }

  #if canImport(Darwin)
  /// A string value of `sysctlbyname`, such as "iPhone15,2" for `hw.machine`.
  private static func systemControl(_ name: String) -> String? {
    var size = 0
    guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0 else { return nil }
    var bytes = [CChar](repeating: 0, count: size)
    guard sysctlbyname(name, &bytes, &size, nil, 0) == 0 else { return nil }
    return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  #else
  /// The kernel release ("6.8.0-45-generic") and the machine ("x86_64") from `uname(2)`.
  /// (Named apart from libc's `uname`, which it calls unqualified: Glibc's, or Musl's in the static Linux SDK.)
  private static func kernelNames() -> (release: String?, machine: String?) {
    var names = utsname()
    guard uname(&names) == 0 else { return (nil, nil) }
    func string<T>(_ field: T) -> String? {
      withUnsafeBytes(of: field) { raw in
        let value = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        return value.isEmpty ? nil : value
      }
    }
    return (string(names.release), string(names.machine))
  }
  #endif
}
