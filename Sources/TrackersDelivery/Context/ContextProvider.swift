import Foundation
import Trackers

/// Holds the ``TrackingContext`` the vendor modules attach to every event, and tells them when it changes,
/// so that each re-encodes its context fields once per change rather than once per event.
///
/// Every vendor module's configuration takes one (`context`, ``shared`` by default). An app overrides what
/// it knows better; a test pins a fixed context so that its assertions never depend on the machine:
///
/// ```swift
/// // At launch: the live context, with the app's own name.
/// let context = ContextProvider.live { $0.app.name = "Shop" }
///
/// // In a test: nothing read from the machine.
/// let pinned = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
/// ```
public final class ContextProvider: Sendable {
  private struct State: Sendable {
    var context: TrackingContext
    var observers: [UInt64: @Sendable (TrackingContext) -> Void] = [:]
    var nextObserverID: UInt64 = 0
  }

  private let gather: (@Sendable () -> TrackingContext)?
  private let state: LockIsolated<State>

  /// A provider of a fixed context, which a return to the foreground keeps; ``update(_:)`` still changes it.
  public init(_ context: TrackingContext) {
    self.gather = nil
    self.state = LockIsolated(State(context: context))
  }

  /// A provider that reads the context from the system now and again on each return to the foreground
  /// (``ApplicationLifecycle/enteredForeground()``), then applies
  /// `overrides`: the app's own name or version where the bundle has none (a command-line tool, Linux).
  ///
  /// ```swift
  /// let context = ContextProvider.live { $0.app.name = "Shop"; $0.app.version = "2.1.0" }
  /// ```
  public static func live(_ overrides: @escaping @Sendable (inout TrackingContext) -> Void = { _ in }) -> ContextProvider {
    ContextProvider(gather: {
      var context = TrackingContext.gathered()
      overrides(&context)
      return context
    })
  }

  /// The process's live context, read once at first use: what every vendor module uses unless its
  /// configuration names another provider.
  public static let shared = ContextProvider.live()

  private init(gather: @escaping @Sendable () -> TrackingContext) {
    self.gather = gather
    self.state = LockIsolated(State(context: gather()))
  }

  /// The context now.
  public var current: TrackingContext {
    state.withLock { $0.context }
  }

  /// Reads the system again (a live provider) and tells the observers if anything changed; the
  /// application lifecycle calls it when the app comes to the foreground, the locale or time zone may have
  /// changed meanwhile. A screen size set with ``update(_:)`` is kept.
  package func refresh() {
    guard let gather else { return }
    var gathered = gather()
    update { context in
      if gathered.screen == nil { gathered.screen = context.screen }
      context = gathered
    }
  }

  /// Changes the context and tells the observers, if it changed.
  ///
  /// ```swift
  /// context.update { $0.screen = .init(width: 393, height: 852) }
  /// ```
  public func update(_ body: (inout TrackingContext) -> Void) {
    let (context, observers) = state.withLock { state -> (TrackingContext?, [@Sendable (TrackingContext) -> Void]) in
      var context = state.context
      body(&context)
      guard context != state.context else { return (nil, []) }
      state.context = context
      return (context, Array(state.observers.values))
    }
    guard let context else { return }
    for observer in observers { observer(context) }
  }

  /// Calls `onChange` with each new context, on the thread that changed it, until ``removeObserver(_:)``.
  ///
  /// - Returns: the token that removes the observer.
  package func observe(_ onChange: @escaping @Sendable (TrackingContext) -> Void) -> UInt64 {
    state.withLock { state in
      defer { state.nextObserverID += 1 }
      state.observers[state.nextObserverID] = onChange
      return state.nextObserverID
    }
  }

  /// Stops calling the observer that ``observe(_:)`` returned `token` for.
  package func removeObserver(_ token: UInt64) {
    state.withLock { _ = $0.observers.removeValue(forKey: token) }
  }
}
