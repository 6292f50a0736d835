/// Where vendor and delivery modules register what to do when the user's data must go: purge the events
/// a destination has pending, and forget the identity it stored.
///
/// The app creates one registry (a ``ConsentStore`` makes one for you, ``ConsentStore/registry``) and
/// passes it to each vendor module's `live(...)` configuration as `privacy:`; the module's live
/// environment (`VendorDelivery`) registers its destination once, and follows the store's answer for it:
///
/// ```swift
/// MixpanelTracker.Current = try .live(.init(projectToken: token, privacy: consent.registry))
///
/// // In the app, on logout or "delete my data":
/// consent.registry.reset()
/// ```
///
/// Registering a destination again replaces its handlers, so configuring a module twice does not run
/// them twice. Handlers may be called from any thread, more than once, and must be idempotent.
public final class PrivacyRegistry: Sendable {
  /// What one destination does when its data must go.
  struct Handlers: Sendable {
    var purgePending: @Sendable () -> Void
    var resetIdentity: @Sendable () -> Void
    var consentChanged: @Sendable () -> Void
  }

  private struct State: Sendable {
    var destinations: [String: Handlers] = [:]
    var resetObservers: [UInt64: @Sendable () -> Void] = [:]
    var nextObserverID: UInt64 = 0
    var isDenied: (@Sendable (String) -> Bool)?
    var status: (@Sendable (ConsentPurpose, String) -> ConsentStatus)?
  }

  private let state = LockIsolated(State())

  /// Creates an empty registry.
  public init() {}

  /// Registers what `destination` does on a purge and on a reset, replacing what it registered before.
  ///
  /// When the destination is already refused (the linked ``ConsentStore`` is opted out or denies the
  /// destination by name), `purgePending` runs at once: what was left from an earlier run goes too.
  ///
  /// - Parameters:
  ///   - destination: the destination's name, the same one given to ``consentGated(_:by:purpose:destination:whileUnknown:onDrop:)``.
  ///   - purgePending: deletes every event the destination has not delivered yet, in memory and on disk.
  ///   - resetIdentity: forgets the user id and the anonymous/device id, so that the next events carry a
  ///     new anonymous id.
  ///   - consentChanged: called after every change of the linked store's consent, so that a queue that
  ///     holds its events until ``allowsSending(to:purpose:)`` answers `true` can look again at once.
  package func register(
    destination: String,
    purgePending: @escaping @Sendable () -> Void,
    resetIdentity: @escaping @Sendable () -> Void = {},
    consentChanged: @escaping @Sendable () -> Void = {}
  ) {
    let isDenied = state.withLock { state in
      state.destinations[destination] = Handlers(
        purgePending: purgePending, resetIdentity: resetIdentity, consentChanged: consentChanged)
      return state.isDenied
    }
    if isDenied?(destination) == true { purgePending() }
  }

  /// Removes what `destination` registered.
  package func unregister(destination: String) {
    state.withLock { _ = $0.destinations.removeValue(forKey: destination) }
  }

  /// The registered destinations, sorted.
  package var destinations: [String] {
    state.withLock { $0.destinations.keys.sorted() }
  }

  /// Whether events for `purpose` may be sent to `destination` now: the linked ``ConsentStore`` grants both
  /// (see ``ConsentState/status(for:destination:)``). A registry made on its own, without a store, only
  /// purges and resets, and answers `true`; a registry whose store was released keeps the store's last answer.
  ///
  /// Delivery queues ask this before each request, so that nothing leaves before consent or after a refusal:
  ///
  /// ```swift
  /// configuration.shouldSend = { [registry] in registry.allowsSending(to: "Mixpanel") }
  /// ```
  public func allowsSending(to destination: String, purpose: ConsentPurpose = .analytics) -> Bool {
    guard let status = state.withLock({ $0.status }) else { return true }
    return status(purpose, destination) == .granted
  }

  /// The linked store's answer for `purpose` and `destination`; ``ConsentStatus/granted`` for a registry
  /// made without a store (it only purges and resets); the store's last answer once the store is released.
  package func consentStatus(for destination: String, purpose: ConsentPurpose = .analytics) -> ConsentStatus {
    guard let status = state.withLock({ $0.status }) else { return .granted }
    return status(purpose, destination)
  }

  /// Deletes what `destination` has pending, if it registered.
  public func purge(destination: String) {
    state.withLock { $0.destinations[destination] }?.purgePending()
  }

  /// Deletes what every registered destination has pending.
  package func purgeAll() {
    for handlers in sortedHandlers() { handlers.purgePending() }
  }

  /// Logout, or "delete my data": drops the events held by consent gates, deletes what every destination
  /// has pending, and makes every destination forget the user id, its anonymous id and every super
  /// property, so the next user starts clean.
  ///
  /// The lighter sign-out is the event `.userId(nil)`: the device keeps its anonymous id, its pending events
  /// and its super properties, and forgets only the user id and the super properties registered for the
  /// signed-in user (`SuperPropertyOperation.registerForUser(_:)`). Between the two, the event `.reset`
  /// starts a new anonymous id and forgets the groups, as the vendors' SDKs' `reset()` do, and keeps what is
  /// pending.
  ///
  /// Consent itself is left as it is; if your app asks for consent per user, reset it too with
  /// ``ConsentStore/update(_:)``.
  public func reset() {
    let observers = state.withLock { $0.resetObservers.sorted { $0.key < $1.key }.map(\.value) }
    for observer in observers { observer() }
    for handlers in sortedHandlers() {
      handlers.purgePending()
      handlers.resetIdentity()
    }
  }

  private func sortedHandlers() -> [Handlers] {
    state.withLock { $0.destinations.sorted { $0.key < $1.key }.map(\.value) }
  }

  // MARK: Links to the consent store and the gates

  /// Lets a consent store say which destinations are refused, for the purge at registration.
  func setDenialCheck(_ isDenied: @escaping @Sendable (String) -> Bool) {
    state.withLock { $0.isDenied = isDenied }
  }

  /// Lets a consent store answer ``allowsSending(to:purpose:)``.
  func setStatusCheck(_ status: @escaping @Sendable (ConsentPurpose, String) -> ConsentStatus) {
    state.withLock { $0.status = status }
  }

  /// Tells every registered destination that consent changed (after the purges the change caused).
  func consentDidChange() {
    for handlers in sortedHandlers() { handlers.consentChanged() }
  }

  /// Runs `observer` at the start of every ``reset()``; gates drop what they hold.
  func addResetObserver(_ observer: @escaping @Sendable () -> Void) -> UInt64 {
    state.withLock { state in
      state.nextObserverID += 1
      state.resetObservers[state.nextObserverID] = observer
      return state.nextObserverID
    }
  }

  func removeResetObserver(_ id: UInt64) {
    state.withLock { _ = $0.resetObservers.removeValue(forKey: id) }
  }
}
