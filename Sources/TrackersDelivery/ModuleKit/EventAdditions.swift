import Foundation
import Trackers

/// What a vendor module's ``VendorPipeline`` adds to later events: the super properties registered with
/// ``Trackers/AnalyticsData/superProperties(_:)`` and the timers started with
/// ``Trackers/AnalyticsData/timeEvent(name:)``. Mixpanel's and PostHog's SDKs are the model.
///
/// Every vendor environment has one, which only the pipeline uses: the live environment keeps its super
/// properties in `super-properties.json` in its storage directory, so they survive a relaunch; the others
/// keep them in memory, so a test that swaps `Current.send` for a recorder sees the merged events. Timers
/// are kept in memory: a relaunch forgets them, as the SDKs' timers do. A module sees only
/// ``registrationEventName``, the name a registration is validated under; the rest is this package's:
///
/// ```swift
/// let additions = EventAdditions(now: { clock.now })
/// additions.apply(.register(["theme": "dark"]))
/// additions.startTimer(for: "Order Completed")
/// additions.adding(to: "Order Completed", durationKey: "duration")
/// // event Order Completed {"duration": 12.5, "theme": "dark"}
/// ```
public final class EventAdditions: Sendable {
  private struct State: Sendable {
    var superProperties: AnalyticsData.Properties = [:]
    var timers: [String: Date] = [:]
    /// Who the super properties registered for the signed-in user belong to, and their names.
    var scope = UserScope()
    var isEmpty: Bool { superProperties.isEmpty && timers.isEmpty }
  }

  /// The super properties registered with ``Trackers/SuperPropertyOperation/registerForUser(_:)``: their
  /// names, and a digest of the user id they belong to (`nil` before a sign-in), kept in
  /// `super-properties-user.json` beside the super properties, so a relaunch still forgets them at sign-out.
  private struct UserScope: Codable, Hashable, Sendable {
    var names: Set<String> = []
    /// A digest (XXH64) rather than the id: the file need not hold the user's id.
    var user: UInt64?
  }

  /// The file the super properties are kept in, or `nil` in memory.
  package let file: URL?
  /// The file the names of the user's super properties are kept in, beside ``file``.
  private var scopeFile: URL? {
    file?.deletingLastPathComponent().appendingPathComponent("super-properties-user.json", isDirectory: false)
  }
  private let now: @Sendable () -> Date
  private let state: LockIsolated<State>

  /// Additions kept in memory, with the clock that times events.
  package init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.file = nil
    self.now = now
    self.state = LockIsolated(State())
  }

  /// Additions whose super properties are kept in `super-properties.json` in `directory`, continuing
  /// those saved there. A file that can't be read (missing, damaged, not yet readable before the first
  /// unlock) starts with none: super properties are a convenience the app registers again at launch, not
  /// data the user would miss.
  package init(directory: URL, now: @escaping @Sendable () -> Date) {
    let file = directory.appendingPathComponent("super-properties.json", isDirectory: false)
    self.file = file
    self.now = now
    var state = State()
    if let data = try? Data(contentsOf: file),
      let saved = try? JSONDecoder().decode(AnalyticsData.Properties.self, from: data)
    {
      state.superProperties = saved
    }
    let scopeFile = directory.appendingPathComponent("super-properties-user.json", isDirectory: false)
    if let data = try? Data(contentsOf: scopeFile), var scope = try? JSONDecoder().decode(UserScope.self, from: data) {
      // Only names still registered: the scope is written first, so a crash between the writes leaves extra names.
      scope.names.formIntersection(state.superProperties.keys)
      state.scope = scope
    }
    self.state = LockIsolated(state)
  }

  /// The registered super properties.
  package var superProperties: AnalyticsData.Properties {
    state.withLock { $0.superProperties }
  }

  /// The name of the event ``VendorPipeline`` validates a registration as: the super properties the
  /// registration would leave, as the properties of an event of this name (valid for every vendor), so
  /// that a vendor's property rules (names, values, how many) refuse it once, at registration, rather than
  /// every later event. A module's rules can recognise it to refuse what only one event may carry (a
  /// Mixpanel `$insert_id`).
  public static let registrationEventName = "super_properties"

  /// The super properties `operation` would leave, without applying it.
  package func superProperties(after operation: SuperPropertyOperation) -> AnalyticsData.Properties {
    var properties = superProperties
    Self.apply(operation, to: &properties)
    return properties
  }

  private static func apply(_ operation: SuperPropertyOperation, to properties: inout AnalyticsData.Properties) {
    var names = Set<String>()
    apply(operation, to: &properties, userScoped: &names)
  }

  /// Applies `operation` to `properties`, and to the names of those that belong to the signed-in user.
  private static func apply(
    _ operation: SuperPropertyOperation, to properties: inout AnalyticsData.Properties, userScoped: inout Set<String>
  ) {
    switch operation {
    case let .register(new):
      properties.merge(new) { _, new in new }
      userScoped.subtract(new.keys)
    case let .registerOnce(new):
      // A name registered already keeps its value and its lifetime.
      properties.merge(new) { old, _ in old }
    case let .registerForUser(new):
      properties.merge(new) { _, new in new }
      userScoped.formUnion(new.keys)
    case let .unregister(name):
      properties[name] = nil
      userScoped.remove(name)
    case .unregisterAll:
      properties = [:]
      userScoped = []
    }
  }

  /// Applies a super-property operation (Mixpanel's `register`, `register_once`, `unregister`) and saves
  /// the result; returns the error of a failed save (the change holds in memory).
  @discardableResult
  package func apply(_ operation: SuperPropertyOperation) -> (any Error)? {
    // Saved under the lock, so that two racing changes reach the disk in the order they were made;
    // registering is rare (launch, a setting changed).
    state.withLock { state in
      let before = state
      Self.apply(operation, to: &state.superProperties, userScoped: &state.scope.names)
      return save(state, after: before)
    }
  }

  /// Saves what changed between `before` and `state`: the user's names first, so that a crash between
  /// the two writes leaves a name too many (ignored at load), never a user's property without its scope.
  private func save(_ state: State, after before: State) -> (any Error)? {
    guard let file, let scopeFile else { return nil }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      if state.scope != before.scope {
        if state.scope == UserScope() {
          try? FileManager.default.removeItem(at: scopeFile)
        } else {
          try PrivateFile.write(try encoder.encode(state.scope), to: scopeFile)
        }
      }
      if state.superProperties != before.superProperties {
        try PrivateFile.write(try encoder.encode(state.superProperties), to: file)
      }
      return nil
    } catch {
      return error
    }
  }

  /// The user changed (``Trackers/AnalyticsData/userId(_:)``, which ``VendorPipeline`` passes here): a
  /// sign-out (`nil`) or a sign-in as someone other than the user the super properties registered with
  /// ``Trackers/SuperPropertyOperation/registerForUser(_:)`` belong to forgets those; a sign-in after
  /// none makes them the new user's. Returns the error of a failed save (the change holds in memory).
  @discardableResult
  public func userChanged(to userId: String?) -> (any Error)? {
    let user = userId.map { XXH64.hash(Array($0.utf8)) }
    return state.withLock { state in
      let before = state
      if user == nil || (state.scope.user != nil && state.scope.user != user) {
        for name in state.scope.names { state.superProperties[name] = nil }
        state.scope.names = []
      }
      state.scope.user = user
      return save(state, after: before)
    }
  }

  /// Starts (or restarts) the timer of the event named `name`, now.
  package func startTimer(for name: String) {
    let date = now()
    state.withLock { $0.timers[name] = date }
  }

  /// Forgets every super property and timer (a privacy reset: "delete my data"), and whose user's super
  /// properties they were; returns the error of a failed save.
  @discardableResult
  package func removeAll() -> (any Error)? {
    state.withLock { state in
      let before = state
      state.timers = [:]
      state.superProperties = [:]
      state.scope = UserScope()
      return save(state, after: before)
    }
  }

  /// `data` with the super properties merged into its properties (its own win) and, when a timer runs
  /// for its name, the seconds since the timer started under `durationKey` (the timer stops). Cases
  /// without properties of their own (identity, profile, group, lifecycle) are returned as they are:
  /// ``VendorPipeline`` adds the super properties to a lifecycle event in the vendor's form of it.
  package func adding(to data: AnalyticsData, durationKey: String) -> AnalyticsData {
    added(to: data, durationKey: durationKey) ?? data
  }

  /// ``adding(to:durationKey:)``, or `nil` when there is nothing to add (nothing registered, no timer for
  /// its name): the pipeline's path, which then keeps the event it was given rather than a copy.
  package func added(to data: AnalyticsData, durationKey: String) -> AnalyticsData? {
    added(to: data, timedAs: data, durationKey: durationKey)
  }

  /// ``added(to:durationKey:)`` with the timer found by the name of `given`, the event as the app gave it
  /// before the environment's ``VendorEnvironment/adaptation`` renamed `data`.
  @usableFromInline
  func added(to data: AnalyticsData, timedAs given: AnalyticsData, durationKey: String) -> AnalyticsData? {
    additions(for: data, timedAs: given, durationKey: durationKey).map { data.adding($0) }
  }

  /// The super properties a lifecycle event carries, or `nil` when none are registered. Only those: a timer
  /// is for the named event the app times, and the app does not send lifecycle events by name.
  /// ``Trackers/AnalyticsData/lifecycle(_:)`` has no properties of its own to merge them into, so
  /// ``VendorPipeline`` adds them to the vendor's form of the event.
  @usableFromInline
  func superPropertiesForLifecycle() -> AnalyticsData.Properties? {
    state.withLock { $0.superProperties.isEmpty ? nil : $0.superProperties }
  }

  /// `data` (an event about an ``Trackers/EventSubject``) with the super properties registered for the whole
  /// app merged in (its own win), or `nil` when there are none: not those registered for the signed-in
  /// user (``Trackers/SuperPropertyOperation/registerForUser(_:)``), who is not the subject, and no timer
  /// is read or stopped.
  package func addedAppWide(to data: AnalyticsData) -> AnalyticsData? {
    let appWide = state.withLock { state -> AnalyticsData.Properties? in
      guard !state.superProperties.isEmpty else { return nil }
      guard !state.scope.names.isEmpty else { return state.superProperties }
      let properties = state.superProperties.filter { !state.scope.names.contains($0.key) }
      return properties.isEmpty ? nil : properties
    }
    return appWide.map { data.adding($0) }
  }

  /// What to add to `data`, or `nil` for nothing; stops the timer of `given`'s name.
  private func additions(
    for data: AnalyticsData, timedAs given: AnalyticsData, durationKey: String
  ) -> AnalyticsData.Properties? {
    switch data {
    case .event, .screen, .error, .standard: break
    default: return nil
    }
    return state.withLock { state -> AnalyticsData.Properties? in
      guard !state.isEmpty else { return nil }
      var additions = state.superProperties
      if !state.timers.isEmpty, let name = given.name, let start = state.timers.removeValue(forKey: name) {
        // A clock set back gives 0, never a negative duration.
        additions[durationKey] = .double(max(0, now().timeIntervalSince(start)))
      }
      return additions.isEmpty ? nil : additions
    }
  }
}
