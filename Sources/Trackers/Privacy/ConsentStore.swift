import Foundation

/// The user's consent, safe to read and change from any thread, observable, and optionally saved to a
/// file so that it survives restarts.
///
/// The store's ``registry`` keeps answering from the store's state after the store itself is released (an
/// app may keep only `consent.registry`); only the store can change the answer.
///
/// Gate trackers on it with ``consentGated(_:by:purpose:destination:whileUnknown:onDrop:)``; vendor
/// modules register their purge and reset handlers in its ``registry``.
///
/// ```swift
/// let consent = try ConsentStore(contentsOf: appSupport.appending(path: "consent.json"))
/// let send = consentGated(mixpanelTracker, by: consent, destination: "Mixpanel")
/// send("App Opened")            // held: the user has not answered
/// consent.grant()               // the held event goes out now
/// consent.deny(destination: "Mixpanel")   // Mixpanel's pending events are purged
/// consent.optOut()              // nothing goes anywhere, and that survives a restart
/// ```
///
/// When the store has a file, every change is written to it before observers hear about it. A write
/// that fails is reported (see ``reportIssue(_:fileID:filePath:line:column:)``) and the change still
/// applies to this run.
public final class ConsentStore: Sendable {
  /// Where purge and reset handlers are registered; opting out or denying a destination purges through it.
  public let registry: PrivacyRegistry
  /// The file every change is saved to, if any.
  package let fileURL: URL?

  private struct Storage: Sendable {
    var state: ConsentState
    var observers: [UInt64: @Sendable (ConsentState) -> Void] = [:]
    var nextObserverID: UInt64 = 0
  }

  private struct Change {
    var old: ConsentState
    var new: ConsentState
    var observers: [@Sendable (ConsentState) -> Void]
    var saveError: ConsentFileError?
  }

  private let storage: LockIsolated<Storage>

  /// Creates a store that lives in memory only.
  public init(_ state: ConsentState = ConsentState(), registry: PrivacyRegistry = PrivacyRegistry()) {
    self.registry = registry
    self.fileURL = nil
    self.storage = LockIsolated(Storage(state: state))
    linkRegistry()
  }

  /// Creates a store saved to `fileURL`: it starts from the state in the file, or from `initial` when
  /// there is no file yet, and writes every change back (JSON, mode 0600).
  ///
  /// - Throws: ``ConsentFileError`` when the file exists but cannot be read or decoded. Don't fall back
  ///   to a default that sends: start from ``ConsentState/init(status:purposes:destinations:isOptedOut:)``
  ///   (unknown) and ask the user again.
  public init(
    contentsOf fileURL: URL,
    initial: ConsentState = ConsentState(),
    registry: PrivacyRegistry = PrivacyRegistry()
  ) throws(ConsentFileError) {
    self.registry = registry
    self.fileURL = fileURL
    self.storage = LockIsolated(Storage(state: try ConsentState.read(from: fileURL) ?? initial))
    linkRegistry()
  }

  private func linkRegistry() {
    // The registry keeps the store's state, not the store: an app that keeps only `consent.registry` in its
    // configuration gets the last answer for ever, rather than "unknown" (every event held, silently) once
    // the store is released. No cycle: the state holds the observers, never the registry.
    let storage = self.storage
    registry.setDenialCheck { destination in
      storage.withLock { $0.state.isDenied(destination: destination) }
    }
    registry.setStatusCheck { purpose, destination in
      storage.withLock { $0.state.status(for: purpose, destination: destination) }
    }
  }

  /// The current state.
  public var state: ConsentState {
    storage.withLock { $0.state }
  }

  /// The answer for events sent for `purpose` to `destination`; see ``ConsentState/status(for:destination:)``.
  public func status(for purpose: ConsentPurpose = .analytics, destination: String? = nil) -> ConsentStatus {
    storage.withLock { $0.state.status(for: purpose, destination: destination) }
  }

  /// Whether the user opted out of all tracking.
  public var isOptedOut: Bool {
    storage.withLock { $0.state.isOptedOut }
  }

  /// Changes the state in one step, saves it, purges destinations that became refused, then tells the
  /// observers. Nothing happens when `body` leaves the state as it was.
  ///
  /// ```swift
  /// consent.update { $0 = ConsentState(status: .granted, purposes: [.marketing: .denied]) }
  /// ```
  public func update(_ body: (inout ConsentState) -> Void) {
    let fileURL = self.fileURL
    let change = storage.withLock { (storage: inout Storage) -> Change? in
      let old = storage.state
      body(&storage.state)
      guard storage.state != old else { return nil }
      // Saving under the lock keeps the file in the order of the changes.
      var saveError: ConsentFileError?
      if let fileURL {
        do throws(ConsentFileError) { try storage.state.write(to: fileURL) } catch { saveError = error }
      }
      let observers = storage.observers.sorted { $0.key < $1.key }.map(\.value)
      return Change(old: old, new: storage.state, observers: observers, saveError: saveError)
    }
    guard let change else { return }
    if let saveError = change.saveError { reportIssue(saveError.description) }
    if change.new.isOptedOut && !change.old.isOptedOut {
      registry.purgeAll()
    } else {
      for (destination, status) in change.new.destinations.sorted(by: { $0.key < $1.key })
      where status == .denied && !change.old.isDenied(destination: destination) {
        registry.purge(destination: destination)
      }
    }
    registry.consentDidChange()
    for observer in change.observers { observer(change.new) }
  }

  /// Sets the answer for `purpose`, or the overall answer when `purpose` is `nil`.
  package func set(_ status: ConsentStatus, for purpose: ConsentPurpose? = nil) {
    update { state in
      if let purpose { state.purposes[purpose] = status } else { state.status = status }
    }
  }

  /// Sets the answer for one destination; `nil` removes it, so the destination follows its purpose again.
  package func set(_ status: ConsentStatus?, forDestination destination: String) {
    update { $0.destinations[destination] = status }
  }

  /// Grants `purpose`, or everything when `purpose` is `nil`.
  public func grant(_ purpose: ConsentPurpose? = nil) { set(.granted, for: purpose) }

  /// Denies `purpose`, or everything when `purpose` is `nil`.
  public func deny(_ purpose: ConsentPurpose? = nil) { set(.denied, for: purpose) }

  /// Grants one destination (which still needs its purpose granted).
  public func grant(destination: String) { set(.granted, forDestination: destination) }

  /// Denies one destination and purges what it has pending.
  public func deny(destination: String) { set(.denied, forDestination: destination) }

  /// Stops every destination, purges what they have pending, and saves the choice.
  public func optOut() {
    update { $0.isOptedOut = true }
  }

  /// Lifts the opt-out: the other answers apply again. It grants nothing: events wait (or are dropped) as
  /// long as consent stays unknown; call ``grant(_:)`` when the user agreed.
  ///
  /// ```swift
  /// consent.optOut()       // "stop tracking me"
  /// consent.liftOptOut()   // the earlier answers apply again: unknown stays unknown
  /// consent.grant()        // "yes": events are sent
  /// ```
  public func liftOptOut() {
    update { $0.isOptedOut = false }
  }

  /// Calls `onChange` with the new state after every change, on the thread that made it.
  ///
  /// When several threads change consent at once, calls may arrive out of order; read ``state`` for the
  /// latest. `onChange` must not change consent itself.
  public func observe(_ onChange: @escaping @Sendable (ConsentState) -> Void) -> ConsentObservation {
    let id = storage.withLock { storage in
      storage.nextObserverID += 1
      storage.observers[storage.nextObserverID] = onChange
      return storage.nextObserverID
    }
    return ConsentObservation { [weak self] in
      self?.storage.withLock { _ = $0.observers.removeValue(forKey: id) }
    }
  }
}
