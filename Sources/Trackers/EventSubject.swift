import Foundation

/// Who an event is about when it is not the app's own user: on a server, the user a request came from.
///
/// A vendor module keeps one identity (the app's user, persisted in its storage directory). A server
/// handles many users at once, so each event names its own: bind a subject around the tracking code with
/// ``withEventSubject(_:operation:)-(_,()throws->R)`` or wrap a tracker with ``about(_:_:)``, and every
/// vendor module sends the events tracked there with the subject's ids, timestamp and request context.
///
/// ```swift
/// let subject = EventSubject(
///   userId: order.userId,
///   context: RequestContext(ip: request.clientIP, userAgent: request.userAgent))
/// withEventSubject(subject) {
///   track(.event(name: "Order Completed", properties: ["order_id": .string(order.id)]))
/// }
/// ```
///
/// An event with a subject never reads or changes what the module stores about the app's user: its ids,
/// session, the super properties registered for the user, its timers. Two requests for two users on two
/// threads each send their own ids. Only events, screens, errors and standard events can have a subject;
/// an identity change, a user property, a super-property registration, a timer or a lifecycle event
/// tracked under a subject is refused as invalid (rule `subject-event-kind`), and so is a subject with
/// neither ``userId`` nor ``anonymousId`` (rule `subject-id-required`). Super properties registered for
/// the whole app (``SuperPropertyOperation/register(_:)``) are added to a subject's events; those
/// registered for the signed-in user (``SuperPropertyOperation/registerForUser(_:)``) are not.
public struct EventSubject: Sendable, Hashable {
  /// The user's id in your system, or `nil` for an anonymous visitor.
  public var userId: String?
  /// The visitor's anonymous id (a cookie's, a device's), or `nil`. GA4 requires it: it becomes
  /// `client_id` (see the GoogleAnalyticsTracker module's documentation).
  public var anonymousId: String?
  /// When the event happened; `nil` stamps it with the module's clock when it is tracked.
  public var timestamp: Date?
  /// What the request tells about the client: its IP address, user agent, locale.
  public var context: RequestContext

  /// Creates a subject; give it a ``userId``, an ``anonymousId`` or both.
  public init(
    userId: String? = nil, anonymousId: String? = nil, timestamp: Date? = nil, context: RequestContext = RequestContext()
  ) {
    self.userId = userId
    self.anonymousId = anonymousId
    self.timestamp = timestamp
    self.context = context
  }

  /// The subject bound to the running code by ``withEventSubject(_:operation:)-(_,()throws->R)`` (or an
  /// ``about(_:_:)`` tracker), or `nil`: what a vendor module reads when an event is tracked.
  public static var current: EventSubject? { Binding.current?.subject }

  /// The task-local holding the subject, kept internal so that only ``withEventSubject(_:operation:)-(_,()throws->R)``
  /// and ``about(_:_:)`` bind it (a public `@TaskLocal` would publish its `$current.withValue` too). With
  /// nothing bound, an app's every event, reading it finds `nil` and copies nothing.
  enum Binding {
    /// The subject behind one reference: `TaskLocal.get` copies what it returns through the generic value
    /// witnesses of its type on every read, and each module reads it on every event (issue 41).
    final class Box: Sendable {
      let subject: EventSubject
      init(_ subject: EventSubject) { self.subject = subject }
    }

    @TaskLocal static var current: Box?
  }

  /// The rule a subject breaks, or `nil`: a subject needs a user id or an anonymous id, or its events would
  /// belong to nobody.
  package var issue: String? {
    guard userId?.isEmpty ?? true, anonymousId?.isEmpty ?? true else { return nil }
    return "an event about a subject needs the subject's userId or anonymousId (rule subject-id-required); "
      + "this one has neither"
  }
}

/// What a server knows about the client a request came from, sent with the events of an ``EventSubject``
/// where the vendor has a field for it (Segment `context.ip`, Mixpanel `ip`, PostHog `$ip`, Amplitude `ip`,
/// GA4 `ip_override`; see each module's documentation).
///
/// ```swift
/// RequestContext(ip: "203.0.113.9", userAgent: "Mozilla/5.0 ...", locale: "fr-FR")
/// ```
public struct RequestContext: Sendable, Hashable {
  /// The client's IP address (the first of `X-Forwarded-For` behind a proxy), or `nil`. Given, it is sent
  /// and the vendor locates the event by it whatever the module's `ipLocation` option says (that option is
  /// about the address requests come from, a server's own); `nil`, `ipLocation` applies as for any event.
  public var ip: String?
  /// The client's `User-Agent` header, or `nil`.
  public var userAgent: String?
  /// The client's preferred language as a BCP 47 tag ("fr-FR", from `Accept-Language`), or `nil`.
  public var locale: String?
  /// The URL of the page or screen the request came from (`Referer`), or `nil`: Segment `context.page.url`.
  public var pageURL: String?

  /// Creates a request context; what you leave out is not sent.
  public init(ip: String? = nil, userAgent: String? = nil, locale: String? = nil, pageURL: String? = nil) {
    self.ip = ip
    self.userAgent = userAgent
    self.locale = locale
    self.pageURL = pageURL
  }
}

/// Runs `operation` with `subject` bound: every event tracked in it, on this task or thread, is about
/// `subject` (see ``EventSubject``). Bindings nest; the innermost wins.
///
/// ```swift
/// withEventSubject(EventSubject(userId: "user-42")) {
///   track(.event(name: "Report Exported"))
/// }
/// ```
@discardableResult
public func withEventSubject<R>(_ subject: EventSubject, operation: () throws -> R) rethrows -> R {
  try EventSubject.Binding.$current.withValue(EventSubject.Binding.Box(subject), operation: operation)
}

/// Runs `operation` with `subject` bound, across its awaits and in the child tasks it starts (a detached
/// task or a dispatch queue leaves it behind): every event tracked in it is about `subject`.
///
/// ```swift
/// try await withEventSubject(EventSubject(userId: user.id, context: context)) {
///   try await handle(request)
/// }
/// ```
@discardableResult
public func withEventSubject<R>(
  _ subject: EventSubject, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
  try await EventSubject.Binding.$current.withValue(EventSubject.Binding.Box(subject), operation: operation, isolation: isolation)
}

/// Runs `operation` with no subject bound, whatever the caller's binding: for what the kit runs on the
/// device's own behalf (a module's lifecycle and heartbeat handlers), which must never read a server's
/// request's subject as the device's.
package func withoutEventSubject<R>(_ operation: () throws -> R) rethrows -> R {
  try EventSubject.Binding.$current.withValue(nil, operation: operation)
}

/// A tracker that tracks each event about `subject`: for code that receives a tracker, a request handler
/// that tracks for its user.
///
/// ```swift
/// let track = about(EventSubject(userId: body.userId, context: context), appTracker)
/// track(.event(name: "Order Completed", properties: ["order_id": .string(body.orderId)]))
/// ```
public func about<Event>(_ subject: EventSubject, _ tracker: @escaping Tracker<Event>) -> Tracker<Event> {
  let box = EventSubject.Binding.Box(subject)
  return { event in
    EventSubject.Binding.$current.withValue(box) { tracker(event) }
  }
}
