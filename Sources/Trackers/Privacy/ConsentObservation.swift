/// Keeps a ``ConsentStore/observe(_:)`` handler registered; the handler stops when this is cancelled or
/// released.
///
/// ```swift
/// let observation = consent.observe { state in banner.isHidden = state.status != .unknown }
/// // keep `observation` for as long as you want the calls
/// ```
public final class ConsentObservation: Sendable {
  private let onCancel: LockIsolated<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = LockIsolated(onCancel)
  }

  /// Stops the calls. Calling it again does nothing.
  public func cancel() {
    let onCancel = self.onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    onCancel?()
  }

  deinit {
    cancel()
  }
}
