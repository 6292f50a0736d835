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
/// ``VendorDelivery`` makes one from the module's rules; the module stamps each event with the identity the
/// event carries:
///
/// ```swift
/// let stamp = session.stamp(at: now(), anonymousId: identity.anonymousId, userId: identity.userId)
/// // stamp.id, stamp.uuid, stamp.engagementMilliseconds, stamp.isNew, stamp.start, stamp.ended
/// ```
public final class VendorSession: Sendable {
  /// Saves a session with the identity it belongs to (its ``SavedSession/anonymousId`` and
  /// ``SavedSession/userId``; nothing when the identity changed since in a way that ends the session under
  /// the rules: the next save carries the next session), returning the error of a failed write.
  package typealias Save = @Sendable (_ session: SavedSession) -> (any Error)?

  /// The session of one event.
  public struct Stamp: Sendable, Hashable {
    /// The session's numeric id (its start, in the rules' unit).
    public let id: Int
    /// The session's version 7 UUID, when the rules make one.
    public let uuid: String?
    /// Milliseconds since the session's previous event (at least 1), or
    /// 100 for a session's first event: GA4's
    /// `engagement_time_msec`.
    public let engagementMilliseconds: Int
    /// Whether this event starts the session.
    public let isNew: Bool
    /// When the session started: the event's time, or for a session that ended while the app was in the
    /// background, the return to the foreground (as Amplitude-Swift starts it).
    public let start: Date
    /// The session this event's new session replaced, for vendors that send a session-end event.
    public let ended: Ended?

    /// The ``id`` of an event about a ``Trackers/EventSubject``: -1, out of any session (Amplitude's
    /// `session_id` for "out of session"). A subject is not the device's user, so its events neither carry
    /// nor extend the device's session; their ``uuid`` is `nil`.
    public static let outOfSession = -1
  }

  /// A session that ended: its ids and its last activity.
  public struct Ended: Sendable, Hashable {
    /// The ended session's numeric id.
    public let id: Int
    /// The ended session's UUID, when the rules make one.
    public let uuid: String?
    /// The time of its last activity.
    public let lastActivity: Date
    /// The anonymous id of the identity the session belonged to: after a reset, not the one of the event
    /// that ended it, so a vendor's session-end message (Countly's `end_session`) goes to the right device.
    public let anonymousId: String
    /// The user id of the identity the session belonged to, `nil` when signed out.
    public let userId: String?
  }

  /// A session's first event has no previous event to measure from; GA4 needs a positive value to show
  /// it in Realtime, and Google's examples use 100.
  package static var firstEventEngagementMilliseconds: Int { 100 }
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

  private let saveToIdentity: Save
  /// Where the sessions are saved, for the message of a failed save.
  private let location: String
  private let module: VendorModule
  private let onReport: (@Sendable (TrackerReport) -> Void)?
  private let rules: SessionRules
  private let timeoutMilliseconds: Int
  private let maxLengthMilliseconds: Int
  private let state: LockIsolated<State>
  /// Keeps saves in the order they were decided, off the caller's thread.
  private let saves: DispatchQueue

  /// Continues the session saved with `identity`, if any, and saves sessions with it.
  package convenience init<Derived>(
    identity: IdentityStore<Derived>, module: VendorModule, rules: SessionRules,
    onReport: (@Sendable (TrackerReport) -> Void)? = nil
  ) {
    let current = identity.current.identity
    self.init(
      saved: current.session, anonymousId: current.anonymousId, userId: current.userId,
      location: identity.file?.path ?? "memory", module: module, rules: rules, onReport: onReport
    ) { [weak identity] session in
      identity?.update { identity in
        // The identity changed since the event in a way that ends the session under the rules (a reset, for
        // GA4 and PostHog): the next event starts another, which the next save carries. A change the rules
        // keep the session across (a sign-out, for GA4) still saves it: a save that raced the sign-out
        // would otherwise lose the session, and a relaunch start a new one.
        let endsSession = (identity.anonymousId != session.anonymousId && rules.endsWhenAnonymousIdChanges)
          || (identity.userId != session.userId && rules.endsWhenUserChanges)
        guard !endsSession else { return }
        identity.session = session
      }
    }
  }

  /// Continues `saved`, if any, and saves sessions through `save`, off the caller's thread.
  ///
  /// `anonymousId` and `userId` are the identity's now. The session belongs to the owner it was saved
  /// with, so when they differ (a sign-out after the last event) the first event applies the rules'
  /// identity changes; a session saved without an owner belongs to the identity now.
  package init(
    saved: SavedSession?, anonymousId: String, userId: String?, location: String, module: VendorModule,
    rules: SessionRules, onReport: (@Sendable (TrackerReport) -> Void)? = nil, save: @escaping Save
  ) {
    self.saveToIdentity = save
    self.location = location
    self.module = module
    self.onReport = onReport
    self.rules = rules
    self.saves = DispatchQueue(label: "\(module.name).VendorSession.saves", qos: .utility)
    timeoutMilliseconds = Self.milliseconds(rules.timeout)
    maxLengthMilliseconds = rules.maxLength.map(Self.milliseconds) ?? Int.max / 2
    // Rounded, not truncated: the saved Dates came from whole milliseconds.
    let last = saved.map { Self.savedMilliseconds($0.lastActivity) } ?? 0
    let start = saved?.start.map(Self.savedMilliseconds) ?? last
    let ownerKnown = saved?.anonymousId != nil
    state = LockIsolated(
      State(
        sessionId: saved?.id, uuid: saved?.uuid, start: start, lastActivity: last, savedActivity: last,
        anonymousId: saved?.anonymousId ?? anonymousId, userId: ownerKnown ? saved?.userId : userId))
  }

  /// The session of an event at `date` by the identity it carries (`anonymousId`, `userId`): the current
  /// one while it lasts, else a new one. For an event about a ``Trackers/EventSubject``, out of any session
  /// (``Stamp/outOfSession``, no ``Stamp/uuid``, not new), and the device's session is left as it was.
  public func stamp(at date: Date, anonymousId: String, userId: String?) -> Stamp {
    if EventSubject.current != nil {
      return Stamp(
        id: Stamp.outOfSession, uuid: nil, engagementMilliseconds: Self.firstEventEngagementMilliseconds,
        isNew: false, start: date, ended: nil)
    }
    return appUserStamp(at: date, anonymousId: anonymousId, userId: userId)
  }

  /// The session of an event of the app's own user at `date`, by the identity it carries: the current one
  /// while it lasts, else a new one. For the identity of ``VendorDelivery/Attribution/appUser(identity:derived:)``,
  /// which has read the event subject already: ``stamp(at:anonymousId:userId:)`` reads it again (see
  /// ``VendorDelivery/attribution``'s example).
  public func stamp<Derived>(at date: Date, of identity: IdentityStore<Derived>.Identity) -> Stamp {
    appUserStamp(at: date, anonymousId: identity.anonymousId, userId: identity.userId)
  }

  private func appUserStamp(at date: Date, anonymousId: String, userId: String?) -> Stamp {
    let now = Self.milliseconds(date)
    var pendingSave: SavedSession?
    let stamp = state.withLock { state in
      let previousOwner = (anonymousId: state.anonymousId, userId: state.userId)
      let owner = applyOwner(anonymousId: anonymousId, userId: userId, to: &state)
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
      let ended = state.sessionId.map {
        Ended(
          id: $0, uuid: state.uuid, lastActivity: Self.date(state.lastActivity),
          anonymousId: previousOwner.anonymousId, userId: previousOwner.userId)
      }
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
  package func transition(_ transition: ApplicationLifecycle.Transition, at date: Date) {
    let now = Self.milliseconds(date)
    let pendingSave = state.withLock { state -> SavedSession? in
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
  package func saveLatestActivity() {
    let pendingSave = state.withLock { state -> SavedSession? in
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
  private func applyOwner(
    anonymousId: String, userId: String?, to state: inout State
  ) -> (changed: Bool, continues: Bool) {
    // Equal strings that share storage compare without reading their bytes: the common case here.
    let anonymousIdChanged = state.anonymousId != anonymousId
    let userIdChanged = state.userId != userId
    guard anonymousIdChanged || userIdChanged else { return (false, true) }
    state.anonymousId = anonymousId
    state.userId = userId
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

  private static func save(of state: State) -> SavedSession? {
    guard let sessionId = state.sessionId else { return nil }
    return SavedSession(
      id: sessionId, uuid: state.uuid, start: date(state.start), lastActivity: date(state.lastActivity),
      anonymousId: state.anonymousId, userId: state.userId)
  }

  private func save(_ session: SavedSession) {
    guard let error = saveToIdentity(session) else { return }
    let isFirst = state.withLock { state in
      defer { state.reportedSaveFailure = true }
      return !state.reportedSaveFailure
    }
    guard isFirst else { return }
    module.reportFailure(
      "could not save the session to \(location): \(error). Events keep their "
        + "session id, but a relaunch starts a new session. To fix this, give the module a writable storage "
        + "directory.", onReport: onReport)
  }

  /// Clamped to ±2^52 ms (±142,000 years), 0 for NaN: the module's clock is the app's, no date may trap
  /// here, and differences of two such times can't overflow.
  private static func milliseconds(_ date: Date) -> Int {
    clamped(Int(saturating: (date.timeIntervalSince1970 * 1_000).rounded(.down)))
  }

  private static var millisecondsBound: Int { Int(clamping: Int64(1) << 52) }

  private static func clamped(_ milliseconds: Int) -> Int {
    max(-millisecondsBound, min(millisecondsBound, milliseconds))
  }

  private static func date(_ milliseconds: Int) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
  }

  private static func savedMilliseconds(_ date: Date) -> Int {
    clamped(Int(saturating: (date.timeIntervalSince1970 * 1_000).rounded()))
  }

  /// A huge duration means "never": it stays far from overflow in `now - last`.
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return seconds >= Int64(Int.max / 2_000) ? Int.max / 2
      : max(0, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}
