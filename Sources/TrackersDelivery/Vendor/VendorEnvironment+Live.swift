import Trackers

extension VendorEnvironment {
  /// The live environment every vendor module builds in its `live(_ configuration:)`: a ``VendorDelivery``
  /// (identity and durable queue in ``DeliveryOptions/storageDirectory``, registered with
  /// ``DeliveryOptions/privacy``), the module's `send`, and `flush`, `close` and `counters` on the queue.
  ///
  /// Only what is the vendor's own is passed in:
  ///
  /// ```swift
  /// extension Environment {
  ///   public static func live(_ configuration: Configuration) throws -> Environment {
  ///     let now = configuration.now
  ///     return try live(
  ///       options: configuration.options,
  ///       destination: Destination(configuration),
  ///       derive: WireFormat.identityMembers(for:)          // cached per identity change
  ///     ) { delivery in
  ///       return { event in                                  // runs on the caller's thread
  ///         let id = RecordID()
  ///         let payload = WireFormat.event(event, identity: delivery.identity.current.derived, at: now(), id: id)
  ///         delivery.enqueue(payload, id: id, partition: "", event: event.description)
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
    derive: @escaping @Sendable (IdentityStore<Derived>.Identity) -> Derived,
    send: (VendorDelivery<Derived>) -> Tracker<Event>
  ) throws -> Self {
    let delivery = try VendorDelivery(
      module: Event.vendorModule, destination: destination, options: options, tuning: tuning, derive: derive)
    return Self(
      send: send(delivery),
      flush: { await delivery.queue.flush() },
      close: { timeout in
        if let timeout { await delivery.queue.close(timeout: timeout) } else { await delivery.queue.close() }
      },
      counters: { delivery.counters }
    )
  }
}
