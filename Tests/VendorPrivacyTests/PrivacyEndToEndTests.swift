import AmplitudeTracker
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// Reset and redaction, from `track` to the bodies sent: the two privacy promises about what is on the
/// wire. Redaction is checked in the bytes a loopback collector receives; reset, a change of identity
/// between two batches, in the bodies a scripted transport is handed. Consent, which decides what is queued
/// and sent, is `ConsentStateTests`.
@Suite struct PrivacyEndToEndTests {
  @Test func resetStartsANewAnonymousIdOnTheWire() async throws {
    let transport = ScriptedTransport(answering: ConsentVendor.amplitude.success)
    let consent = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      AmplitudeTracker.Current = try .live(
        amplitudeConfiguration(transport, storage: temporaryDirectory(), privacy: consent.registry))
      amplitudeTracker("Before")
      amplitudeTracker(.userId("user-42"))
      amplitudeTracker("Signed In")
      await AmplitudeTracker.Current.flush()
      consent.registry.reset()  // logout
      amplitudeTracker("After Reset")
      await AmplitudeTracker.Current.flush()
      await AmplitudeTracker.Current.close(nil)
    }
    let events = try amplitudeEvents(transport)
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

  @Test func defaultRedactionKeepsEmailAndPhoneNumbersOffTheWire() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let consent = ConsentStore(ConsentState(status: .granted))
    try await withIsolatedEnvironments {
      // The modules' own redaction, as an app configures it: nothing in front of their trackers.
      var mixpanel = mixpanelConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry)
      mixpanel.redactor = .default
      MixpanelTracker.Current = try .live(mixpanel)
      var amplitude = amplitudeConfiguration(collector, storage: temporaryDirectory(), privacy: consent.registry)
      amplitude.redactor = .default
      AmplitudeTracker.Current = try .live(amplitude)
      let send = combine(mixpanelTracker, amplitudeTracker)
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
}
