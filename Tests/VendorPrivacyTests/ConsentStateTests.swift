import AmplitudeTracker
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// One consent mechanism, the live environment's, for every vendor module, with nothing in front of the
/// module's tracker: granted is queued and sent, unknown is queued and held on disk across launches, denied
/// purges what is pending and counts later events without queueing them. Over a scripted transport: what
/// matters is what the queue is asked to send, not the socket.
@Suite struct ConsentStateTests {
  @Test(arguments: ConsentVendor.all)
  func grantedEventsAreQueuedAndSent(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    let consent = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, consent.registry)
      vendor.track(.event(name: "signed_up", properties: ["plan": "pro"]))
      vendor.track(.event(name: "checked_out"))
      let counters = await vendor.deliverPending()
      #expect(counters.delivery.enqueued == 2 && counters.delivery.delivered == 2, "\(counters)")
      #expect(counters.deniedConsent == 0)
      #expect(!transport.requests.isEmpty)
      await vendor.close()
    }
  }

  @Test(arguments: ConsentVendor.all)
  func unknownEventsWaitOnDiskAcrossLaunchesUntilGranted(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, ConsentStore().registry)
      vendor.track(.event(name: "signed_up"))
      vendor.track(.event(name: "checked_out"))
      await vendor.flush()
      let counters = vendor.counters()
      #expect(transport.requests.isEmpty)
      #expect(counters.delivery.enqueued == 2 && counters.delivery.pendingEvents == 2, "\(counters)")
      #expect(counters.deniedConsent == 0)
      await vendor.close()
    }
    #expect(try pendingRecordBytes(in: storage.url) > 0)
    // The next launch: the user has said yes since.
    let granted = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, granted.registry)
      let counters = await vendor.deliverPending()
      #expect(counters.delivery.recovered == 2 && counters.delivery.delivered == 2, "\(counters)")
      #expect(!transport.requests.isEmpty)
      await vendor.close()
    }
  }

  @Test(arguments: ConsentVendor.all)
  func aDenialPurgesWhatIsPendingAndLaterEventsAreCountedNotQueued(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    let consent = ConsentStore()
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, consent.registry)
      vendor.track(.event(name: "signed_up"))
      vendor.track(.event(name: "checked_out"))
      #expect(vendor.counters().delivery.pendingEvents == 2)
      // Consent as a whole, not the destination by name: the live environment purges either way.
      consent.deny()
      var counters = vendor.counters()
      #expect(counters.delivery.pendingEvents == 0 && counters.delivery.dropped[.purged] == 2, "\(counters)")
      vendor.track(.event(name: "after_denial"))
      vendor.track(.userId("user-42"))
      await vendor.flush()
      counters = vendor.counters()
      #expect(counters.deniedConsent == 2 && counters.delivery.enqueued == 2, "\(counters)")
      #expect(counters.identityUpdates == 0)
      #expect(transport.requests.isEmpty)
      await vendor.close()
    }
  }

  @Test(arguments: ConsentVendor.all)
  func aDenialBeforeLaunchPurgesWhatAnEarlierLaunchLeft(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, ConsentStore().registry)
      vendor.track(.event(name: "signed_up"))
      await vendor.close()
    }
    let denied = ConsentStore(ConsentState(status: .denied))
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, denied.registry)
      vendor.track(.event(name: "after_denial"))
      await vendor.flush()
      let counters = vendor.counters()
      #expect(counters.delivery.dropped[.purged] == 1 && counters.delivery.pendingEvents == 0, "\(counters)")
      #expect(counters.deniedConsent == 1 && counters.delivery.enqueued == 0, "\(counters)")
      #expect(transport.requests.isEmpty)
      await vendor.close()
    }
  }

  @Test func anOptOutHoldsAcrossARestart() async throws {
    let vendor = ConsentVendor.mixpanel
    let storage = try TemporaryStorage("opt-out")
    let transport = ScriptedTransport()
    let consentFile = storage.directory("consent").appendingPathComponent("consent.json")
    try await withIsolatedEnvironments {
      let consent = try ConsentStore(contentsOf: consentFile, initial: ConsentState(status: .granted))
      try vendor.goLive(storage.directory("mixpanel"), transport, consent.registry)
      consent.update { $0.isOptedOut = true }
      vendor.track(.event(name: "After Opt-Out"))
      await vendor.flush()
      #expect(vendor.counters().deniedConsent == 1 && vendor.counters().delivery.enqueued == 0)
      await vendor.close()
    }
    try await withIsolatedEnvironments {
      let consent = try ConsentStore(contentsOf: consentFile)
      #expect(consent.isOptedOut)
      try vendor.goLive(storage.directory("mixpanel"), transport, consent.registry)
      vendor.track(.event(name: "After Restart"))
      await vendor.flush()
      #expect(vendor.counters().deniedConsent == 1 && vendor.counters().delivery.enqueued == 0)
      await vendor.close()
    }
    #expect(transport.requests.isEmpty)
  }

  @Test func aDenialByNameStopsOnlyThatVendor() async throws {
    let storage = try TemporaryStorage("by-name")
    let transport = ScriptedTransport(answering: ConsentVendor.mixpanel.success)
    let consent = ConsentStore(ConsentState(status: .granted))
    consent.deny(destination: "Amplitude")
    try await withIsolatedEnvironments {
      try ConsentVendor.mixpanel.goLive(storage.directory("mixpanel"), transport, consent.registry)
      try ConsentVendor.amplitude.goLive(storage.directory("amplitude"), transport, consent.registry)
      let send = combine(mixpanelTracker, amplitudeTracker)
      send("Cart Viewed")
      send(.screen(name: "Checkout"))
      let mixpanel = await ConsentVendor.mixpanel.deliverPending()
      await ConsentVendor.amplitude.flush()
      let amplitude = ConsentVendor.amplitude.counters()
      #expect(mixpanel.delivery.delivered == 2 && mixpanel.deniedConsent == 0)
      #expect(amplitude.deniedConsent == 2 && amplitude.delivery.enqueued == 0)
      await ConsentVendor.mixpanel.close()
      await ConsentVendor.amplitude.close()
    }
    #expect(!transport.requests.isEmpty && transport.requests.allSatisfy { $0.path == "/import" })
  }

  @Test func everyVendorModuleRegistersItsDestinationAndAmplitudeItsIPSwitch() async throws {
    let storage = try TemporaryStorage("registry")
    let transport = ScriptedTransport()
    let consent = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      for vendor in ConsentVendor.all {
        try vendor.goLive(storage.directory(vendor.destination), transport, consent.registry)
      }
      #expect(consent.registry.destinations == ["Amplitude", "GA4", "Mixpanel", "PostHog", "Segment"])
      let amplitudeTransport = ScriptedTransport(answering: ConsentVendor.amplitude.success)
      var configuration = ConsentVendor.configured(
        AmplitudeConfiguration(
          apiKey: "amp-key", region: .custom(ConsentVendor.host), storageDirectory: storage.directory("amplitude-ip")),
        transport: amplitudeTransport, privacy: nil)
      configuration.sendsSessionEvents = false
      configuration.ipLocation = .vendorDefault
      AmplitudeTracker.Current = try .live(configuration)
      amplitudeTracker("Opened")
      await AmplitudeTracker.Current.deliverPending()
      let events = try amplitudeTransport.requests.filter { $0.path == "/2/httpapi" }.flatMap { try $0.json()["events"]?.arrayValue ?? [] }
      #expect(events.first?["ip"] == "$remote")
      await AmplitudeTracker.Current.close(nil)
      for vendor in ConsentVendor.all where vendor.destination != "Amplitude" { await vendor.close() }
    }
  }
}

/// A vendor module driven through its public tracker and `Current`, with a scripted transport.
struct ConsentVendor: Sendable, CustomTestStringConvertible {
  let destination: String
  /// Makes the module's `Current` live, with `options` changed last.
  let goLiveWith: @Sendable (
    _ storage: URL, _ transport: ScriptedTransport, _ privacy: PrivacyRegistry?,
    _ options: @Sendable (inout DeliveryOptions) -> Void
  ) throws -> Void
  let track: Tracker<AnalyticsData>
  let flush: @Sendable () async -> Void
  let deliverPending: @Sendable () async -> TrackerCounters
  let counters: @Sendable () -> TrackerCounters
  let close: @Sendable () async -> Void
  /// The vendor's answer to a request it takes whole, as its module reads it.
  var success: ScriptedTransport.Reply = .status(200)

  var testDescription: String { destination }

  /// Makes the module's `Current` live.
  func goLive(_ storage: URL, _ transport: ScriptedTransport, _ privacy: PrivacyRegistry?) throws {
    try goLiveWith(storage, transport, privacy) { _ in }
  }

  static let host = URL(string: "https://vendor.test")!

  /// Only `flush()` sends; retries on virtual time; the context and clock pinned.
  static func configured<Configuration: VendorConfiguration>(
    _ configuration: Configuration, transport: ScriptedTransport, privacy: PrivacyRegistry?,
    options: @Sendable (inout DeliveryOptions) -> Void = { _ in }
  ) -> Configuration {
    var configuration = configuration
    configuration.transport = transport
    configuration.flushInterval = .seconds(3_600)
    configuration.context = .fixture
    configuration.now = { eventTime }
    configuration.privacy = privacy
    configuration.queueClock = VirtualQueueClock()
    options(&configuration.options)
    return configuration
  }

  static let all: [ConsentVendor] = [googleAnalytics, mixpanel, amplitude, segment, postHog]

  static let googleAnalytics = ConsentVendor(
    destination: "GA4",
    goLiveWith: { storage, transport, privacy, options in
      GoogleAnalyticsTracker.Current = try .live(configured(
        GoogleAnalyticsConfiguration(measurementId: "G-TEST", apiSecret: "s", host: host, storageDirectory: storage),
        transport: transport, privacy: privacy, options: options))
    },
    track: googleAnalyticsTracker,
    flush: { await GoogleAnalyticsTracker.Current.flush() },
    deliverPending: { await GoogleAnalyticsTracker.Current.deliverPending() },
    counters: { GoogleAnalyticsTracker.Current.counters() },
    close: { await GoogleAnalyticsTracker.Current.close(nil) }
  )

  static let mixpanel = ConsentVendor(
    destination: "Mixpanel",
    goLiveWith: { storage, transport, privacy, options in
      MixpanelTracker.Current = try .live(configured(
        MixpanelConfiguration(projectToken: "tok123", region: .custom(host), storageDirectory: storage),
        transport: transport, privacy: privacy, options: options))
    },
    track: mixpanelTracker,
    flush: { await MixpanelTracker.Current.flush() },
    deliverPending: { await MixpanelTracker.Current.deliverPending() },
    counters: { MixpanelTracker.Current.counters() },
    close: { await MixpanelTracker.Current.close(nil) },
    success: .status(200, body: #"{"code": 200, "num_records_imported": 1, "status": "OK"}"#)
  )

  static let amplitude = ConsentVendor(
    destination: "Amplitude",
    goLiveWith: { storage, transport, privacy, options in
      var configuration = configured(
        AmplitudeConfiguration(apiKey: "amp-key", region: .custom(host), storageDirectory: storage),
        transport: transport, privacy: privacy, options: options)
      // The events counted are the ones the test sends.
      configuration.sendsSessionEvents = false
      AmplitudeTracker.Current = try .live(configuration)
    },
    track: amplitudeTracker,
    flush: { await AmplitudeTracker.Current.flush() },
    deliverPending: { await AmplitudeTracker.Current.deliverPending() },
    counters: { AmplitudeTracker.Current.counters() },
    close: { await AmplitudeTracker.Current.close(nil) },
    success: .status(200, body: #"{"code": 200, "events_ingested": 1, "payload_size_bytes": 100, "server_upload_time": 1700000000000}"#)
  )

  static let segment = ConsentVendor(
    destination: "Segment",
    goLiveWith: { storage, transport, privacy, options in
      SegmentTracker.Current = try .live(configured(
        SegmentConfiguration(writeKey: "w", region: .custom(host), storageDirectory: storage),
        transport: transport, privacy: privacy, options: options))
    },
    track: segmentTracker,
    flush: { await SegmentTracker.Current.flush() },
    deliverPending: { await SegmentTracker.Current.deliverPending() },
    counters: { SegmentTracker.Current.counters() },
    close: { await SegmentTracker.Current.close(nil) }
  )

  static let postHog = ConsentVendor(
    destination: "PostHog",
    goLiveWith: { storage, transport, privacy, options in
      PostHogTracker.Current = try .live(configured(
        PostHogConfiguration(apiKey: "phc_k", host: .selfHosted(host), storageDirectory: storage),
        transport: transport, privacy: privacy, options: options))
    },
    track: postHogTracker,
    flush: { await PostHogTracker.Current.flush() },
    deliverPending: { await PostHogTracker.Current.deliverPending() },
    counters: { PostHogTracker.Current.counters() },
    close: { await PostHogTracker.Current.close(nil) },
    success: .status(200, body: #"{"status": 1}"#)
  )
}
