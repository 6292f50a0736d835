import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a destination's files go by default: a pure function of what the platform says about the
/// process, so the tests cover every platform's branch on Linux.
///
/// Every directory is the app's own: a non-sandboxed Mac app (Mac Catalyst included) and every
/// command-line tool of a user share one Application Support (and one `~/.local/share`), so a directory
/// named only after the vendor was one app's identity and queue read and sent by another.
///
/// - Apple platforms but tvOS: `<Application Support>/<bundle identifier>/swift-trackers/<name>`, the
///   executable's name where there is no bundle identifier (a command-line tool). Application Support, not
///   Caches, so the system does not purge pending events; a subdirectory named by the bundle identifier, as
///   Apple's File System Programming Guide asks of what an app puts there.
/// - tvOS: `<Caches>/<bundle identifier>/swift-trackers/<name>`. A tvOS app may not create Application
///   Support on a device (`EPERM`), and Apple gives it no persistent local storage beyond `UserDefaults`:
///   its data lives in Caches, which the system may purge when the device needs room (Segment and PostHog
///   moved there for the same reason). A purge loses what the directory held: the events not sent yet, the
///   anonymous id and user id (the next launch is a new anonymous user, until the app identifies the
///   user again), the super properties and the session, and the saved version that tells an install from an
///   update, if the app keeps `lifecycle.json` there (the next launch counts as an install).
/// - Elsewhere: `$XDG_DATA_HOME` (`~/.local/share` when unset) `/<executable name>/swift-trackers/<name>`,
///   the XDG base directory for data an app keeps (not `$XDG_CACHE_HOME`: a cache may be deleted at any
///   time); the temporary directory when there is no home.
package enum DefaultStorage {
  /// What kind of container the process writes in, which decides whether the directory used before
  /// 2026-11 (`<Application Support>/swift-trackers/<name>`) was certainly this app's.
  package enum Container: Sendable, Hashable {
    /// iOS, iPadOS, tvOS, watchOS, visionOS, and a sandboxed Mac or Mac Catalyst app: Application Support
    /// is in the app's own container, so what is in it is the app's.
    case perApp
    /// A Mac or Mac Catalyst app or tool outside the sandbox: Application Support is the user's, shared by
    /// every app.
    case sharedByTheUser
    /// Not an Apple platform.
    case notApple

    /// The container of a process on `platform` with `environment`: on the Mac, Mac Catalyst included
    /// (an app distributed outside the App Store need not be sandboxed), the sandbox gives every app a
    /// container of its own and says so in `APP_SANDBOX_CONTAINER_ID`.
    package init(_ platform: StoragePlatform, environment: [String: String]) {
      switch platform {
      case .macOS, .macCatalyst:
        self = environment["APP_SANDBOX_CONTAINER_ID"] == nil ? .sharedByTheUser : .perApp
      case .iOS, .tvOS, .watchOS, .visionOS:
        self = .perApp
      case .other:
        self = .notApple
      }
    }
  }

  /// What the platform says about the process.
  package struct Inputs: Sendable, Hashable {
    package var platform: StoragePlatform
    /// The app's Application Support directory (Apple platforms).
    package var applicationSupport: URL?
    /// The app's Caches directory (Apple platforms).
    package var caches: URL?
    package var bundleIdentifier: String?
    package var executableName: String?
    package var environment: [String: String]
    package var temporary: URL

    package init(
      platform: StoragePlatform, applicationSupport: URL? = nil, caches: URL? = nil, bundleIdentifier: String? = nil,
      executableName: String? = nil, environment: [String: String] = [:],
      temporary: URL = URL(fileURLWithPath: "/tmp", isDirectory: true)
    ) {
      self.platform = platform
      self.applicationSupport = applicationSupport
      self.caches = caches
      self.bundleIdentifier = bundleIdentifier
      self.executableName = executableName
      self.environment = environment
      self.temporary = temporary
    }

    /// The kind of container the process writes in.
    package var container: Container { Container(platform, environment: environment) }

    /// This process's.
    package static var current: Inputs {
      let processInfo = ProcessInfo.processInfo
      #if canImport(Darwin)
        let applicationSupport = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      #else
        let applicationSupport: URL? = nil
        let caches: URL? = nil
      #endif
      return Inputs(
        platform: .current, applicationSupport: applicationSupport, caches: caches,
        bundleIdentifier: Bundle.main.bundleIdentifier,
        executableName: Bundle.main.executableURL?.lastPathComponent ?? processInfo.processName,
        environment: processInfo.environment, temporary: FileManager.default.temporaryDirectory)
    }
  }

  /// The default directory of destination `name`, and the directory an earlier version used for it when
  /// that one is certainly this app's and may be moved to the new place.
  package static func location(for name: String, _ inputs: Inputs) -> (directory: URL, legacy: URL?) {
    let leaf = safeComponent(name, allowingDots: false) ?? "default"
    let app = safeComponent(inputs.bundleIdentifier, allowingDots: true)
      ?? safeComponent(inputs.executableName, allowingDots: true) ?? "default"
    let base: URL
    var legacy: URL?
    switch inputs.container {
    case .perApp, .sharedByTheUser:
      let root = (inputs.platform.keepsDataInCaches ? inputs.caches : inputs.applicationSupport) ?? inputs.temporary
      base = root.appendingPathComponent(app, isDirectory: true)
      // Where an earlier version could have created it: not on a tvOS device, whose Application Support
      // can't be created.
      if inputs.container == .perApp, !inputs.platform.keepsDataInCaches, let support = inputs.applicationSupport {
        legacy = support.appendingPathComponent("swift-trackers", isDirectory: true)
          .appendingPathComponent(leaf, isDirectory: true)
      }
    case .notApple:
      let environment = inputs.environment
      // The XDG specification ignores a relative path.
      if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
        base = URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent(app, isDirectory: true)
      } else if let home = environment["HOME"], home.hasPrefix("/"), home != "/" {
        base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
          .appendingPathComponent(app, isDirectory: true)
      } else {
        base = inputs.temporary.appendingPathComponent(app, isDirectory: true)
      }
    }
    let directory = base.appendingPathComponent("swift-trackers", isDirectory: true)
      .appendingPathComponent(leaf, isDirectory: true)
    return (directory, legacy)
  }

  /// `text` as one path component: letters, digits, `-`, `_` (and `.` for an app's name) kept, anything
  /// else `_`; `nil` for nothing usable (empty, `.`, `..`).
  static func safeComponent(_ text: String?, allowingDots: Bool) -> String? {
    guard let text, !text.isEmpty else { return nil }
    let safe = String(
      text.prefix(200).map { c -> Character in
        c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || (allowingDots && c == ".")) ? c : "_"
      })
    return safe.allSatisfy { $0 == "." || $0 == "_" } && safe.contains(".") ? nil : safe
  }

  /// Moves the directory an earlier version used to `directory`, if there is one and `directory` does not
  /// exist yet: an app that upgrades keeps its pending events and its anonymous id. Returns whether it
  /// moved. A failure leaves both where they are (the app starts afresh in the new place).
  @discardableResult
  package static func migrate(from legacy: URL, to directory: URL) -> Bool {
    guard access(directory.path, F_OK) != 0, access(legacy.path, F_OK) == 0 else { return false }
    do {
      try POSIXFile.makeDirectory(directory.deletingLastPathComponent().path)
    } catch {
      return false
    }
    // One rename: the directory is either all in the old place or all in the new one.
    return rename(legacy.path, directory.path) == 0
  }

  /// The default directory of destination `name` for this process, with the earlier version's directory
  /// moved into it when that one is certainly this app's.
  package static func directory(for name: String) -> URL {
    let (directory, legacy) = location(for: name, .current)
    if let legacy { migrate(from: legacy, to: directory) }
    return directory
  }
}
