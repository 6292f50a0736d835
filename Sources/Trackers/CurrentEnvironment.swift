/// The storage behind a tracker module's mutable `Current` environment, safe under Swift 6 strict
/// concurrency and under parallel tests.
///
/// A tracker module declares its environment once, in a handful of lines:
///
/// ```swift
/// let current = CurrentEnvironment(Environment.mock)
/// public var Current: Environment {
///   get { current.value }
///   set { current.value = newValue }
/// }
/// ```
///
/// Outside any isolation scope, reads and writes hit one process-wide value, guarded by a lock: the app
/// sets `Current = .live(...)` at launch and every thread sees it.
///
/// Inside ``withIsolatedEnvironments(_:)-(()->R)`` (which every test enters through `TrackersTesting`), each
/// `CurrentEnvironment` starts from the value of the enclosing scope (the declared initial value for the
/// outermost scope), and assignments stay inside the scope and the child tasks it starts. So 100 parallel
/// tests can each set `Current.send` without seeing one another.
///
/// - Important: The scope travels as a task-local value. It follows `async let`, task groups and `Task {}`,
///   but not `Task.detached`, a `DispatchQueue` hop or a thread you start: code there sees the
///   process-wide value. Read `Current` before such a hop, or pass the environment along explicitly.
public final class CurrentEnvironment<Value: Sendable>: Sendable {
  /// The value an isolation scope starts from, and the process-wide value until the first assignment.
  package let initialValue: Value
  private let processWide: LockIsolated<Value>

  /// Creates the storage with the value every isolation scope starts from.
  public init(_ initial: Value) {
    self.initialValue = initial
    self.processWide = LockIsolated(initial)
  }

  /// The current value: the innermost isolation scope's, or the process-wide one outside any scope.
  public var value: Value {
    get {
      if let scope = EnvironmentScope.current {
        return scope.value(of: self)
      }
      return processWide.current
    }
    set {
      if let scope = EnvironmentScope.current {
        scope.setValue(newValue, of: self)
      } else {
        processWide.current = newValue
      }
    }
  }

  /// Changes the value in one step, so that concurrent read-modify-writes do not lose one another's
  /// changes.
  ///
  /// ```swift
  /// current.modify { $0.send = recorder.tracker }
  /// ```
  public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if let scope = EnvironmentScope.current {
      return try scope.modifyValue(of: self, body)
    }
    return try processWide.withLock(body)
  }
}

/// Runs `operation` with its own copy of every module's `Current`.
///
/// Each ``CurrentEnvironment`` starts from the enclosing scope's value (its declared initial value in the
/// outermost scope); assignments inside `operation` stay there and in the child tasks it starts, and are gone
/// when it returns.
///
/// ```swift
/// withIsolatedEnvironments {
///   Current.send = recorder.tracker
///   googleAnalyticsTracker(.appLaunched)
/// }
/// ```
public func withIsolatedEnvironments<R>(_ operation: () throws -> R) rethrows -> R {
  try EnvironmentScope.$current.withValue(EnvironmentScope(parent: EnvironmentScope.current)) {
    try operation()
  }
}

/// Runs an asynchronous `operation` with its own copy of every module's `Current`.
///
/// The scope follows structured child tasks (`async let`, task groups) and `Task {}`, but not
/// `Task.detached`.
///
/// ```swift
/// await withIsolatedEnvironments {
///   Current.send = recorder.tracker
///   await model.checkout()
/// }
/// ```
public func withIsolatedEnvironments<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> R
) async rethrows -> R {
  try await EnvironmentScope.$current.withValue(
    EnvironmentScope(parent: EnvironmentScope.current),
    operation: operation
  )
}

/// Tells whether the caller runs inside ``withIsolatedEnvironments(_:)-(()->R)``.
package var isInIsolatedEnvironments: Bool {
  EnvironmentScope.current != nil
}
