import Testing
import Trackers
@testable import ShopServer

/// The hand-over from the connection threads to the tracking task.
@Suite struct OrderTrackingTests {
  @Test func ordersAreTrackedInTheOrderSubmittedAndNoneAfterFinish() async {
    let tracked = LockIsolated<[String]>([])
    let tracking = OrderTracking(backlog: 10) { order, client in
      tracked.withLock { $0.append("\(order.orderId) \(client.ip ?? "-")") }
    }
    let client = ClientInfo(ip: "203.0.113.1", userAgent: nil)
    for number in 0..<5 {
      #expect(tracking.submit(OrderRequest(userId: "u", orderId: "o-\(number)", total: 1, currency: "EUR"), from: client))
    }
    await tracking.finish()
    #expect(tracked.withLock { $0 } == (0..<5).map { "o-\($0) 203.0.113.1" })
    // Stopped: refused at once (the server answers 503), never queued and lost.
    #expect(!tracking.submit(OrderRequest(userId: "u", orderId: "late", total: 1, currency: "EUR"), from: client))
    #expect(tracked.withLock { $0.count } == 5)
  }
}
