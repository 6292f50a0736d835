// Apple-only members of Foundation, for `.ci/apple-typecheck`. Foundation exists on Linux (swift-corelibs),
// so no stand-in MODULE can add to it where our code looks: in the Apple views this file is compiled INTO
// each module checked, as `internal` extensions of Linux Foundation's types (visible to that module only,
// as Apple's Foundation members are to any module importing Foundation). Declarations and availability as
// on the page named above each one (developer.apple.com, read 2026-11). Nothing here runs. Everything else
// our Apple branches use of Foundation (FileProtectionType, `.protectionKey`, Data.WritingOptions'
// protection options, FileManager.urls(for:in:), ...) is checked against Linux Foundation's declarations,
// not Apple's. Apple's Foundation re-exports Darwin; Linux's re-exports Glibc, hence the export below (it
// reaches every file of the module, a file that imports only Foundation sees Darwin's own symbols as on
// Apple platforms).
@_exported import Darwin
import Foundation

extension ProcessInfo {
  // https://developer.apple.com/documentation/foundation/processinfo/isiosapponmac
  // `var isiOSAppOnMac: Bool { get }`: iOS 14.0+, iPadOS, Mac Catalyst 14.0+, macOS 11.0+, tvOS 14.0+,
  // visionOS 1.0+, watchOS 7.0+.
  @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
  var isiOSAppOnMac: Bool { fatalError() }

  // https://developer.apple.com/documentation/foundation/processinfo/performexpiringactivity(withreason:using:)
  // iOS 8.2+, iPadOS, Mac Catalyst 13.1+, tvOS 9.0+, visionOS 1.0+, watchOS 2.0+ (not macOS).
  @available(iOS 8.2, tvOS 9.0, watchOS 2.0, *)
  @available(macOS, unavailable)
  func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {
    fatalError()
  }
}

// The notifications an app extension gets about its host app; `object` is the NSExtensionContext.
// iOS 8.2+, iPadOS, Mac Catalyst 13.1+, tvOS 9.0+, visionOS 1.0+, watchOS 2.0+ (not macOS).
extension NSNotification.Name {
  // https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsextensionhostdidenterbackground
  @available(iOS 8.2, tvOS 9.0, watchOS 2.0, *)
  @available(macOS, unavailable)
  static let NSExtensionHostDidEnterBackground = NSNotification.Name("NSExtensionHostDidEnterBackgroundNotification")
  // https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsextensionhostwillenterforeground
  @available(iOS 8.2, tvOS 9.0, watchOS 2.0, *)
  @available(macOS, unavailable)
  static let NSExtensionHostWillEnterForeground = NSNotification.Name("NSExtensionHostWillEnterForegroundNotification")
  // https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsextensionhostdidbecomeactive
  @available(iOS 8.2, tvOS 9.0, watchOS 2.0, *)
  @available(macOS, unavailable)
  static let NSExtensionHostDidBecomeActive = NSNotification.Name("NSExtensionHostDidBecomeActiveNotification")
  // https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsextensionhostwillresignactive
  @available(iOS 8.2, tvOS 9.0, watchOS 2.0, *)
  @available(macOS, unavailable)
  static let NSExtensionHostWillResignActive = NSNotification.Name("NSExtensionHostWillResignActiveNotification")
}
