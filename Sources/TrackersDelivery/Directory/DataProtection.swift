import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Data Protection: on a device that has restarted and not been unlocked yet (an app launched in the
/// background for a push, a location update or a background task) the app's files can't be opened.
enum DataProtection {
  /// Whether a storage failure may be Data Protection's rather than a mistake: then the queue keeps
  /// records in memory and tries again, instead of failing. Opening a protected file while it is locked
  /// fails with `EPERM`; `EACCES` is included for the same situation seen through a directory.
  ///
  /// Only where there is such a wait (`hasDataProtection`: iOS, iPadOS, watchOS and visionOS, see
  /// ``StoragePlatform/hasDataProtection``). Elsewhere the same `errno` is a directory the app may not
  /// write (a tvOS app's Application Support on a device, a read-only or foreign directory), which waiting
  /// does not change: the queue fails at once, with the reason, rather than hold events in memory for ever.
  static func mayOpenLater(_ error: DeliveryError, hasDataProtection: Bool) -> Bool {
    guard hasDataProtection, case let .storage(_, _, code) = error else { return false }
    return isPermission(code)
  }

  /// Whether `code` is a denied permission (`EPERM`, `EACCES`).
  static func isPermission(_ code: Int32) -> Bool {
    code == EPERM || code == EACCES
  }

  /// Gives the queue's directory the protection class the queue needs, explicitly, whatever the app's
  /// default (its Data Protection entitlement may be `NSFileProtectionComplete`):
  /// `completeUntilFirstUserAuthentication`, so that once the device has been unlocked after a restart the
  /// queue keeps writing and sending while it is locked again (in the background). Files created in the
  /// directory get its class. Nothing to do on the Mac and elsewhere (``StorageCalls/requestsProtectionClass``).
  static func protectDirectory(_ path: String, calls: StorageCalls = .live) {
    guard calls.requestsProtectionClass else { return }
    calls.protect(path)
  }
}
