/// The gate behind ``consentGated(_:by:purpose:destination:whileUnknown:onDrop:)``, which documents what it
/// does; package-only, so that one public way gates a tracker. Its ``counts`` are for this package's tests.
///
/// The wrapped tracker is called while the gate's lock is held, which is what keeps released events
/// ahead of new ones; it must not send to the same gate or change consent.
package final class ConsentGate<Event: Sendable>: Sendable {
  /// How many events went where.
  package struct Counts: Sendable, Hashable {
    /// Sent straight through while consent was granted.
    package var forwarded = 0
    /// Held while consent was unknown, then sent when it was granted.
    package var released = 0
    /// Held now, waiting for an answer.
    package var held = 0
    /// Dropped because consent was unknown and the policy is ``UnknownConsentPolicy/drop``.
    package var droppedWhileUnknown = 0
    /// Dropped, oldest first, because more than the hold limit were waiting.
    package var droppedOverLimit = 0
    /// Dropped because consent was denied (sent while denied, or held when it became denied).
    package var droppedDenied = 0
    /// Held, then dropped by a ``PrivacyRegistry/reset()``.
    package var droppedByReset = 0

    /// Every event dropped, whatever the reason.
    package var dropped: Int {
      droppedWhileUnknown + droppedOverLimit + droppedDenied + droppedByReset
    }
  }

  /// Why events were dropped.
  package typealias DropReason = ConsentDrop.Reason

  /// Some events a gate dropped, passed to its `onDrop` handler.
  package typealias Drop = ConsentDrop

  /// The purpose the events serve.
  package let purpose: ConsentPurpose
  /// The destination the events go to, as named in the consent state and the registry.
  package let destination: String?

  private let consent: ConsentStore
  private let forward: Tracker<Event>
  private let holdLimit: Int?
  private let onDrop: (@Sendable (Drop) -> Void)?
  private let state: LockIsolated<GateState>
  private let links = LockIsolated<Links?>(nil)

  private struct GateState: Sendable {
    var lastStatus: ConsentStatus
    var held = RingBuffer<Event>()
    var counts = Counts()
    var reportedOverflow = false
  }

  private struct Links: Sendable {
    var observation: ConsentObservation
    var resetObserverID: UInt64
  }

  /// What the gate must do once its lock is released.
  private struct Aftermath {
    var drops: [Drop] = []
    var purge = false
    var overflowWarning: String?
  }

  /// Creates a gate in front of `tracker`.
  ///
  /// - Parameters:
  ///   - tracker: where events go once consent allows.
  ///   - consent: the store whose answers apply.
  ///   - purpose: the purpose the events serve; ``ConsentPurpose/analytics`` by default.
  ///   - destination: the destination's name ("Mixpanel"), so that a per-destination answer applies and a
  ///     denial purges it; `nil` when the purpose alone decides.
  ///   - whileUnknown: hold (bounded) or drop while the user has not answered.
  ///   - onDrop: told about every drop, with its reason, after the gate's lock is released.
  package init(
    _ tracker: @escaping Tracker<Event>,
    by consent: ConsentStore,
    purpose: ConsentPurpose = .analytics,
    destination: String? = nil,
    whileUnknown: UnknownConsentPolicy = .default,
    onDrop: (@Sendable (Drop) -> Void)? = nil
  ) {
    self.forward = tracker
    self.consent = consent
    self.purpose = purpose
    self.destination = destination
    self.onDrop = onDrop
    switch whileUnknown {
    case .drop:
      holdLimit = nil
    case let .hold(limit) where limit < 1:
      holdLimit = nil
      reportIssue(
        "consentGated: the hold limit must be at least 1, got \(limit); events are dropped while consent is "
          + "unknown. To fix this, pass `.hold(limit: 1000)`, or `.drop` to drop on purpose."
      )
    case let .hold(limit):
      holdLimit = limit
    }
    state = LockIsolated(GateState(lastStatus: consent.status(for: purpose, destination: destination)))

    let observation = consent.observe { [weak self] _ in self?.reconcile() }
    let resetObserverID = consent.registry.addResetObserver { [weak self] in self?.dropHeldForReset() }
    links.withLock { $0 = Links(observation: observation, resetObserverID: resetObserverID) }
  }

  deinit {
    if let links = links.withLock({ $0 }) {
      links.observation.cancel()
      consent.registry.removeResetObserver(links.resetObserverID)
    }
  }

  /// This gate as a tracker.
  package var tracker: Tracker<Event> {
    return { event in self.send(event) }
  }

  /// What the gate has done so far.
  package var counts: Counts {
    state.withLock { state in
      var counts = state.counts
      counts.held = state.held.count
      return counts
    }
  }

  /// Sends, holds or drops `event`, per the current consent.
  package func send(_ event: Event) {
    var aftermath = Aftermath()
    state.withLock { state in
      let status = consent.status(for: purpose, destination: destination)
      apply(status, to: &state, aftermath: &aftermath)
      switch status {
      case .granted:
        forward(event)
        state.counts.forwarded += 1
      case .denied:
        state.counts.droppedDenied += 1
        aftermath.drops.append(Drop(reason: .denied, count: 1, destination: destination))
      case .unknown:
        guard let holdLimit else {
          state.counts.droppedWhileUnknown += 1
          aftermath.drops.append(Drop(reason: .unknownConsent, count: 1, destination: destination))
          return
        }
        if state.held.count >= holdLimit {
          state.held.removeFirst()
          state.counts.droppedOverLimit += 1
          aftermath.drops.append(Drop(reason: .holdLimit, count: 1, destination: destination))
          if !state.reportedOverflow {
            state.reportedOverflow = true
            aftermath.overflowWarning = overflowMessage(limit: holdLimit)
          }
        }
        state.held.append(event)
      }
    }
    finish(aftermath)
  }

  /// Re-reads consent and releases or drops what is held; called after every consent change.
  private func reconcile() {
    var aftermath = Aftermath()
    state.withLock { state in
      apply(consent.status(for: purpose, destination: destination), to: &state, aftermath: &aftermath)
    }
    finish(aftermath)
  }

  /// Acts on a change of status since the gate last looked: release on grant, drop and purge on denial.
  private func apply(_ status: ConsentStatus, to state: inout GateState, aftermath: inout Aftermath) {
    guard status != state.lastStatus else { return }
    state.lastStatus = status
    switch status {
    case .granted:
      while let event = state.held.popFirst() {
        forward(event)
        state.counts.released += 1
      }
      state.reportedOverflow = false
    case .denied:
      let count = state.held.count
      state.held.removeAll()
      state.reportedOverflow = false
      state.counts.droppedDenied += count
      if count > 0 { aftermath.drops.append(Drop(reason: .denied, count: count, destination: destination)) }
      aftermath.purge = destination != nil
    case .unknown:
      break
    }
  }

  private func dropHeldForReset() {
    var aftermath = Aftermath()
    state.withLock { state in
      let count = state.held.count
      guard count > 0 else { return }
      state.held.removeAll()
      state.reportedOverflow = false
      state.counts.droppedByReset += count
      aftermath.drops.append(Drop(reason: .reset, count: count, destination: destination))
    }
    finish(aftermath)
  }

  private func finish(_ aftermath: Aftermath) {
    if let warning = aftermath.overflowWarning { reportIssue(warning) }
    if aftermath.purge, let destination { consent.registry.purge(destination: destination) }
    if let onDrop {
      for drop in aftermath.drops { onDrop(drop) }
    }
  }

  private func overflowMessage(limit: Int) -> String {
    let target = destination.map { " for \($0)" } ?? ""
    return "consentGated: more than \(limit) events\(target) are waiting for the user's \(purpose) consent; the "
      + "oldest are dropped, each passed to `onDrop` as `.holdLimit`. To fix this, ask for consent "
      + "earlier, raise the limit with `whileUnknown: .hold(limit:)`, or pass `.drop` if events before consent "
      + "are not wanted."
  }
}

/// Sends events to `tracker` only with the user's consent for `purpose` and `destination`.
///
/// For a tracker without a durable queue of its own (a logger, your own backend client). A vendor module
/// needs no gate: given `privacy:` in its configuration, its live environment follows the same store, and
/// holds unknown events on disk rather than in memory.
///
/// While consent is granted, events go straight through. While it is unknown, they are held in memory
/// (bounded) or dropped, per `whileUnknown`; granting sends the held events in their order, once. While
/// it is denied, events are dropped; when consent becomes denied, held events are dropped and the
/// destination's pending events are purged through the store's ``ConsentStore/registry``. A reset of that
/// registry drops what the gate holds. Every drop is passed to `onDrop` as a ``ConsentDrop``, after the
/// gate's lock is released.
///
/// ```swift
/// let send = combine(
///   consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
///   consentGated(amplitudeTracker, by: consent, destination: "Amplitude", whileUnknown: .drop)
/// )
/// ```
///
/// `tracker` is called while the gate's lock is held, which is what keeps released events ahead of new
/// ones; it must not send to the same gated tracker or change consent.
///
/// - Parameters:
///   - tracker: where events go once consent allows.
///   - consent: the store whose answers apply.
///   - purpose: the purpose the events serve; ``ConsentPurpose/analytics`` by default.
///   - destination: the destination's name ("Mixpanel"), so that a per-destination answer applies and a
///     denial purges it; `nil` when the purpose alone decides.
///   - whileUnknown: hold (bounded) or drop while the user has not answered.
///   - onDrop: told about every drop, with its reason.
public func consentGated<Event: Sendable>(
  _ tracker: @escaping Tracker<Event>,
  by consent: ConsentStore,
  purpose: ConsentPurpose = .analytics,
  destination: String? = nil,
  whileUnknown: UnknownConsentPolicy = .default,
  onDrop: (@Sendable (ConsentDrop) -> Void)? = nil
) -> Tracker<Event> {
  ConsentGate(
    tracker, by: consent, purpose: purpose, destination: destination, whileUnknown: whileUnknown, onDrop: onDrop
  ).tracker
}

/// Some events a consent-gated tracker dropped, passed to the `onDrop` handler of
/// ``consentGated(_:by:purpose:destination:whileUnknown:onDrop:)``.
public struct ConsentDrop: Sendable, Hashable {
  /// Why events were dropped.
  public enum Reason: String, Sendable, Hashable {
    /// Consent was unknown and the policy drops.
    case unknownConsent
    /// The hold buffer was full; the oldest events went.
    case holdLimit
    /// Consent was denied.
    case denied
    /// The registry was reset (logout, "delete my data").
    case reset
  }

  /// Why.
  public var reason: Reason
  /// How many events.
  public var count: Int
  /// The gated tracker's destination, if it has one.
  public var destination: String?

  package init(reason: Reason, count: Int, destination: String?) {
    self.reason = reason
    self.count = count
    self.destination = destination
  }
}
