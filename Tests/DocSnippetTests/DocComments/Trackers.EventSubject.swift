// The Swift blocks of Sources/Trackers/EventSubject.swift, compiled: see DocSnippetTests.swift.
import Trackers

/// What a server's request handler has at hand, as the examples name it.
private struct Order { var userId: String; var id: String }
private struct Request { var clientIP: String?; var userAgent: String? }
private struct User { var id: String }
private struct OrderBody { var userId: String; var orderId: String }

private func eventSubjects(
  order: Order, request: Request, user: User, body: OrderBody, context: RequestContext,
  track: @escaping Tracker<AnalyticsData>, appTracker: @escaping Tracker<AnalyticsData>,
  handle: @escaping (Request) async throws -> Void
) {
  compile {
    // snippet: Sources/Trackers/EventSubject.swift#1
    let subject = EventSubject(
      userId: order.userId,
      context: RequestContext(ip: request.clientIP, userAgent: request.userAgent))
    withEventSubject(subject) {
      track(.event(name: "Order Completed", properties: ["order_id": .string(order.id)]))
    }
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/EventSubject.swift#2
    withEventSubject(EventSubject(userId: "user-42")) {
      track(.event(name: "Report Exported"))
    }
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/EventSubject.swift#3
    try await withEventSubject(EventSubject(userId: user.id, context: context)) {
      try await handle(request)
    }
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/EventSubject.swift#4
    let track = about(EventSubject(userId: body.userId, context: context), appTracker)
    track(.event(name: "Order Completed", properties: ["order_id": .string(body.orderId)]))
    // end snippet
  }
}
