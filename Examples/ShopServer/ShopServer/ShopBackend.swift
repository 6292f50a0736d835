import Foundation
import ShopApp
import Trackers
import TrackersDelivery

/// The shop's backend: an ``HTTPServer`` whose `POST /orders` tracks `Order Completed` for each order's
/// user, to the vendors the options name, and a ``shutdown()`` that drains it.
///
/// ```swift
/// let backend = try ShopBackend.start(options)
/// // ... serve until SIGTERM ...
/// let summaries = await backend.shutdown()   // prints one summary line per vendor
/// ```
///
/// The vendor modules' `Current` is set when it starts and read by its tracking task, both on the task
/// that calls ``start(_:output:errors:)``: start it inside `withIsolatedEnvironments` to give it its own.
public final class ShopBackend: Sendable {
  /// The port the server listens on (the one the options named, or the free one port 0 got).
  public let port: Int
  private let http: HTTPServer
  private let tracking: OrderTracking
  private let sessions: [VendorRun]
  private let drainDeadline: Duration
  private let started: ContinuousClock.Instant
  private let storage: URL
  private let output: LogSink
  private let stopping = Locked<Task<[ShopSummary], Never>?>(nil)

  /// The most orders waiting for the tracking task before `POST /orders` answers 503.
  static let trackingBacklog = 10_000

  private init(
    http: HTTPServer, tracking: OrderTracking, sessions: [VendorRun], options: ServerOptions, started: ContinuousClock.Instant,
    storage: URL, output: LogSink
  ) {
    self.port = http.port
    self.http = http
    self.tracking = tracking
    self.sessions = sessions
    self.drainDeadline = .seconds(options.drainSeconds)
    self.started = started
    self.storage = storage
    self.output = output
  }

  /// Sets each vendor module live toward the options' endpoint, and starts serving.
  public static func start(
    _ options: ServerOptions, output: LogSink = .standardOutput, errors: LogSink = .standardError
  ) throws -> ShopBackend {
    try start(options, output: output, errors: errors, transport: nil)
  }

  /// As ``start(_:output:errors:)``, over `transport` instead of `URLSessionTransport` when given.
  package static func start(
    _ options: ServerOptions, output: LogSink, errors: LogSink, transport: (any HTTPTransport)?
  ) throws -> ShopBackend {
    guard let endpoint = options.shop.endpoint else { throw ServerOptionsError.missingEndpoint }
    let started = ContinuousClock.now
    let storage = options.shop.storage
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("shop-server-\(UUID().uuidString)", isDirectory: true)
    let consent = ConsentStore(ConsentState(status: .granted))
    let sessions = options.shop.vendors.map { VendorRun(link: .forVendor($0), consent: consent) }
    for session in sessions {
      var settings = VendorLink.LiveSettings(
        endpoint: endpoint,
        storage: storage.appendingPathComponent(session.link.vendor.rawValue, isDirectory: true),
        maxPendingBytes: options.shop.maxPendingBytes,
        onReport: { report in
          if report.isFailure { errors.write("shop-server: \(report)") }
        }
      )
      // A server: no context of this machine and no lifecycle; each event carries its user's subject.
      settings.deployment = .server
      // In memory unless the command line names a directory: what the drain can't send by its deadline is
      // counted as dropped (closedInMemory) instead of waiting on disk for a next start.
      if options.shop.storage == nil {
        settings.queueStorage = .memory(maxEvents: 100_000, maxBytes: options.shop.maxPendingBytes ?? 64 << 20)
      }
      settings.transport = transport
      try session.link.goLive(settings)
    }
    let vendors = combine(sessions.map(\.tracker))
    let tracking = OrderTracking(backlog: trackingBacklog) { order, client in
      track(order, from: client, to: vendors)
    }
    let http = try HTTPServer.start(address: options.address, port: options.port) { request, peer in
      switch Routes.action(for: request, peer: peer) {
      case let .respond(response):
        return response
      case let .trackOrder(order, client):
        return tracking.submit(order, from: client) ? Routes.accepted : Routes.busy
      }
    }
    return ShopBackend(
      http: http, tracking: tracking, sessions: sessions, options: options, started: started, storage: storage,
      output: output)
  }

  /// Tracks `order` as `Order Completed` about its user, from `client`: the event carries the user's id,
  /// anonymous id (the body's, else the `_ga` cookie's: GA4 requires it), IP address and user agent, never
  /// the module's stored identity, so the orders of many users in one process can't mix.
  static func track(_ order: OrderRequest, from client: ClientInfo, to vendors: Tracker<AnalyticsData>) {
    let subject = EventSubject(
      userId: order.userId, anonymousId: order.anonymousId ?? client.gaClientId,
      context: RequestContext(ip: client.ip, userAgent: client.userAgent))
    withEventSubject(subject) { vendors(order.analytics) }
  }

  /// Requests answered so far.
  public var requestsServed: Int { http.requestsServed }

  /// Whether the server still accepts connections: until ``shutdown()`` closed its socket.
  public var isAccepting: Bool { http.isAccepting }

  /// Stops the server and drains it, within the options' `--drain-seconds`: stops accepting, lets the
  /// open connections finish the request they are reading, tracks every order already accepted, flushes
  /// the vendors, then prints and returns one summary line per vendor (what stayed pending is in it).
  ///
  /// What SIGTERM and SIGINT run. Calling it again waits for the same drain.
  @discardableResult
  public func shutdown() async -> [ShopSummary] {
    let task = stopping.withLock { stopping in
      if let stopping { return stopping }
      let task = Task { await drain() }
      stopping = task
      return task
    }
    return await task.value
  }

  private func drain() async -> [ShopSummary] {
    let end = ContinuousClock.now + drainDeadline
    await http.stop(within: drainDeadline)
    await tracking.finish()
    await withTaskGroup(of: Void.self) { group in
      for session in sessions { group.addTask { await Self.flush(session, until: end) } }
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let summaries = sessions.map { $0.summary(elapsedSeconds: seconds) }
    let pending = summaries.reduce(0) { $0 + $1.pending }
    if pending > 0 {
      output.write("shop-server: \(pending) events are still pending in \(storage.path) (the endpoint did not take them in time)")
    }
    for summary in summaries { output.write(summary.line) }
    return summaries
  }

  /// Flushes until nothing is pending or `end` passes, then closes the vendor's queue.
  private static func flush(_ session: VendorRun, until end: ContinuousClock.Instant) async {
    while session.link.counters().delivery.pendingEvents > 0, ContinuousClock.now < end {
      let delivered = session.link.counters().delivery.delivered
      await waitAtMost(min(.seconds(1), end - .now), session.link.flush)
      if session.link.counters().delivery.delivered == delivered { try? await Task.sleep(for: .milliseconds(20)) }
    }
    await session.link.close(max(.milliseconds(100), min(.seconds(1), end - .now)))
  }
}
