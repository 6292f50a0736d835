import Foundation

/// The platform, as far as the storage is concerned: where the default directory goes and whether a file
/// that can't be opened for lack of permission may open later. A value, so that the tests on Linux run
/// every platform's branch.
package enum StoragePlatform: Sendable, Hashable, CaseIterable {
  /// iOS and iPadOS.
  case iOS
  /// An iPad app built for the Mac with Mac Catalyst.
  case macCatalyst
  case macOS
  case tvOS
  case watchOS
  case visionOS
  /// Not an Apple platform (Linux, the static Linux SDK, Windows, Android).
  case other

  /// This process's.
  package static var current: StoragePlatform {
    #if targetEnvironment(macCatalyst)
      .macCatalyst
    #elseif os(iOS)
      .iOS
    #elseif os(macOS)
      .macOS
    #elseif os(tvOS)
      .tvOS
    #elseif os(watchOS)
      .watchOS
    #elseif os(visionOS)
      .visionOS
    #else
      .other
    #endif
  }

  /// Whether a file may fail to open for lack of permission until the user first unlocks the device
  /// after a restart (Data Protection), so that waiting is right: iOS, iPadOS, watchOS and visionOS, whose
  /// apps can be launched in the background before that unlock. Not tvOS (an Apple TV has no passcode to
  /// unlock), not the Mac, Mac Catalyst included (an app runs in a user's session, after the login that
  /// makes the user's files available), not Linux: there `EPERM` or `EACCES` is a directory the app may not
  /// write, which waiting does not change.
  package var hasDataProtection: Bool {
    switch self {
    case .iOS, .watchOS, .visionOS: true
    case .macCatalyst, .macOS, .tvOS, .other: false
    }
  }

  /// Whether the default directory is in Caches rather than Application Support: tvOS, where an app may
  /// not create Application Support on a device (`mkdir` fails with `EPERM`; the simulator allows it) and
  /// keeps its data in Caches, which the system may purge when it needs room.
  package var keepsDataInCaches: Bool { self == .tvOS }

  /// Whether this process waits for Data Protection: ``hasDataProtection`` of ``current``, except for an
  /// iPhone or iPad app running on a Mac with Apple silicon, which runs in a user's session as a Mac app
  /// does.
  package static var processHasDataProtection: Bool {
    #if os(iOS) && !targetEnvironment(macCatalyst)
      !ProcessInfo.processInfo.isiOSAppOnMac
    #else
      current.hasDataProtection
    #endif
  }
}
