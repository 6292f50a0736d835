// The only Apple-only code of the queue's wait for its directory: it turns the system's notification that
// protected files can be opened again into a call of the plain `requestStorageAttempt()`, which the tests
// drive on Linux.
import Foundation

#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit
#endif

extension QueueDriver {
  /// While the queue waits for its directory, tries again as soon as the device is unlocked for the first
  /// time (`UIApplication.protectedDataDidBecomeAvailableNotification`: iOS, iPadOS, Mac Catalyst and
  /// visionOS). Elsewhere, and besides, the back-off and `flush()` try again.
  func observeProtectedData() {
    #if canImport(UIKit) && (os(iOS) || os(visionOS))
      let token = NotificationCenter.default.addObserver(
        forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: nil
      ) { [weak self] _ in
        self?.requestStorageAttempt()
      }
      protectedDataObservation.withLock { $0 = token }
    #endif
  }

  /// Stops observing once the directory is open (or the queue ended without it).
  func stopObservingProtectedData() {
    let token = protectedDataObservation.withLock { token in
      defer { token = nil }
      return token
    }
    if let token { NotificationCenter.default.removeObserver(token) }
  }
}
