import Trackers

extension VendorEnvironment {
  /// The live environment every vendor module builds in its `live(_ configuration:)`: a ``VendorDelivery``
  /// (identity and durable queue in ``DeliveryOptions/storageDirectory``, registered with
  /// ``DeliveryOptions/privacy`` and ``DeliveryOptions/lifecycle``), the module's `send`, and `flush`,
  /// `close`, `sync` and `counters` on the queue. A module whose vendor has sessions passes its ``SessionRules``
  /// and gets the ``VendorSession`` in `send`.
  ///
  /// Only what is the vendor's own is passed in. The module's `send` encodes an event and returns its
  /// ``EventFate`` (``VendorDelivery/fate(queueing:)-(VendorRecord)``, ``VendorDelivery/identityUpdate(_:)``,
  /// ``EventFate/unsupported(kind:)``, ...): the environment settles it, once, after the user's consent,
  /// which the module never checks itself.
  ///
  /// <!-- snippet: not compiled: the shape of a vendor module's `live`, with the module's own `Configuration`, `Destination` and `WireFormat`; each vendor module's Environment.swift compiles its own -->
  /// ```swift
  /// extension MixpanelEnvironment {
  ///   public static func live(_ configuration: MixpanelConfiguration) throws -> MixpanelEnvironment {
  ///     let now = configuration.now
  ///     return try live(
  ///       options: configuration.options,
  ///       destination: MixpanelDestination(configuration),
  ///       derive: WireFormat.identityMembers(for:context:)  // cached per identity or context change
  ///     ) { delivery in
  ///       return { event in                                  // runs on the caller's thread
  ///         let id = RecordID()
  ///         let payload = WireFormat.event(event, identity: delivery.current.derived, at: now(), id: id)
  ///         return delivery.fate(queueing: VendorRecord(payload: payload, id: id))
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Call it once per process (a second live environment on the same directory throws): at launch,
  /// before the first event. Throws when the storage directory can't be created or read, so a
  /// misconfigured app finds out at launch rather than by missing data.
  public static func live<Derived: Sendable>(
    options: DeliveryOptions,
    destination: some DeliveryDestination,
    tuning: @Sendable (inout DeliveryConfiguration) -> Void = { _ in },
    derive: @escaping @Sendable (IdentityStore<Derived>.Identity, TrackingContext) -> Derived,
    send: (VendorDelivery<Derived>) -> @Sendable (Event) -> EventFate
  ) throws -> Self {
    let delivery = try VendorDelivery(
      module: Event.vendorModule, destination: destination, options: options, tuning: tuning, derive: derive)
    return live(delivery, options: options, send: send(delivery))
  }

  /// The live environment of a vendor with sessions (GA4, Amplitude, PostHog): as
  /// ``live(options:destination:tuning:derive:send:)``, with the ``VendorSession`` that applies `session`
  /// handed to `send`, fed by ``DeliveryOptions/lifecycle`` and saved on `close`.
  ///
  /// <!-- snippet: not compiled: a sketch, elided with `...` -->
  /// ```swift
  /// try live(options: options, destination: destination, session: rules, derive: derive) { delivery, session in
  ///   return { event in
  ///     let date = now()
  ///     let (identity, derived) = delivery.current
  ///     let stamp = session.stamp(at: date, anonymousId: identity.anonymousId, userId: identity.userId)
  ///     ...
  ///     return delivery.fate(queueing: VendorRecord(payload: payload, id: id))
  ///   }
  /// }
  /// ```
  public static func live<Derived: Sendable>(
    options: DeliveryOptions,
    destination: some DeliveryDestination,
    tuning: @Sendable (inout DeliveryConfiguration) -> Void = { _ in },
    session rules: SessionRules,
    derive: @escaping @Sendable (IdentityStore<Derived>.Identity, TrackingContext) -> Derived,
    send: (VendorDelivery<Derived>, VendorSession) -> @Sendable (Event) -> EventFate
  ) throws -> Self {
    let delivery = try VendorDelivery(
      module: Event.vendorModule, destination: destination, options: options, tuning: tuning, session: rules,
      derive: derive)
    // The delivery made a session from the rules.
    guard let session = delivery.session else { preconditionFailure("VendorDelivery made no session from its rules") }
    return live(delivery, options: options, send: send(delivery, session))
  }

  private static func live<Derived: Sendable>(
    _ delivery: VendorDelivery<Derived>, options: DeliveryOptions, send: @escaping @Sendable (Event) -> EventFate
  ) -> Self {
    var environment = Self(
      // The one path that settles an event the pipeline passed on: consent first, before the module
      // encodes; then what the module's `send` made of it, counted and reported once.
      send: { event in
        delivery.settle(delivery.consentRefusal ?? send(event), event: event.description)
      },
      // Back on the caller's task: what a test's reporter kept from the sender fails that test
      // (IssueReporter.deliverDeferredReports()).
      flush: {
        await delivery.queue.flush()
        IssueReporter.deliverDeferredReports()
      },
      close: { timeout in
        // No heartbeat after the close starts: what it would queue could not be sent.
        delivery.heartbeats.close()
        // A relaunch within the session timeout continues the session from its last activity.
        delivery.session?.saveLatestActivity()
        // On virtual time, the close moves the clock through its backoffs and deadline: no wall time for them.
        await delivery.queue.close(timeout: timeout, advancing: delivery.virtualTime?.clock)
        delivery.reportRepeatedRefusals()
        IssueReporter.deliverDeferredReports()
      },
      counters: { delivery.counters },
      redactor: options.redactor,
      onReport: delivery.onReport
    )
    environment.sendRepaired = { event, repairs in
      delivery.settle(delivery.consentRefusal ?? send(event).repaired(by: repairs), event: event.description)
    }
    environment.refusesInvalidEvents = options.invalidEvents == .refuse
    environment.refusesLifecycle = options.deployment == .server
    environment.sync = { try delivery.queue.sync() }
    if let clock = delivery.virtualTime?.clock {
      environment.advanceVirtualTime = { delivery.queue.advanceToWakeUp(on: clock) }
    }
    // What the pipeline settles itself (an invalid event, a local update) goes the same one way.
    environment.settle = { fate, event in delivery.settle(fate, event: event()) }
    environment.additions = delivery.additions
    environment.resetIdentity = { delivery.resetIdentity(event: AnalyticsData.reset.description) }
    // The same consent check, for a test that puts it in front of a recorder (`applyingConsent(to:)`).
    environment.refusesConsent = { event in
      guard let refusal = delivery.consentRefusal else { return false }
      delivery.settle(refusal, event: event())
      return true
    }
    return environment
  }
}
