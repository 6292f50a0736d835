import Foundation
import Testing
import Trackers

@Suite struct ConsentStoreTests {
  @Test func resolutionRules() {
    var state = ConsentState(status: .granted, purposes: [.marketing: .unknown], destinations: ["Amplitude": .denied])
    #expect(state.status(for: .analytics) == .granted)
    #expect(state.status(for: .analytics, destination: "Mixpanel") == .granted)
    #expect(state.status(for: .analytics, destination: "Amplitude") == .denied)
    #expect(state.status(for: .marketing, destination: "Mixpanel") == .unknown)
    state.destinations["Mixpanel"] = .granted
    state.status = .unknown
    #expect(state.status(for: .analytics, destination: "Mixpanel") == .unknown)
    state.isOptedOut = true
    state.status = .granted
    #expect(state.status(for: .analytics, destination: "Mixpanel") == .denied)
  }

  /// Issue 29, item 1: an app that keeps only `consent.registry` lets the store go. The registry keeps the
  /// store's last answer (it answered "unknown", holding everything, before).
  @Test func aRegistryKeepsItsReleasedStoresAnswer() {
    func registry(of state: ConsentState) -> PrivacyRegistry {
      ConsentStore(state).registry  // the store is released on return
    }
    let granted = registry(of: ConsentState(status: .granted, destinations: ["Amplitude": .denied]))
    #expect(granted.allowsSending(to: "Mixpanel"))
    #expect(!granted.allowsSending(to: "Amplitude"))
    #expect(!registry(of: ConsentState()).allowsSending(to: "Mixpanel"))
  }

  /// Issue 29, item 3: lifting an opt-out grants nothing; `grant()` does.
  @Test func liftingTheOptOutGrantsNothing() {
    let consent = ConsentStore()
    consent.optOut()
    #expect(consent.status(destination: "PostHog") == .denied)
    consent.liftOptOut()
    #expect(!consent.isOptedOut)
    #expect(consent.status(destination: "PostHog") == .unknown)
    #expect(!consent.registry.allowsSending(to: "PostHog"))
    consent.grant()
    #expect(consent.registry.allowsSending(to: "PostHog"))
  }

  @Test func observersHearEveryRealChange() {
    let consent = ConsentStore()
    let seen = EventLog<ConsentStatus>()
    let observation = consent.observe { seen.tracker($0.status) }
    consent.grant()
    consent.grant()  // no change, no call
    consent.deny()
    observation.cancel()
    consent.grant()
    #expect(seen.events == [.granted, .denied])
  }

  @Test func persistenceRoundTrip() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("privacy/consent.json")
    let first = try ConsentStore(contentsOf: url)
    #expect(first.state == ConsentState())
    #expect(!FileManager.default.fileExists(atPath: url.path))
    first.update {
      $0 = ConsentState(status: .granted, purposes: [.marketing: .denied, "personalization": .granted],
                        destinations: ["Amplitude": .denied])
    }
    let restored = try ConsentStore(contentsOf: url)
    #expect(restored.state == first.state)
    let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
    #expect(permissions?.intValue == 0o600)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
    #expect(leftovers == ["consent.json"])
  }

  @Test func optOutSurvivesARestart() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("consent.json")
    try ConsentStore(contentsOf: url, initial: ConsentState(status: .granted)).optOut()

    let afterRestart = try ConsentStore(contentsOf: url, initial: ConsentState(status: .granted))
    #expect(afterRestart.isOptedOut)
    let purged = EventLog<String>()
    // A vendor module configured after the restart purges what it had left at once.
    afterRestart.registry.register(destination: "Mixpanel", purgePending: { purged.tracker("Mixpanel") })
    let received = EventLog<String>()
    consentGated(received.tracker, by: afterRestart, destination: "Mixpanel")("Signup")
    #expect(received.events.isEmpty)
    #expect(purged.events == ["Mixpanel"])
  }

  @Test func aCorruptFileIsAClearError() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("consent.json")
    try Data("not json".utf8).write(to: url)
    #expect {
      try ConsentStore(contentsOf: url)
    } throws: { error in
      guard let error = error as? ConsentFileError else { return false }
      return error.rule == .validJSON && error.description.contains("To fix this")
    }
  }

  @Test func aFailedSaveIsReportedAndTheChangeStillApplies() throws {
    let directory = try TemporaryDirectory()
    let blocker = directory.url.appendingPathComponent("file")
    try Data().write(to: blocker)
    let consent = try ConsentStore(contentsOf: blocker.appendingPathComponent("consent.json"))
    let issues = EventLog<String>()
    withIssueReporter(IssueReporter { message, _ in issues.tracker(message) }) {
      consent.grant()
    }
    #expect(consent.status() == .granted)
    #expect(issues.events.count == 1)
    #expect(issues.events.first?.contains("will not survive a restart") == true)
  }

  @Test func denyingADestinationByNamePurgesItWithoutAGate() {
    let consent = ConsentStore(ConsentState(status: .granted))
    let purged = EventLog<String>()
    consent.registry.register(destination: "Mixpanel", purgePending: { purged.tracker("Mixpanel") })
    consent.registry.register(destination: "Amplitude", purgePending: { purged.tracker("Amplitude") })
    consent.deny(destination: "Amplitude")
    consent.deny(destination: "Amplitude")
    #expect(purged.events == ["Amplitude"])
  }
}

@Suite struct PrivacyRegistryTests {
  @Test func resetCallsEveryRegisteredHandler() {
    let registry = PrivacyRegistry()
    let calls = EventLog<String>()
    for name in ["Segment", "Amplitude", "Mixpanel"] {
      registry.register(
        destination: name,
        purgePending: { calls.tracker("\(name) purge") },
        resetIdentity: { calls.tracker("\(name) identity") }
      )
    }
    registry.reset()
    #expect(calls.events == [
      "Amplitude purge", "Amplitude identity", "Mixpanel purge", "Mixpanel identity", "Segment purge",
      "Segment identity",
    ])
  }

  @Test func registeringAgainReplaces() {
    let registry = PrivacyRegistry()
    let calls = EventLog<String>()
    registry.register(destination: "Mixpanel", purgePending: { calls.tracker("old") })
    registry.register(destination: "Mixpanel", purgePending: { calls.tracker("new") })
    registry.purgeAll()
    #expect(calls.events == ["new"])
    #expect(registry.destinations == ["Mixpanel"])
    registry.unregister(destination: "Mixpanel")
    registry.reset()
    #expect(calls.events == ["new"])
  }

  @Test func resetGivesANewAnonymousId() {
    // What a vendor module does with the hook: its identity store forgets the ids.
    let anonymousId = LockedValue(UUID())
    let registry = PrivacyRegistry()
    registry.register(destination: "PostHog", purgePending: {}, resetIdentity: { anonymousId.set(UUID()) })
    let before = anonymousId.get()
    registry.reset()
    #expect(anonymousId.get() != before)
  }
}

/// A value the tests read and write from handlers.
final class LockedValue<Value: Sendable>: Sendable {
  private let log = EventLog<Value>()
  init(_ value: Value) { log.tracker(value) }
  func set(_ value: Value) { log.tracker(value) }
  func get() -> Value { log.events.last! }
}
