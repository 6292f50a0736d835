import Trackers

/// Hands each accepted order from the connection threads to one task that tracks it, so a request never
/// waits for tracking, and tracking runs where the server was started: the vendor modules' `Current`
/// is read there (a test's isolated one included, which a thread the server starts would not see).
///
/// The backlog is bounded: an order that finds it full is refused at once (503), never silently lost.
final class OrderTracking: Sendable {
  private struct Order: Sendable {
    var request: OrderRequest
    var client: ClientInfo
  }

  private let continuation: AsyncStream<Order>.Continuation
  private let task: Task<Void, Never>

  /// Starts the tracking task: `track` is called for each submitted order, in order, on it.
  init(backlog: Int, track: @escaping @Sendable (OrderRequest, ClientInfo) -> Void) {
    let (orders, continuation) = AsyncStream.makeStream(of: Order.self, bufferingPolicy: .bufferingOldest(backlog))
    self.continuation = continuation
    task = Task {
      for await order in orders { track(order.request, order.client) }
    }
  }

  /// Queues `order` for tracking; `false` when the backlog is full or tracking has finished.
  func submit(_ order: OrderRequest, from client: ClientInfo) -> Bool {
    if case .enqueued = continuation.yield(Order(request: order, client: client)) { return true }
    return false
  }

  /// Takes no more orders, and returns once every queued one was tracked.
  func finish() async {
    continuation.finish()
    await task.value
  }
}
