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

/// Consent, opt-out, reset and redaction, from `track` to the bytes a loopback collector receives.
@Suite struct PrivacyEndToEndTests {
  @Test func nothingLeavesBeforeConsentAndGrantReleasesHeldEventsInOrderOnce() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore()
    try await withIsolatedEnvironments {
      let storage = temporaryDirectory()
      MixpanelTracker.Current = try .live(mixpanelConfiguration(collector, storage: storage, privacy: consent.registry))
      let gate = ConsentGate(mixpanelTracker, by: consent, destination: "Mixpanel")
      gate.send("First")
      gate.send("Second")
      gate.send("Third")
      // Past the gate, straight into the queue: the queue's own send gate must hold it.
      mixpanelTracker("Queued Before Consent")
      await MixpanelTracker.Current.flush()
      #expect(try await collector.requests().count == 0)
      #expect(gate.counts.held == 3)
      #expect(MixpanelTracker.Current.counters().delivery.pendingEvents == 1)

      consent.grant()
      gate.send("Fourth")
      await MixpanelTracker.Current.flush()
      await MixpanelTracker.Current.flush()
      let events = try await mixpanelEvents(collector)
      #expect(events.compactMap { $0["event"]?.stringValue } == ["Queued Before Consent", "First", "Second", "Third", "Fourth"])
      #expect(Set(events.compactMap { $0["properties"]?["$insert_id"]?.stringValue }).count == 5)
      #expect(gate.counts.released == 3 && gate.counts.held == 0)
      #expect(MixpanelTracker.Current.counters().delivery.delivered == 5)
      await MixpanelTracker.Current.close(nil)
    }
  }

  @Test func denyPurgesWhatTheDestinationHasPendingOnDisk() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore()
    let storage = temporaryDirectory()
    try await withIsolatedEnvironments {
      MixpanelTracker.Current = try .live(mixpanelConfiguration(collector, storage: storage, privacy: consent.registry))
      let gate = ConsentGate(mixpanelTracker, by: consent, destination: "Mixpanel")
      gate.send("Held In The Gate")
      mixpanelTracker("Pending One")
      mixpanelTracker(.userProperty(name: "plan", value: "pro"))
      #expect(MixpanelTracker.Current.counters().delivery.pendingEvents == 2)
      #expect(try pendingRecordBytes(in: storage) > 0)

      consent.deny(destination: "Mixpanel")
      #expect(MixpanelTracker.Current.counters().delivery.pendingEvents == 0)
      #expect(MixpanelTracker.Current.counters().delivery.dropped[.purged] == 2)
      #expect(try pendingRecordBytes(in: storage) == 0)
      #expect(gate.counts.droppedDenied == 1)
      gate.send("After Denial")
      await MixpanelTracker.Current.flush()
      #expect(try await collector.requests().count == 0)
      await MixpanelTracker.Current.close(nil)
    }
    // Nothing is left for a later run either: a queue opened on the directory with consent finds nothing.
    let reopened = try MixpanelEnvironment.live(mixpanelConfiguration(collector, storage: storage, privacy: nil))
    await reopened.flush()
    #expect(reopened.counters().delivery.recovered == 0)
    #expect(try await collector.requests().count == 0)
    await reopened.close(nil)
  }

  @Test func optOutSurvivesARestartOfTheQueue() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    let consentFile = temporaryDirectory().appendingPathComponent("consent.json")
    do {
      let consent = try ConsentStore(contentsOf: consentFile, initial: ConsentState(status: .granted))
      let environment = try MixpanelEnvironment.live(
        mixpanelConfiguration(collector, storage: storage, privacy: consent.registry))
      environment.send(mixpanelEvent(for: "Before Opt-Out"))
      consent.optOut()
      #expect(environment.counters().delivery.pendingEvents == 0)
      // An event that skips consentGated still reaches the queue, which holds it: it must not survive.
      environment.send(mixpanelEvent(for: "After Opt-Out"))
      await environment.flush()
      #expect(environment.counters().delivery.pendingEvents == 1)
      await environment.close(nil)
    }
    #expect(try await collector.requests().count == 0)

    // The app restarts: consent from the same file, a new environment on the same storage directory.
    let consent = try ConsentStore(contentsOf: consentFile)
    #expect(consent.isOptedOut)
    let environment = try MixpanelEnvironment.live(
      mixpanelConfiguration(collector, storage: storage, privacy: consent.registry))
    #expect(environment.counters().delivery.pendingEvents == 0)
    #expect(try pendingRecordBytes(in: storage) == 0)
    let send = consentGated(environment.send, by: consent, destination: "Mixpanel")
    send(mixpanelEvent(for: "After Restart"))
    await environment.flush()
    #expect(try await collector.requests().count == 0)
    #expect(environment.counters().delivery.enqueued == 0)
    await environment.close(nil)
  }

  @Test func resetStartsANewAnonymousIdOnTheWire() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      AmplitudeTracker.Current = try .live(
        amplitudeConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry))
      amplitudeTracker("Before")
      amplitudeTracker(.userId("user-42"))
      amplitudeTracker("Signed In")
      await AmplitudeTracker.Current.flush()
      consent.registry.reset()  // logout
      amplitudeTracker("After Reset")
      await AmplitudeTracker.Current.flush()
      await AmplitudeTracker.Current.close(nil)
    }
    let events = try await amplitudeEvents(collector)
    // The sign-in sends no `$identify`: it only puts `user_id` on the events that follow. Session events are
    // off in `amplitudeConfiguration`, so these are exactly the events the test sent.
    try #require(events.compactMap { $0["event_type"]?.stringValue } == ["Before", "Signed In", "After Reset"])
    let deviceIds = events.map { $0["device_id"]?.stringValue }
    #expect(deviceIds[0] != nil && deviceIds[0] == deviceIds[1])
    #expect(deviceIds[2] != nil && deviceIds[2] != deviceIds[0])
    #expect(events[0]["user_id"] == nil)
    #expect(events[1]["user_id"] == "user-42")
    #expect(events[2]["user_id"] == nil)
    // Under Amplitude-Swift's rules a reset keeps the session: only the device id says who it is now.
    #expect(events.map { $0["session_id"] } == [1_793_817_970_123, 1_793_817_970_123, 1_793_817_970_123])
    #expect(events.allSatisfy { $0["ip"] == nil })  // Amplitude's IP location stays off by default
  }

  @Test func perDestinationConsentLetsOneVendorReceiveAndNotTheOther() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore(ConsentState(status: .granted))
    consent.deny(destination: "Amplitude")
    try await withIsolatedEnvironments {
      MixpanelTracker.Current = try .live(
        mixpanelConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry))
      AmplitudeTracker.Current = try .live(
        amplitudeConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry))
      let send: Tracker<AnalyticsData> = combine(
        consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
        consentGated(amplitudeTracker, by: consent, destination: "Amplitude")
      )
      send("Cart Viewed")
      send(.screen(name: "Checkout"))
      amplitudeTracker("Skipped The Gate")  // the queue's gate holds it
      await MixpanelTracker.Current.flush()
      await AmplitudeTracker.Current.flush()
      #expect(AmplitudeTracker.Current.counters().delivery.delivered == 0)
      await MixpanelTracker.Current.close(nil)
      await AmplitudeTracker.Current.close(nil)
    }
    let requests = try await collector.requests()
    #expect(!requests.isEmpty && requests.allSatisfy { $0.path == "/import" })
    #expect(try await mixpanelEvents(collector).compactMap { $0["event"]?.stringValue } == ["Cart Viewed", "Screen Viewed"])
  }

  @Test func defaultRedactionKeepsEmailAndPhoneNumbersOffTheWire() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      MixpanelTracker.Current = try .live(
        mixpanelConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry))
      AmplitudeTracker.Current = try .live(
        amplitudeConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry))
      let send = redacting(combine(
        consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
        consentGated(amplitudeTracker, by: consent, destination: "Amplitude")
      ))
      send(.event(name: "Signed Up", properties: [
        "email": "ada@example.com",
        "phone": "+33 6 12 34 56 78",
        "note": "call +44 20 7946 0958 or write to ada@example.com",
        "contacts": ["list": ["grace@example.org", "+1 (555) 123-4567"]],
        "plan": "pro",
      ]))
      send(.userProperty(name: "mobile", value: "+49 151 23456789"))
      await MixpanelTracker.Current.flush()
      await AmplitudeTracker.Current.flush()
      await MixpanelTracker.Current.close(nil)
      await AmplitudeTracker.Current.close(nil)
    }
    let requests = try await collector.requests()
    #expect(Set(requests.map(\.path)) == ["/import", "/engage", "/2/httpapi"])

    // Where the event's own values land, each vendor holds exactly the markers: not a digit or a domain of
    // the secrets survives, however it might have been reformatted.
    let mixpanel = try await mixpanelEvents(collector)
    let amplitude = try await amplitudeEvents(collector)
    let signUpProperties =
      mixpanel.filter { $0["event"] == "Signed Up" }.compactMap { $0["properties"] }
      + amplitude.filter { $0["event_type"] == "Signed Up" }.compactMap { $0["event_properties"] }
    #expect(signUpProperties.count == 2)
    for properties in signUpProperties {
      #expect(properties["email"] == "[redacted:email]")
      #expect(properties["phone"] == "[redacted:phone]")
      #expect(properties["note"] == "call [redacted:phone] or write to [redacted:email]")
      #expect(properties["contacts"] == ["list": ["[redacted:email]", "[redacted:phone]"]])
      #expect(properties["plan"] == "pro")
    }
    let profileUpdates = try requests.filter { $0.path == "/engage" }.flatMap { try $0.json().arrayValue ?? [] }
    let mobileValues =
      profileUpdates.compactMap { $0["$set"]?["mobile"] }
      + amplitude.compactMap { $0["user_properties"]?["$set"]?["mobile"] }
    #expect(mobileValues == ["[redacted:phone]", "[redacted:phone]"])

    // Anywhere else in the bodies (ids, timestamps, anything a vendor module adds), only secrets that no random
    // id or clock value can spell: each has a character outside [0-9a-f-], or at least eight digits in a row.
    let wire = requests.map(\.body).joined(separator: "\n")
    let secrets = [
      "ada@example.com", "grace@example.org", "example.", "+33 6", "12 34 56 78", "612345678",
      "7946 0958", "2079460958", "(555) 123", "123-4567", "5551234567", "23456789",
    ]
    for secret in secrets {
      #expect(!wire.contains(secret), "\(secret) reached the wire")
    }
  }

  @Test func everyVendorModuleRegistersItsDestinationAndIPSwitch() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore(ConsentState(status: .granted))
    let registry = consent.registry
    var gaConfiguration = GoogleAnalyticsConfiguration(
      measurementId: "G-TEST", apiSecret: "s", host: collector.baseURL, storageDirectory: temporaryDirectory(),
      privacy: registry)
    gaConfiguration.context = .fixture
    gaConfiguration.now = { eventTime }
    let ga = try GoogleAnalyticsEnvironment.live(gaConfiguration)
    let mixpanel = try MixpanelEnvironment.live(
      mixpanelConfiguration(collector, storage: temporaryDirectory(), privacy: registry))
    var amplitudeRemote = amplitudeConfiguration(collector, storage: temporaryDirectory(), privacy: registry)
    amplitudeRemote.ipLocation = .vendorDefault
    let amplitude = try AmplitudeEnvironment.live(amplitudeRemote)
    var segmentConfiguration = SegmentConfiguration(
      writeKey: "w", region: .custom(collector.baseURL), storageDirectory: temporaryDirectory(), privacy: registry)
    segmentConfiguration.context = .fixture
    segmentConfiguration.now = { eventTime }
    let segment = try SegmentEnvironment.live(segmentConfiguration)
    var postHogConfiguration = PostHogConfiguration(
      apiKey: "phc_k", host: .selfHosted(collector.baseURL), storageDirectory: temporaryDirectory(),
      privacy: registry)
    postHogConfiguration.context = .fixture
    postHogConfiguration.now = { eventTime }
    let postHog = try PostHogEnvironment.live(postHogConfiguration)
    #expect(registry.destinations == ["Amplitude", "GA4", "Mixpanel", "PostHog", "Segment"])

    amplitude.send(amplitudeEvent(for: "Opened"))
    await amplitude.flush()
    #expect(try await amplitudeEvents(collector).first?["ip"] == "$remote")

    // Denying one destination by name stops only that queue.
    consent.deny(destination: "Segment")
    segment.send(segmentMessage(for: "Opened"))
    postHog.send(postHogEvent(for: "Opened"))
    await segment.flush()
    await postHog.flush()
    let paths = try await collector.requests().map(\.path)
    #expect(paths.contains("/batch/") && !paths.contains("/v1/batch"))
    for close in [ga.close, mixpanel.close, amplitude.close, segment.close, postHog.close] { await close(nil) }
  }
}
