import Trackers
import TrackersDelivery

/// The delivery of a server (or any process) as one long-running service: ``run()`` waits until its task is
/// cancelled, then drains every destination within ``shutdownTimeout`` and closes it, and reports what was
/// left and where (``ShutdownSummary``).
///
/// Its shape is swift-service-lifecycle's `Service` (`func run() async throws`, returning once cancelled
/// and drained) without depending on it: an app that uses that package conforms in one line.
///
/// ```swift
/// let trackers = TrackersService(
///   .vendor(MixpanelTracker.Current), .vendor(PostHogTracker.Current),
///   shutdownTimeout: .seconds(10),
///   onShutdown: { summary in print(summary) }
/// )
/// ```
///
/// Records a disk queue could not deliver by the deadline stay in its directory and go out at the next
/// start (``ShutdownSummary/Destination/keptOnDisk``).
public final class TrackersService: Sendable {
  /// One destination the service drains at shutdown: a vendor module's live environment
  /// (``vendor(_:)``), or anything with the same three operations.
  public struct Member: Sendable {
    /// The name in the summary (the module's, "MixpanelTracker").
    package var name: String
    /// Sends what is pending, within `timeout`, then stops: later events are refused and counted.
    package var close: @Sendable (_ timeout: Duration) async -> Void
    /// The destination's queue counters.
    package var counters: @Sendable () -> DeliveryCounters

    /// A member made of its operations.
    public init(
      name: String, close: @escaping @Sendable (_ timeout: Duration) async -> Void,
      counters: @escaping @Sendable () -> DeliveryCounters
    ) {
      self.name = name
      self.close = close
      self.counters = counters
    }

    /// A vendor module's environment, as configured (`MixpanelTracker.Current` after `.live(...)`).
    public static func vendor<Event: VendorEvent>(_ environment: VendorEnvironment<Event>) -> Member {
      Member(
        name: Event.vendorModule.name, close: { await environment.close($0) },
        counters: { environment.counters().delivery })
    }
  }

  /// The destinations, drained together at shutdown.
  package let members: [Member]
  /// How long the drain may take, for all destinations together: what is still unsent then stays where
  /// its queue keeps it.
  package let shutdownTimeout: Duration
  private let onShutdown: (@Sendable (ShutdownSummary) -> Void)?
  private let result = LockIsolated<ShutdownSummary?>(nil)

  /// A service that drains `members` at shutdown.
  /// - Parameters:
  ///   - members: The destinations, each once.
  ///   - shutdownTimeout: How long the drain may take; 5 seconds by default (a container orchestrator
  ///     usually allows 10 to 30 between `SIGTERM` and `SIGKILL`).
  ///   - onShutdown: Receives the summary once ``run()`` has drained, before it returns.
  public convenience init(
    _ members: Member..., shutdownTimeout: Duration = .seconds(5),
    onShutdown: (@Sendable (ShutdownSummary) -> Void)? = nil
  ) {
    self.init(members: members, shutdownTimeout: shutdownTimeout, onShutdown: onShutdown)
  }

  /// A service that drains `members` at shutdown; see ``init(_:shutdownTimeout:onShutdown:)``.
  public init(
    members: [Member], shutdownTimeout: Duration = .seconds(5), onShutdown: (@Sendable (ShutdownSummary) -> Void)? = nil
  ) {
    self.members = members
    self.shutdownTimeout = shutdownTimeout
    self.onShutdown = onShutdown
  }

  /// Runs until the calling task is cancelled, then drains and closes every destination
  /// (``shutdown()``) and returns. Never throws; `throws` is the `Service` shape.
  ///
  /// ```swift
  /// let running = Task { try await trackers.run() }
  /// // ... on SIGTERM:
  /// running.cancel()
  /// try await running.value
  /// ```
  public func run() async throws {
    // A stream nothing yields to and nothing finishes: iterating it returns when the task is cancelled,
    // and not before, with no timer.
    let (untilCancelled, keepOpen) = AsyncStream<Never>.makeStream()
    for await _ in untilCancelled {}
    withExtendedLifetime(keepOpen) {}
    // The drain runs outside the cancelled task: cancellation would end its waits at once.
    let summary = await Task { await self.shutdown() }.value
    onShutdown?(summary)
  }

  /// Drains every destination together for at most ``shutdownTimeout`` and closes them, and returns what
  /// was left where. Called once; a second call finds the queues closed and reports them as they are.
  @discardableResult
  public func shutdown() async -> ShutdownSummary {
    let before = members.map { $0.counters() }
    await withTaskGroup(of: Void.self) { group in
      for member in members {
        group.addTask { await member.close(self.shutdownTimeout) }
      }
    }
    let summary = ShutdownSummary(
      destinations: zip(members, before).map { member, before in
        ShutdownSummary.Destination(name: member.name, before: before, after: member.counters())
      })
    result.withLock { $0 = summary }
    return summary
  }

  /// The summary of the last shutdown, `nil` before one.
  public var summary: ShutdownSummary? { result.withLock { $0 } }
}
