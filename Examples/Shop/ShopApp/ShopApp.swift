import Foundation
import Trackers
import TrackersDelivery

/// The shop example's entry point: parses the command line and runs the journey, the load generator or
/// a drain. `shop`'s `main.swift` is one call to ``run(_:output:errors:)``.
public enum ShopApp {
  /// How long the final flush may go on without delivering anything before `shop` gives up and reports
  /// what is still pending.
  static let flushStall: Duration = .seconds(3)

  /// The shop's version and build, as an app's bundle would state them.
  public static let version = "2.1.0"
  /// The shop's build number.
  public static let build = "142"

  /// What every event says about where it comes from: the system's context, with the shop's own name,
  /// version, build and bundle id (a command-line tool has no bundle to read them from).
  public static let context = ContextProvider.live { context in
    context.app = TrackingContext.App(name: "Shop", version: version, build: build, namespace: "com.example.shop")
  }

  /// Runs `shop` with `arguments` (without the program name) and returns the exit status: 0 on success,
  /// 1 if anything was dropped (or a vendor could not start), 2 for a command line it cannot run.
  public static func run(
    _ arguments: [String],
    output: LogSink = .standardOutput,
    errors: LogSink = .standardError
  ) async -> Int32 {
    await run(arguments, output: output, errors: errors, transport: nil)
  }

  /// As ``run(_:output:errors:)``, live over `transport` instead of `URLSessionTransport` (the shop's tests
  /// script the endpoint in process), and giving up the final flush after `flushStall` without progress;
  /// `configureDelivery` adjusts each vendor's delivery options last (a test puts the queues on its virtual clock).
  package static func run(
    _ arguments: [String], output: LogSink, errors: LogSink, transport: (any HTTPTransport)?,
    flushStall: Duration = ShopApp.flushStall,
    configureDelivery: (@Sendable (inout DeliveryOptions) -> Void)? = nil
  ) async -> Int32 {
    let options: ShopOptions
    do {
      switch try ShopOptions.parse(arguments) {
      case .help:
        output.write(ShopOptions.help)
        return 0
      case let .run(parsed):
        options = parsed
      }
    } catch {
      errors.write("shop: \(error)")
      return 2
    }
    let start = ContinuousClock.now
    let storage = options.storage
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("shop-\(UUID().uuidString)", isDirectory: true)
    let consent: ConsentStore
    do {
      consent = try openConsent(options, storage: storage)
    } catch {
      errors.write("shop: \(error)")
      return 1
    }
    let sessions = options.vendors.map { VendorRun(link: .forVendor($0), consent: consent) }
    // Offline nothing is kept, so every run is an install; live, `lifecycle.json` in the storage tells.
    let lifecycle = ApplicationLifecycle(
      storageDirectory: options.endpoint == nil ? nil : storage, appVersion: version, appBuild: build)
    if let endpoint = options.endpoint {
      guard
        await runLive(
          sessions, endpoint: endpoint, storage: storage, lifecycle: lifecycle, options: options, output: output,
          errors: errors, transport: transport, flushStall: flushStall,
          configureDelivery: configureDelivery)
      else { return 1 }
    } else {
      await runOffline(sessions, lifecycle: lifecycle, output: output)
    }
    let elapsed = (ContinuousClock.now - start).seconds
    for line in sessions.compactMap({ $0.privacyLine() }) { output.write(line) }
    let summaries = sessions.map { $0.summary(elapsedSeconds: elapsed) }
    for summary in summaries { output.write(summary.line) }
    return summaries.contains { $0.dropped > 0 } ? 1 : 0
  }

  /// The user's consent for this run.
  ///
  /// Live, it is kept in `storage/consent.json` and set from the command line before any vendor starts, so
  /// a queue never sends on an answer from an earlier run: `--consent` applies to this run (granted by
  /// default), `--opt-out` is remembered until `--opt-in`. Offline, nothing is kept and consent is granted.
  static func openConsent(_ options: ShopOptions, storage: URL) throws -> ConsentStore {
    guard options.endpoint != nil else { return ConsentStore(ConsentState(status: .granted)) }
    try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
    let consent = try ConsentStore(contentsOf: storage.appendingPathComponent("consent.json"))
    consent.update { state in
      state.status = options.consent
      if options.optOut { state.isOptedOut = true }
      if options.optIn { state.isOptedOut = false }
    }
    return consent
  }

  /// Every vendor prints what it would receive, or why it refuses it; nothing is sent. The journey runs
  /// on its scripted clock, so every run prints the same.
  static func runOffline(_ sessions: [VendorRun], lifecycle: ApplicationLifecycle, output: LogSink) async {
    let clock = Journey.ScriptedClock()
    for session in sessions {
      session.link.printOffline(
        output, "      " + session.link.vendor.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0), clock.now)
    }
    output.write("shop: the scripted journey, offline. Each feature event, then what it means to analytics (->),")
    output.write("then one line per vendor: what that vendor would receive, or why it sends nothing.")
    playJourney(into: sessions, lifecycle: lifecycle, output: output, clock: clock)
    output.write("lifecycle: entered background")
    await lifecycle.enteredBackground()
    output.write("")
  }

  /// Delivers the journey, the load or what is pending to `endpoint`, then flushes (bounded) and closes.
  /// Returns `false` if a vendor could not start.
  static func runLive(
    _ sessions: [VendorRun], endpoint: URL, storage: URL, lifecycle: ApplicationLifecycle, options: ShopOptions,
    output: LogSink, errors: LogSink, transport: (any HTTPTransport)?, flushStall: Duration,
    configureDelivery: (@Sendable (inout DeliveryOptions) -> Void)? = nil
  ) async -> Bool {
    for session in sessions {
      var settings = VendorLink.LiveSettings(
        endpoint: endpoint,
        storage: storage.appendingPathComponent(session.link.vendor.rawValue, isDirectory: true),
        maxPendingBytes: options.maxPendingBytes,
        privacy: session.consent.registry,
        lifecycle: lifecycle,
        onReport: { report in
          // An operation the vendor does not have is refused by design: said, not an error.
          if Refusals.isByDesign(report) {
            output.write("shop: \(session.link.vendor): \(Refusals.line(report))")
          } else if report.isFailure {
            errors.write("shop: \(report)")
          }
        }
      )
      settings.transport = transport
      settings.configureDelivery = configureDelivery
      settings.compressesRequestBodies = !options.plainBodies
      do {
        try session.link.goLive(settings)
      } catch {
        errors.write("shop: \(session.link.vendor) could not start: \(error)")
        return false
      }
      // Registering purged what a refused destination had pending (opted out, or denied): no request went
      // out first, the queue asks consent before each one. Later events are counted, never queued.
    }
    if options.drain {
      output.write("shop: draining what is pending in \(storage.path) to \(endpoint.absoluteString)")
    } else if let eventCount = options.eventCount {
      generateLoad(eventCount, into: sessions, output: output)
    } else {
      playJourney(into: sessions, lifecycle: lifecycle, output: output)
      // The user leaves: "Application Backgrounded", then every vendor queue flushes.
      output.write("lifecycle: entered background")
      await lifecycle.enteredBackground()
    }
    await withTaskGroup(of: Void.self) { group in
      for session in sessions { group.addTask { await session.finish(stall: flushStall) } }
    }
    let waiting = sessions.filter { !$0.maySend }.reduce(0) { $0 + $1.link.counters().delivery.pendingEvents }
    let pending = sessions.reduce(0) { $0 + $1.link.counters().delivery.pendingEvents } - waiting
    if waiting > 0 {
      errors.write(
        "shop: \(waiting) events wait in \(storage.path) for the user's consent (--consent \(options.consent)); none "
          + "was sent. To send them once the user agrees, run: shop --endpoint \(endpoint.absoluteString) --storage "
          + "\(storage.path) --consent granted --drain")
    }
    if pending > 0 {
      errors.write(
        "shop: \(pending) events are still pending in \(storage.path) (the endpoint did not take them in time). "
          + "To send them, run: shop --endpoint \(endpoint.absoluteString) --storage \(storage.path) --drain")
    }
    return true
  }

  /// The root composition over the sessions' measured trackers. With `now`, the journey's clock, every
  /// event, screen, error and standard event also carries `session_seconds`, the seconds since the root was
  /// made, computed as the event passes (``Trackers/enriching(_:with:)``): the vendors and the journey's log
  /// see the same value.
  static func rootTracker(
    _ sessions: [VendorRun], log: LogSink?, now: (@Sendable () -> Date)? = nil
  ) -> Tracker<ShopEvent> {
    let vendors = combine(sessions.map(\.tracker))
    var logged = log.map { sink in logging(vendors, to: sink, format: journeyLine) } ?? vendors
    if let now {
      let start = now()
      logged = enriching(logged) { ["session_seconds": .double(now().timeIntervalSince(start))] }
    }
    return shopTracker(vendors: logged, logFeatureEvents: log)
  }

  /// What the journey prints for a value before the vendors' lines: `  -> ` and the value; for what each
  /// vendor's pipeline keeps instead of sending (super properties, timers), also what becomes of it, since
  /// no vendor line follows.
  static func journeyLine(_ data: AnalyticsData) -> String {
    switch data {
    case .superProperties:
      "  -> \(data)   (kept by each vendor, merged into every later event; nothing sent)"
    case let .timeEvent(name):
      "  -> \(data)   (kept by each vendor: the next \"\(name)\" carries its duration; nothing sent)"
    default:
      "  -> \(data)"
    }
  }

  /// Launches the app through `lifecycle` ("Application Installed" on a fresh storage, "Updated" after
  /// another version, then "Opened"), then plays the journey.
  static func playJourney(
    into sessions: [VendorRun], lifecycle: ApplicationLifecycle, output: LogSink, clock: Journey.ScriptedClock? = nil
  ) {
    let vendors = combine(sessions.map(\.tracker))
    output.write("lifecycle: launched")
    lifecycle.launched(tracking: logging(vendors, to: output) { "  -> \($0)" })
    var now: @Sendable () -> Date = { Date() }
    if let clock { now = { clock.now() } }
    Journey.play(into: rootTracker(sessions, log: output, now: now), log: output, clock: clock)
  }

  /// Tracks `count` synthetic events as fast as possible, reporting progress after every 1,000.
  static func generateLoad(_ count: Int, into sessions: [VendorRun], output: LogSink) {
    let track = rootTracker(sessions, log: nil)
    var seq = 0
    while seq < count {
      track(.loadTest(seq: seq))
      seq += 1
      // Written after `track` returned for this event, so every counted event was accepted.
      if seq % 1_000 == 0 { output.write("tracked \(seq)") }
    }
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  var seconds: Double { nanoseconds / 1e9 }
}
