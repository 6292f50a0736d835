import Foundation
import Trackers
import TrackersDelivery

/// The GA4 session of a live environment: the `session_id` and `engagement_time_msec` each event carries.
///
/// The rule is the GA4 SDKs': a session ends after ``Configuration/sessionTimeout`` without events (30
/// minutes by default), when the user id changes (sign-in, sign-out, another user), and on a reset (a new
/// anonymous id). A new session's id is its start in seconds since 1970, like gtag's `ga_session_id`, and
/// always larger than the previous id, so two sessions of one client never share an id even when they start
/// in the same second. `engagement_time_msec` is the milliseconds since the session's previous event (the
/// Measurement Protocol guide's value), at least 1, and `firstEventEngagementMilliseconds` for a session's
/// first event.
///
/// The session is saved with the identity (`identity.json`), so a relaunch within the timeout continues it:
/// when a session starts, then at most once per `saveIntervalMilliseconds` of events, and when the
/// environment closes. Saves run on a serial queue of their own, so no event waits for a file write; every
/// event costs one uncontended lock and a few integer operations.
final class LiveSession: Sendable {
  /// What one event carries.
  struct Stamp: Sendable, Hashable {
    let sessionId: Int
    let engagementMilliseconds: Int
  }

  typealias Identity = IdentityStore<String>.Identity

  /// A session's first event has no previous event to measure from; GA4 needs a positive value to show
  /// it in Realtime, and Google's examples use 100.
  static let firstEventEngagementMilliseconds = 100
  /// How stale the saved activity may get while events keep coming: a relaunch sees the last event at most
  /// this much too early (a clean `close` saves the exact time).
  static let saveIntervalMilliseconds = 60_000

  private struct State {
    var sessionId: Int?
    var lastActivity: Int
    var savedActivity: Int
    // Whose session it is: another anonymous or user id (reset, sign-in, sign-out) starts a new session.
    var anonymousId: String
    var userId: String?
    var reportedSaveFailure = false
  }

  private struct PendingSave: Sendable {
    let session: Identity.Session
    let anonymousId: String
    let userId: String?
  }

  private let identity: IdentityStore<String>
  private let module: VendorModule
  private let timeoutMilliseconds: Int
  private let state: LockIsolated<State>
  /// Keeps saves in the order they were decided, off the caller's thread.
  private let saves = DispatchQueue(label: "GoogleAnalyticsTracker.LiveSession.saves", qos: .utility)

  /// Continues the session saved with `identity`, if any.
  init(identity: IdentityStore<String>, module: VendorModule, timeout: Duration) {
    self.identity = identity
    self.module = module
    let (seconds, attoseconds) = timeout.components
    timeoutMilliseconds =
      seconds >= Int64(Int.max / 2_000) ? Int.max / 2  // "never": and `now - last` stays far from overflow
      : max(0, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
    let current = identity.current.identity
    // Rounded, not truncated: the saved Date came from whole milliseconds.
    let last = current.session.map { Int(($0.lastActivity.timeIntervalSince1970 * 1_000).rounded()) } ?? 0
    state = LockIsolated(
      State(
        sessionId: current.session?.id, lastActivity: last, savedActivity: last,
        anonymousId: current.anonymousId, userId: current.userId))
  }

  /// The session parameters of an event at `date` by `owner` (the identity its request carries).
  func stamp(at date: Date, for owner: Identity) -> Stamp {
    let now = Self.milliseconds(date)
    var pendingSave: PendingSave?
    let stamp = state.withLock { state in
      // Equal strings that share storage compare without reading their bytes: the common case here.
      if let sessionId = state.sessionId, state.anonymousId == owner.anonymousId, state.userId == owner.userId,
        now - state.lastActivity <= timeoutMilliseconds
      {
        let engagement = max(1, now - state.lastActivity)
        state.lastActivity = max(state.lastActivity, now)  // events stamped on racing threads may arrive late
        if state.lastActivity - state.savedActivity >= Self.saveIntervalMilliseconds {
          state.savedActivity = state.lastActivity
          pendingSave = Self.save(of: state)
        }
        return Stamp(sessionId: sessionId, engagementMilliseconds: engagement)
      }
      let start = now / 1_000
      state.sessionId = state.sessionId.map { max(start, $0 + 1) } ?? start
      state.lastActivity = now
      state.savedActivity = now
      state.anonymousId = owner.anonymousId
      state.userId = owner.userId
      pendingSave = Self.save(of: state)
      return Stamp(sessionId: state.sessionId ?? start, engagementMilliseconds: Self.firstEventEngagementMilliseconds)
    }
    if let pendingSave { saves.async { self.save(pendingSave) } }
    return stamp
  }

  /// Saves the latest activity, if the saved one is older, and returns once every save is written: at
  /// `close`, so a relaunch measures the timeout from the last event.
  func saveLatestActivity() {
    let pendingSave = state.withLock { state -> PendingSave? in
      guard state.sessionId != nil, state.lastActivity > state.savedActivity else { return nil }
      state.savedActivity = state.lastActivity
      return Self.save(of: state)
    }
    saves.sync {
      if let pendingSave { save(pendingSave) }
    }
  }

  private static func save(of state: State) -> PendingSave? {
    guard let sessionId = state.sessionId else { return nil }
    return PendingSave(
      session: Identity.Session(
        id: sessionId, lastActivity: Date(timeIntervalSince1970: Double(state.lastActivity) / 1_000)),
      anonymousId: state.anonymousId, userId: state.userId)
  }

  private func save(_ pending: PendingSave) {
    let error = identity.update { identity in
      // The identity changed since the event (reset, sign-in): that change ended this session.
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
        + "session_id, but a relaunch starts a new session. To fix this, give the module a writable storage "
        + "directory.")
  }

  private static func milliseconds(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1_000).rounded(.down))
  }
}
