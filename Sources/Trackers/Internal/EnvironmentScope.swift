/// One isolation scope's values, keyed by the environment they belong to.
final class EnvironmentScope: Sendable {
  @TaskLocal static var current: EnvironmentScope?

  private struct Entry: Sendable {
    /// Keeps the environment alive for as long as the scope, so its `ObjectIdentifier` can't be reused.
    let owner: any AnyObject & Sendable
    var value: any Sendable
  }

  private let parent: EnvironmentScope?
  private let entries = LockIsolated<[ObjectIdentifier: Entry]>([:])

  init(parent: EnvironmentScope?) {
    self.parent = parent
  }

  func value<Value>(of environment: CurrentEnvironment<Value>) -> Value {
    // Keyed by the environment's identity, whose `setValue` stored a `Value`: the cast always succeeds.
    if let own = entries.withLock({ $0[ObjectIdentifier(environment)] }), let value = own.value as? Value {
      return value
    }
    return parent?.value(of: environment) ?? environment.initialValue
  }

  func setValue<Value>(_ value: Value, of environment: CurrentEnvironment<Value>) {
    entries.withLock { $0[ObjectIdentifier(environment)] = Entry(owner: environment, value: value) }
  }

  func modifyValue<Value, Result>(
    of environment: CurrentEnvironment<Value>,
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    // The parent is read outside this scope's lock: scopes are never locked in a nested order.
    let inherited = parent?.value(of: environment) ?? environment.initialValue
    return try entries.withLock { entries in
      let key = ObjectIdentifier(environment)
      var value = (entries[key]?.value as? Value) ?? inherited
      let result = try body(&value)
      entries[key] = Entry(owner: environment, value: value)
      return result
    }
  }
}
