import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// ``VendorDelivery/onLifecycle(_:)``: a vendor that sends a session end on the way to the background (Countly's `end_session`) has it in the
/// background flush.
@Suite struct LifecycleHookTests {
  let storage = makeTemporaryDirectory()
  let transport = ScriptedTransport()
  let clock = TestClock(1_793_817_970_000)

  func makeDelivery(
    lifecycle: ApplicationLifecycle, deployment: DeliveryOptions.Deployment = .app, privacy: PrivacyRegistry? = nil,
    context: ContextProvider = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
  ) throws -> VendorDelivery<Void> {
    let module = VendorModule(name: "HookTracker", vendor: "Test", configuration: "HookTracker.Current = .live()")
    var options = DeliveryOptions(storageDirectory: storage, maxEventsPerRequest: 100, privacy: privacy)
    options.transport = transport
    options.lifecycle = lifecycle
    options.context = context
    options.deployment = deployment
    options.onReport = { _ in }
    return try VendorDelivery(
      module: module, destination: TestDestination(url: URL(string: "https://example.com/batch")!), options: options,
      derive: { _, _ in () })
  }

  func makeLifecycle() -> ApplicationLifecycle {
    let clock = clock
    return ApplicationLifecycle(
      storageDirectory: nil, appVersion: nil, appBuild: nil,
      now: { clock.now }, relinquishesStorageInBackground: false)
  }

  @Test func aModuleHearsEachChangeAndWhatItQueuesOnTheWayToTheBackgroundGoesWithItsFlush() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let delivery = try makeDelivery(lifecycle: lifecycle)
    let heard = ModuleState<[LifecycleChange]>([])
    delivery.onLifecycle { change in
      heard.withLock { $0.append(change) }
      guard case .enteredBackground = change else { return [] }
      return [VendorRecord(payload: Array(#"{"end_session":1}"#.utf8), id: RecordID())]
    }
    lifecycle.launched()
    let launchedAt = clock.now
    clock.advance(milliseconds: 1_500)
    await lifecycle.enteredBackground(timeout: .seconds(600))

    #expect(heard.current == [.enteredForeground(at: launchedAt), .enteredBackground(at: clock.now)])
    // The background flush delivered the end of the session: nothing waits for the next launch.
    #expect(transport.requests.map(\.bodyText).contains { $0.contains(#""end_session":1"#) })
    #expect(delivery.counters.delivery.pendingEvents == 0)
  }

  @Test func theScreenSizeTheSystemTellsReachesTheModulesContext() throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    lifecycle.recordScreenSize(width: 393, height: 852)  // before the module registers: it hears it at once
    let context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    let delivery = try makeDelivery(lifecycle: lifecycle, context: context)
    #expect(context.current.screen == TrackingContext.Screen(width: 393, height: 852))
    lifecycle.recordScreenSize(width: 852, height: 393)  // rotated, or another display
    #expect(context.current.screen == TrackingContext.Screen(width: 852, height: 393))
    _ = delivery
  }

  @Test func theReturnToTheForegroundReadsALiveContextAgain() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let context = ContextProvider.live()
    let delivery = try makeDelivery(lifecycle: lifecycle, context: context)
    lifecycle.launched()
    await lifecycle.enteredBackground(timeout: .seconds(600))
    context.update { $0.locale = "x-not-the-system" }  // as if the user changed the language meanwhile
    lifecycle.enteredForeground()
    #expect(context.current.locale != "x-not-the-system")
    #expect(context.current.locale == ContextProvider.live().current.locale)
    _ = delivery
  }

  @Test func aServerHearsNothing() throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let delivery = try makeDelivery(lifecycle: lifecycle, deployment: .server)
    let heard = ModuleState(0)
    delivery.onLifecycle { _ in
      heard.withLock { $0 += 1 }
      return []
    }
    lifecycle.launched()
    lifecycle.enteredForeground()
    #expect(heard.current == 0)
  }

  /// A change the app reports while a server's subject is bound is the device's: the handler never sees
  /// the subject, so `delivery.current` there is the device's identity.
  @Test func aHandlerNeverRunsUnderASubject() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let delivery = try makeDelivery(lifecycle: lifecycle)
    let seen = ModuleState<[EventSubject?]>([])
    delivery.onLifecycle { _ in
      seen.withLock { $0.append(EventSubject.current) }
      return []
    }
    lifecycle.launched()
    await withEventSubject(EventSubject(userId: "user-of-a-request")) {
      await lifecycle.enteredBackground(timeout: .seconds(600))
      lifecycle.enteredForeground()
    }
    #expect(seen.current == [nil, nil, nil])
  }

  @Test func whatAModuleQueuesOnALifecycleChangeFollowsConsent() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let consent = ConsentStore(ConsentState(status: .denied))
    let delivery = try makeDelivery(lifecycle: lifecycle, privacy: consent.registry)
    delivery.onLifecycle { _ in [VendorRecord(payload: Array(#"{"end_session":1}"#.utf8), id: RecordID())] }
    lifecycle.launched()
    await lifecycle.enteredBackground(timeout: .seconds(600))
    #expect(transport.requests.isEmpty)
    #expect(delivery.counters.delivery.pendingEvents == 0)
    #expect(delivery.counters.events == 0)  // the module's own records are no app events
  }
}
