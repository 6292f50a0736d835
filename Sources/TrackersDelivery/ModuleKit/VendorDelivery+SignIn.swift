import Trackers

extension VendorDelivery {
  /// Applies `.userId(userId)` for vendors that link an anonymous id to the user (Amplitude, Segment,
  /// PostHog), with ``IdentityStore/Identity/signingIn(_:newAnonymousId:)``, and persists the result.
  ///
  /// Returns what the module derived from the new identity, to encode the sign-in event with; `nil` for a
  /// sign-out, which keeps the anonymous id and sends nothing (a sign-out while signed out changes
  /// nothing). A file that can't be written is reported; the change still holds in memory.
  @usableFromInline
  package func signIn(_ userId: String?) -> Derived? {
    let error = identity.update { $0 = $0.signingIn(userId, newAnonymousId: { RecordID().uuidString }) }
    if let error {
      reportFailure(
        "could not save the identity to \(identity.file?.path ?? "memory"): \(error). Events keep the new "
          + "identity until the app quits. To fix this, give the module a writable storage directory.")
    }
    return userId == nil ? nil : identity.current.derived
  }

  /// The fate of one event of a vendor that links sign-ins (Amplitude, Segment, PostHog), all in one step:
  /// a sign-in or sign-out (`signingIn` is `.some(userId)`) first changes the identity with
  /// ``IdentityStore/Identity/signingIn(_:newAnonymousId:)`` (a sign-out then sends nothing, keeps the
  /// anonymous id and is ``EventFate/identityUpdate``; ``Trackers/AnalyticsData/reset`` makes a new one, in
  /// ``VendorPipeline``); the event is encoded with the identity that applies (read once: its values, and
  /// what the module derived from them) and a fresh ``RecordID`` (the vendor's dedup id) and queued;
  /// `encode` returns `nil` to send nothing (an Amplitude sign-in, which only changes the identity): the
  /// fate is then ``EventFate/identityUpdate``, as a sign-out's is. The module's `send` returns it.
  ///
  /// ```swift
  /// let userId: String?? = if case let .userId(id) = event { .some(id) } else { .none }
  /// return delivery.fate(of: event, signingIn: userId) { _, derived, id in
  ///   WireFormat.event(event, identity: derived, at: now(), insertId: id)
  /// }
  /// ```
  @inlinable  // specialized in each vendor module: the identity read runs on every event
  public func fate(
    of event: some CustomStringConvertible,
    signingIn userId: String??,
    encode: (_ identity: IdentityStore<Derived>.Identity, _ derived: Derived, _ id: RecordID) -> [UInt8]?
  ) -> EventFate {
    // Not by way of `fate(of:signingIn:encoding:)`: wrapped in a second closure, `encode` had what it
    // captures (the event) copied once more on every event.
    if case let .some(userId) = userId {
      guard signIn(userId) != nil else { return .identityUpdate }
    }
    let (current, derived) = self.current
    let id = RecordID()
    return encode(current, derived, id).map { fate(queueing: VendorRecord(payload: $0, id: id)) } ?? .identityUpdate
  }

  /// What a module's `encode` made of one event, for ``fate(of:signingIn:encoding:)``.
  public enum Encoded: Sendable {
    /// The bytes to queue.
    case payload([UInt8])
    /// Nothing: the event only changed the identity (an Amplitude sign-in); its fate is
    /// ``EventFate/identityUpdate``.
    case nothingToSend
    /// The event breaks a rule only the encoded form shows (Segment's size with the real user id): its
    /// fate is ``EventFate/invalid(_:)``, counted under its first rule and reported.
    case refused([ValidationIssue])
    /// The records one event makes (Amplitude's first event of a session, after its `session_end` and
    /// `session_start`), queued in order; one event, one fate.
    case records([VendorRecord])
  }

  /// ``fate(of:signingIn:encode:)`` for a module whose encoder can also refuse an event or make several
  /// records of it: `encoding` returns the payload, the records, ``Encoded/nothingToSend``, or the issues
  /// that refuse it.
  ///
  /// ```swift
  /// return delivery.fate(of: event, signingIn: userId) { _, identity, id -> VendorDelivery.Encoded in
  ///   let payload = WireFormat.message(event, identity: identity, messageId: id)
  ///   return payload.count <= limit ? .payload(payload) : .refused([sizeIssue(payload.count)])
  /// }
  /// ```
  @inlinable
  public func fate(
    of event: some CustomStringConvertible,
    signingIn userId: String??,
    encoding encode: (_ identity: IdentityStore<Derived>.Identity, _ derived: Derived, _ id: RecordID) -> Encoded
  ) -> EventFate {
    if case let .some(userId) = userId {
      guard signIn(userId) != nil else { return .identityUpdate }
    }
    let (current, derived) = self.current
    let id = RecordID()
    switch encode(current, derived, id) {
    case let .payload(payload): return fate(queueing: VendorRecord(payload: payload, id: id))
    case let .records(records): return fate(queueing: records)
    case .nothingToSend: return .identityUpdate
    case let .refused(issues): return .invalid(issues)
    }
  }

  /// Applies ``Trackers/AnalyticsData/reset`` to the identity with
  /// ``IdentityStore/Identity/resetting(newAnonymousId:)`` (a new anonymous id; no user id, groups or
  /// stored user properties), persists it and counts it as ``TrackerCounters/identityUpdates``: nothing is
  /// sent, and what is queued stays queued. ``VendorPipeline`` calls it, through the live environment, after
  /// forgetting the super properties registered for the user. A file that can't be written is reported; the
  /// change still holds in memory.
  package func resetIdentity(event: @autoclosure () -> String) {
    let fate = identityUpdate { identity in
      identity = identity.resetting(newAnonymousId: { RecordID().uuidString })
      return []
    }
    settle(fate, event: event())
  }
}
