import Foundation
import Trackers

/// The session of a live vendor environment: which session each event belongs to, under the vendor's
/// ``SessionRules``. GA4, Amplitude and PostHog share it; each writes the ``Stamp`` into its own fields.
///
/// A session ends after ``SessionRules/timeout`` without activity, at ``SessionRules/maxLength``, and on
/// the identity changes the rules name. A new session's numeric id is its start in the rules' unit, always
/// larger than the previous id, so two sessions of one device never share an id even when they start in
/// the same second.
///
/// The session is saved with the identity (`identity.json`), so a relaunch within the timeout continues
/// it: when a session starts, then at most once per minute of events, at each transition to the
/// background, and when the environment closes. Saves run on a serial queue of their own, so no event
/// waits for a file write; an event costs one uncontended lock and a few integer operations.
///
/// ```swift
/// let session = VendorSession(identity: delivery.identity, module: delivery.module, rules: rules)
/// let stamp = session.stamp(at: now(), for: delivery.identity.current.identity)
/// // stamp.id, stamp.uuid, stamp.engagementMilliseconds, stamp.isNew, stamp.ended
/// ```
public final class VendorSession<Derived: Sendable>: Sendable {
  public typealias Identity = IdentityStore<Derived>.Identity

  /// The session of one event.
  public struct Stamp: Sendable, Hashable {
    /// The session's numeric id (its start, in the rules' unit).
    public let id: Int
    /// The session's version 7 UUID, when the rules make one.
    public let uuid: String?
    /// Milliseconds since the session's previous event (at least 1), or
    /// ``VendorSession/firstEventEngagementMilliseconds`` for a session's first event: GA4's
    /// `engagement_time_msec`.
    public let engagementMilliseconds: Int
    /// Whether this event starts the session.
    public let isNew: Bool
    /// When the session started: the event's time, or for a session that ended while the app was in the
    /// background, the return to the foreground (as Amplitude-Swift starts it).
    public let start: Date
    /// The session this event's new session replaced, for vendors that send a session-end event.
    public let ended: Ended?
  }

  /// A session that ended: its ids and its last activity.
  public struct Ended: Sendable, Hashable {
    /// The ended session's numeric id.
    public let id: Int
    /// The ended session's UUID, when the rules make one.
    public let uuid: String?
    /// The time of its last activity.
    public let lastActivity: Date
  }

  /// A session's first event has no previous event to measure from; GA4 needs a positive value to show
  /// it in Realtime, and Google's examples use 100.
  public static var firstEventEngagementMilliseconds: Int { 100 }
  /// How stale the saved activity may get while events keep coming: a relaunch sees the last activity at
  /// most this much too early (a clean `close` saves the exact time).
  static var saveIntervalMilliseconds: Int { 60_000 }

  private struct State {
    var sessionId: Int?
    var uuid: String?
    var start: Int
    var lastActivity: Int
    var savedActivity: Int
    /// Set when a return to the foreground found the session timed out: the next event starts a session
    /// dated from that return.
    var restartsAt: Int?
    var isInForeground = false
    // Whose session it is, to apply the rules' identity changes.
    var anonymousId: String
    var userId: String?
    var reportedSaveFailure = false
  }

  private struct PendingSave: Sendable {
    let session: Identity.Session
    let anonymousId: String
    let userId: String?
  }

  private let identity: IdentityStore<Derived>
  private let module: VendorModule
  private let rules: SessionRules
  private let timeoutMilliseconds: Int
  private let maxLengthMilliseconds: Int
  private let state: LockIsolated<State>
  /// Keeps saves in the order they were decided, off the caller's thread.
  private let saves: DispatchQueue

  /// Continues the session saved with `identity`, if any.
  public init(identity: IdentityStore<Derived>, module: VendorModule, rules: SessionRules) {
    self.identity = identity
    self.module = module
    self.rules = rules
    self.saves = DispatchQueue(label: "\(module.name).VendorSession.saves", qos: .utility)
    timeoutMilliseconds = Self.milliseconds(rules.timeout)
    maxLengthMilliseconds = rules.maxLength.map(Self.milliseconds) ?? Int.max / 2
    let current = identity.current.identity
    // Rounded, not truncated: the saved Dates came from whole milliseconds.
    let last = current.session.map { Self.savedMilliseconds($0.lastActivity) } ?? 0
    let start = current.session?.start.map(Self.savedMilliseconds) ?? last
    state = LockIsolated(
      State(
        sessionId: current.session?.id, uuid: current.session?.uuid, start: start, lastActivity: last,
        savedActivity: last, anonymousId: current.anonymousId, userId: current.userId))
  }

  /// The session of an event at `date` by `owner` (the identity the event carries): the current one while
  /// it lasts, else a new one.
  public func stamp(at date: Date, for owner: Identity) -> Stamp {
    let now = Self.milliseconds(date)
    var pendingSave: PendingSave?
    let stamp = state.withLock { state in
      let owner = applyOwner(owner, to: &state)
      if owner.continues, isAlive(state, at: now) {
        let engagement = max(1, now - state.lastActivity)
        state.lastActivity = max(state.lastActivity, now)  // events stamped on racing threads may arrive late
        // A session that outlives an identity change is saved with the new identity at once: the store
        // dropped it with the old one.
        if owner.changed || state.lastActivity - state.savedActivity >= Self.saveIntervalMilliseconds {
          state.savedActivity = state.lastActivity
          pendingSave = Self.save(of: state)
        }
        return Stamp(
          id: state.sessionId ?? 0, uuid: state.uuid, engagementMilliseconds: engagement, isNew: false,
          start: Self.date(state.start), ended: nil)
      }
      let ended = state.sessionId.map { Ended(id: $0, uuid: state.uuid, lastActivity: Self.date(state.lastActivity)) }
      let start = min(state.restartsAt ?? now, now)
      let id = rules.idUnit == .seconds ? start / 1_000 : start
      state.sessionId = state.sessionId.map { max(id, $0 + 1) } ?? id
      state.uuid = rules.makesUUID ? RecordID.version7(milliseconds: start).uuidString : nil
      state.start = start
      state.lastActivity = now
      state.savedActivity = now
      state.restartsAt = nil
      pendingSave = Self.save(of: state)
      return Stamp(
        id: state.sessionId ?? id, uuid: state.uuid, engagementMilliseconds: Self.firstEventEngagementMilliseconds,
        isNew: true, start: Self.date(start), ended: ended)
    }
    if let pendingSave { saves.async { self.save(pendingSave) } }
    return stamp
  }

  /// The app went to the background or came back (from ``Trackers/ApplicationLifecycle``): a transition is
  /// activity for a session still alive; time in the foreground counts as activity when the rules say
  /// ``SessionRules/continuesInForeground``; a session that timed out while in the background ends on the
  /// return, so the next event starts a new one.
  public func transition(_ transition: ApplicationLifecycle.Transition, at date: Date) {
    let now = Self.milliseconds(date)
    let pendingSave = state.withLock { state -> PendingSave? in
      let isAlive = isAlive(state, at: now)
      switch transition {
      case .foreground:
        if state.sessionId != nil, !isAlive, state.restartsAt == nil { state.restartsAt = now }
        state.isInForeground = true
      case .background:
        state.isInForeground = false
      }
      guard isAlive else { return nil }
      state.lastActivity = max(state.lastActivity, now)
      guard transition == .background else { return nil }
      state.savedActivity = state.lastActivity
      return Self.save(of: state)
    }
    if let pendingSave { saves.async { self.save(pendingSave) } }
  }

  /// Saves the latest activity, if the saved one is older, and returns once every save is written: at
  /// `close`, so a relaunch measures the timeout from the last event.
  public func saveLatestActivity() {
    let pendingSave = state.withLock { state -> PendingSave? in
      guard state.sessionId != nil, state.lastActivity > state.savedActivity else { return nil }
      state.savedActivity = state.lastActivity
      return Self.save(of: state)
    }
    saves.sync {
      if let pendingSave { save(pendingSave) }
    }
  }

  /// Takes `owner` as the session's owner: whether it changed, and whether the session continues under the
  /// rules.
  private func applyOwner(_ owner: Identity, to state: inout State) -> (changed: Bool, continues: Bool) {
    // Equal strings that share storage compare without reading their bytes: the common case here.
    let anonymousIdChanged = state.anonymousId != owner.anonymousId
    let userIdChanged = state.userId != owner.userId
    guard anonymousIdChanged || userIdChanged else { return (false, true) }
    state.anonymousId = owner.anonymousId
    state.userId = owner.userId
    let ends = (anonymousIdChanged && rules.endsWhenAnonymousIdChanges) || (userIdChanged && rules.endsWhenUserChanges)
    return (true, !ends)
  }

  /// Whether the session goes on at `now`: it exists, did not end on a return to the foreground, is not
  /// past its maximum length, and was active within the timeout (or the app is in the foreground, where the
  /// rules count that as activity). Exactly at a limit still counts, as the SDKs' `>` comparisons do.
  private func isAlive(_ state: State, at now: Int) -> Bool {
    guard state.sessionId != nil, state.restartsAt == nil, now - state.start <= maxLengthMilliseconds else {
      return false
    }
    return (state.isInForeground && rules.continuesInForeground) || now - state.lastActivity <= timeoutMilliseconds
  }

  private static func save(of state: State) -> PendingSave? {
    guard let sessionId = state.sessionId else { return nil }
    return PendingSave(
      session: Identity.Session(
        id: sessionId, uuid: state.uuid, start: date(state.start), lastActivity: date(state.lastActivity)),
      anonymousId: state.anonymousId, userId: state.userId)
  }

  private func save(_ pending: PendingSave) {
    let error = identity.update { identity in
      // The identity changed since the event (reset, sign-in): the session is saved by the next one.
      guard identity.anonymousId == pending.anonymousId, identity.userId == pending.userId else { return }
      identity.session = pending.session
    }
    guard let error else { return }
    let isFirst = state.withLock { state in
      defer { state.reportedSaveFailure = true }
      return !state.reportedSaveFailure
    }
    guard isFirst else { return }
    module.reportFailure(
      "could not save the session to \(identity.file?.path ?? "memory"): \(error). Events keep their "
        + "session id, but a relaunch starts a new session. To fix this, give the module a writable storage "
        + "directory.")
  }

  private static func milliseconds(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1_000).rounded(.down))
  }

  private static func date(_ milliseconds: Int) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
  }

  private static func savedMilliseconds(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1_000).rounded())
  }

  /// A huge duration means "never": it stays far from overflow in `now - last`.
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return seconds >= Int64(Int.max / 2_000) ? Int.max / 2
      : max(0, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}
