import Trackers

extension VendorDelivery {
  /// Applies `.userId(userId)` for vendors that send a sign-in event (Amplitude, Segment, PostHog), with
  /// ``IdentityStore/Identity/signingIn(_:newAnonymousId:)``, and persists the result.
  ///
  /// Returns what the module derived from the new identity, to encode the sign-in event with; `nil` for a
  /// sign-out, which sends nothing and is counted as ``TrackerCounters/identityUpdates``. A file that can't
  /// be written is reported; the change still holds in memory.
  ///
  /// ```swift
  /// guard let identity = delivery.signIn(userId, event: event.description) else { return }
  /// delivery.enqueue(identifyPayload(identity), id: RecordID(), partition: "", event: event.description)
  /// ```
  public func signIn(_ userId: String?, event: @autoclosure () -> String) -> Derived? {
    guard userId != nil else {
      updateIdentity(event: event()) { identity in
        identity = identity.signingIn(nil, newAnonymousId: { RecordID().uuidString })
        return []
      }
      return nil
    }
    let error = identity.update { $0 = $0.signingIn(userId, newAnonymousId: { RecordID().uuidString }) }
    if let error {
      module.reportFailure(
        "could not save the identity to \(identity.file?.path ?? "memory"): \(error). Events keep the new "
          + "identity until the app quits. To fix this, give the module a writable storage directory.")
    }
    return identity.current.derived
  }
}
