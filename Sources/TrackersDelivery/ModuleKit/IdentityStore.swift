import Foundation
import Trackers

/// Who the events of a vendor module belong to: the anonymous (device) id, the user id once known, and the
/// user properties the vendor wants repeated on later requests, persisted in the module's storage directory.
///
/// Every live vendor environment owns one. The vendor module decides what an identity change means on the
/// wire (GA4 `user_id` on following requests, Mixpanel `$user_id` next to `$device_id`, ...); the store only
/// keeps the values, survives restarts, and caches what the module derives from them (`Derived`), so the hot
/// path never re-encodes an identity that did not change. A module reads and changes it through its
/// ``VendorDelivery`` (``VendorDelivery/current``, ``VendorDelivery/identityUpdate(_:)``); the store's
/// own API is this package's:
///
/// ```swift
/// let store = try IdentityStore(directory: storage) { identity in
///   partitionJSON(for: identity)   // computed once per change, read on every event
/// }
/// let (identity, partition) = store.current
/// store.update { $0.userId = "user-42" }
/// ```
public final class IdentityStore<Derived: Sendable>: Sendable {
  /// The persisted values.
  public struct Identity: Sendable, Hashable, Codable {
    /// A random id made on first launch (a version 4 UUID string); the vendor's device or client id.
    public var anonymousId: String
    /// The signed-in user, or `nil`.
    public var userId: String?
    /// User properties the vendor repeats on later requests (GA4); empty for vendors with a profile API.
    public var userProperties: [String: PropertyValue]
    /// The groups the user belongs to, by type (`"company": "acme"`), for vendors that repeat them on later
    /// events (PostHog `$groups`, Amplitude `groups`, Mixpanel group keys); empty after a
    /// reset ("delete my data").
    public var groups: [String: String]
    /// The vendor session the events belong to, for modules that send one (GA4 `session_id`, Amplitude
    /// `session_id`, PostHog `$session_id`; see ``VendorSession``); `nil` before the first event and after a
    /// reset ("delete my data").
    package var session: Session?

    /// A session as it is saved with the identity (``SavedSession``).
    package typealias Session = SavedSession

    /// Creates an identity.
    public init(
      anonymousId: String, userId: String? = nil, userProperties: [String: PropertyValue] = [:],
      groups: [String: String] = [:]
    ) {
      self.init(anonymousId: anonymousId, userId: userId, userProperties: userProperties, groups: groups, session: nil)
    }

    /// Creates an identity with the session it saves.
    package init(
      anonymousId: String, userId: String? = nil, userProperties: [String: PropertyValue] = [:],
      groups: [String: String] = [:], session: Session?
    ) {
      self.anonymousId = anonymousId
      self.userId = userId
      self.userProperties = userProperties
      self.groups = groups
      self.session = session
    }

    private enum CodingKeys: String, CodingKey {
      case anonymousId, userId, userProperties, groups, session
    }

    /// Decodes an identity; files written before a member existed decode it as empty.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      anonymousId = try container.decode(String.self, forKey: .anonymousId)
      userId = try container.decodeIfPresent(String.self, forKey: .userId)
      userProperties = try container.decodeIfPresent([String: PropertyValue].self, forKey: .userProperties) ?? [:]
      groups = try container.decodeIfPresent([String: String].self, forKey: .groups) ?? [:]
      session = try container.decodeIfPresent(Session.self, forKey: .session)
    }

    /// The ids as JSON object members, `"<anonymousKey>":"...","<userKey>":"..."` (the user id only when
    /// signed in), for modules that put both ids on every event and cache the bytes per identity change.
    ///
    /// ```swift
    /// identity.jsonMembers(anonymousKey: "device_id", userKey: "user_id")   // Amplitude
    /// ```
    public func jsonMembers(anonymousKey: StaticString, userKey: StaticString) -> [UInt8] {
      var bytes: [UInt8] = []
      JSONWriter.appendString("\(anonymousKey)", to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      JSONWriter.appendString(anonymousId, to: &bytes)
      if let userId {
        bytes.append(UInt8(ascii: ","))
        JSONWriter.appendString("\(userKey)", to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        JSONWriter.appendString(userId, to: &bytes)
      }
      return bytes
    }
  }

  @usableFromInline struct State: Sendable {
    @usableFromInline var identity: Identity
    @usableFromInline var derived: Derived
    /// The file could not be read or written for lack of permission (Data Protection before the first
    /// unlock): the identity is in memory only until ``storageMayBeAvailable()`` succeeds.
    var waitingForStorage: WaitingForStorage?
  }

  /// What is left to do once the identity's file can be opened.
  struct WaitingForStorage: Sendable {
    /// The file exists and could not be read: the identity in memory is a temporary one.
    var load: Bool
    /// The identity changed in memory since (sign-in, reset): it wins over the file.
    var changed = false
  }

  /// The file the identity lives in, or `nil` for an in-memory store.
  package let file: URL?
  private let derive: @Sendable (Identity) -> Derived
  @usableFromInline let state: LockIsolated<State>

  /// Opens the identity kept in `directory` (file `identity.json`), or starts a new one with a fresh
  /// anonymous id; `nil` keeps it in memory only (tests, previews).
  ///
  /// Throws when the directory can't be created or the file can't be written: an app that can't keep its
  /// anonymous id would count every launch as a new user.
  ///
  /// On iOS, iPadOS, watchOS and visionOS, a file that can't be read or written for lack of permission
  /// does not throw: before the device's first unlock (Data Protection) an app launched in the background
  /// can't open its files. The store then starts with a temporary anonymous id in memory and loads the
  /// saved identity (or saves its own) once the files can be opened (``storageMayBeAvailable()``, which a
  /// vendor's live environment calls when its queue's directory opens). Elsewhere (tvOS, the Mac, Linux)
  /// no unlock is coming: it throws ``DeliveryError/storage(operation:path:errno:)``.
  package convenience init(
    directory: URL?,
    existing: ExistingIdentity? = nil,
    derive: @escaping @Sendable (Identity) -> Derived
  ) throws {
    try self.init(directory: directory, existing: existing, simulatedOpenFailure: nil, derive: derive)
  }

  /// ``init(directory:derive:)``, with an `errno` that `simulatedOpenFailure` may return to fail the file's
  /// opening as a locked device would (`DeliveryConfiguration.simulatedOpenFailure`), and whether a
  /// permission failure may be Data Protection's (`DeliveryConfiguration.hasDataProtection`).
  package init(
    directory: URL?,
    existing: ExistingIdentity? = nil,
    simulatedOpenFailure: (@Sendable (String) -> Int32?)?,
    hasDataProtection: Bool = StoragePlatform.processHasDataProtection,
    derive: @escaping @Sendable (Identity) -> Derived
  ) throws {
    self.derive = derive
    let file = directory?.appendingPathComponent("identity.json", isDirectory: false)
    self.file = file
    self.simulatedOpenFailure = simulatedOpenFailure
    self.hasDataProtection = hasDataProtection
    // A user moving from the vendor's SDK keeps the ids it gave them, the first time only: a saved
    // identity (read below) wins.
    var identity = Identity(
      anonymousId: existing?.anonymousId.flatMap { $0.isEmpty ? nil : $0 } ?? RecordID().uuidString,
      userId: existing?.userId.flatMap { $0.isEmpty ? nil : $0 })
    var waiting: WaitingForStorage?
    var needsWrite = file != nil
    if let file {
      switch Self.read(file, simulatedOpenFailure: simulatedOpenFailure, hasDataProtection: hasDataProtection) {
      case .stored(let stored):
        identity = stored
        needsWrite = false
      case .absent:
        break
      case .notPermitted:
        waiting = WaitingForStorage(load: true)
        needsWrite = false
      }
    }
    if needsWrite, let file {
      do {
        try Self.write(identity, to: file, simulatedOpenFailure: simulatedOpenFailure)
      } catch where Self.isPermissionError(error) {
        // No unlock is coming where there is no Data Protection: a directory the app may not write.
        guard hasDataProtection else {
          throw DeliveryError.storage(operation: "write", path: file.path, errno: Self.posixCode(of: error) ?? EACCES)
        }
        waiting = WaitingForStorage(load: false, changed: true)
      }
    }
    self.state = LockIsolated(State(identity: identity, derived: derive(identity), waitingForStorage: waiting))
  }

  private let simulatedOpenFailure: (@Sendable (String) -> Int32?)?
  private let hasDataProtection: Bool

  /// Whether the identity waits in memory for its file to be readable or writable (see
  /// ``init(directory:derive:)``).
  package var isWaitingForStorage: Bool {
    state.withLock { $0.waitingForStorage != nil }
  }

  /// Tries again to load the saved identity, or to save this one, after the file could not be opened for
  /// lack of permission; does nothing otherwise. A saved identity replaces the temporary one unless the
  /// identity changed since (then the change is saved). Returns the error if it failed for another
  /// reason than a permission (a permission leaves it waiting).
  @discardableResult
  package func storageMayBeAvailable() -> (any Error)? {
    guard let file else { return nil }
    return state.withLock { state -> (any Error)? in
      guard let waiting = state.waitingForStorage else { return nil }
      if waiting.load {
        switch Self.read(file, simulatedOpenFailure: simulatedOpenFailure, hasDataProtection: hasDataProtection) {
        case .notPermitted:
          return nil
        case .stored(let stored) where !waiting.changed:
          state.identity = stored
          state.derived = derive(stored)
          state.waitingForStorage = nil
          return nil
        case .stored, .absent:
          break
        }
      }
      do {
        try Self.write(state.identity, to: file, simulatedOpenFailure: simulatedOpenFailure)
        state.waitingForStorage = nil
        return nil
      } catch where Self.isPermissionError(error) {
        return nil
      } catch {
        return error
      }
    }
  }

  /// What reading the identity's file found.
  private enum ReadResult {
    case stored(Identity)
    /// No file, or one that does not decode: a new identity is made.
    case absent
    /// The file exists and may not be read yet (Data Protection).
    case notPermitted
  }

  /// Without Data Protection, a file that may not be read is `absent`: the write that follows fails, and
  /// says why.
  private static func read(
    _ file: URL, simulatedOpenFailure: (@Sendable (String) -> Int32?)?, hasDataProtection: Bool
  ) -> ReadResult {
    if simulatedOpenFailure?(file.deletingLastPathComponent().path) != nil {
      return hasDataProtection ? .notPermitted : .absent
    }
    do {
      let data = try Data(contentsOf: file)
      guard let stored = try? JSONDecoder().decode(Identity.self, from: data) else { return .absent }
      return .stored(stored)
    } catch {
      return hasDataProtection && isPermissionError(error) ? .notPermitted : .absent
    }
  }

  /// Whether Foundation's error is a denied permission: Data Protection's, before the first unlock.
  private static func isPermissionError(_ error: any Error) -> Bool {
    if let cocoa = error as? CocoaError, [.fileReadNoPermission, .fileWriteNoPermission].contains(cocoa.code) {
      return true
    }
    let ns = error as NSError
    if ns.domain == NSPOSIXErrorDomain, ns.code == Int(EPERM) || ns.code == Int(EACCES) { return true }
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
      return underlying.domain == NSPOSIXErrorDomain && (underlying.code == Int(EPERM) || underlying.code == Int(EACCES))
    }
    return false
  }

  /// The `errno` of Foundation's error, or of the error under it.
  private static func posixCode(of error: any Error) -> Int32? {
    let ns = error as NSError
    let posix = ns.domain == NSPOSIXErrorDomain ? ns : ns.userInfo[NSUnderlyingErrorKey] as? NSError
    guard let posix, posix.domain == NSPOSIXErrorDomain else { return nil }
    return Int32(exactly: posix.code)
  }

  /// The identity and what the module derived from it, read together.
  @inlinable package var current: (identity: Identity, derived: Derived) {
    state.withLock { ($0.identity, $0.derived) }
  }

  /// Changes the identity in one step; when it changed, derives again and writes the file.
  ///
  /// A failed write keeps the new identity in memory (so this launch stays consistent) and is returned as
  /// the error for the caller to report.
  @discardableResult
  package func update(_ body: (inout Identity) -> Void) -> (any Error)? {
    // The file is written under the lock so that two racing changes reach the disk in the order they were
    // made; identity changes are rare (sign-in, sign-out), so holding the lock for a small write is fine.
    state.withLock { state in
      var identity = state.identity
      body(&identity)
      guard identity != state.identity else { return nil }
      let previous = state.identity
      state.identity = identity
      state.derived = derive(identity)
      guard let file else { return nil }
      if state.waitingForStorage != nil {
        // Written once the file can be opened; writing now could replace a saved identity not read yet.
        // Only a change of who the user is wins over it: the session of a temporary id does not.
        let sameUser = previous.anonymousId == identity.anonymousId && previous.userId == identity.userId
          && previous.userProperties == identity.userProperties
        if !sameUser { state.waitingForStorage?.changed = true }
        return nil
      }
      do {
        try Self.write(identity, to: file, simulatedOpenFailure: simulatedOpenFailure)
        return nil
      } catch {
        return error
      }
    }
  }

  /// Derives again from the unchanged identity: the module's cached fields also depend on something else
  /// that changed (the ``TrackingContext``).
  package func refreshDerived() {
    state.withLock { $0.derived = derive($0.identity) }
  }

  /// Forgets the user id and the user properties and starts a new anonymous id (logout, "delete my
  /// data"), so the next events can't be linked to the previous user; writes the file.
  @discardableResult
  package func reset() -> (any Error)? {
    update { $0 = Identity(anonymousId: RecordID().uuidString) }
  }

  private static func write(
    _ identity: Identity, to file: URL, simulatedOpenFailure: (@Sendable (String) -> Int32?)?
  ) throws {
    let directory = file.deletingLastPathComponent()
    if let code = simulatedOpenFailure?(directory.path) {
      throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
    }
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    DataProtection.protectDirectory(directory.path)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var options: Data.WritingOptions = [.atomic]
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      // Readable in the background once the device was unlocked after a restart, like the queue's files.
      options.insert(.completeFileProtectionUntilFirstUserAuthentication)
    #endif
    try encoder.encode(identity).write(to: file, options: options)
    try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
  }
}

/// A vendor session as it is saved with the identity (`identity.json`), so that a relaunch within the
/// timeout continues it (see ``VendorSession``).
package struct SavedSession: Sendable, Hashable, Codable {
  /// The number the vendor receives: the session's start in the vendor's unit (GA4 seconds, Amplitude
  /// milliseconds), increasing from one session to the next.
  package var id: Int
  /// The session's UUID, for vendors that send one (PostHog: a version 7 UUID); `nil` otherwise.
  package var uuid: String?
  /// When the session started; `nil` in files saved before it was kept (the session then has no
  /// maximum length).
  package var start: Date?
  /// The time of the session's latest activity the module saved (it may save it less often than every
  /// event, to keep file writes off the hot path).
  package var lastActivity: Date
  /// Whose session it is: the anonymous id and user id of its events, so that an identity change made
  /// after the last event (a sign-out before quitting) still ends the session on relaunch when the rules
  /// say so; `nil` in files saved before the owner was kept.
  package var anonymousId: String?
  /// The user id of the session's events (see ``anonymousId``).
  package var userId: String?

  /// Creates a saved session.
  package init(
    id: Int, uuid: String? = nil, start: Date? = nil, lastActivity: Date, anonymousId: String? = nil,
    userId: String? = nil
  ) {
    self.id = id
    self.uuid = uuid
    self.start = start
    self.lastActivity = lastActivity
    self.anonymousId = anonymousId
    self.userId = userId
  }
}
