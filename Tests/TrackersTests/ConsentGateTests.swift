import Foundation
import Testing
import Trackers

@Suite struct ConsentGateTests {
  @Test func unknownConsentHoldsEvents() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let gate = ConsentGate(received.tracker, by: consent)
    gate.send(1)
    gate.send(2)
    #expect(received.events.isEmpty)
    #expect(gate.counts.held == 2)
  }

  @Test func grantReleasesHeldEventsInOrderExactlyOnce() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let gate = ConsentGate(received.tracker, by: consent)
    for event in 1...5 { gate.send(event) }
    consent.grant()
    gate.send(6)
    consent.grant(.analytics)      // another change that still grants: nothing is released twice
    consent.update { $0.purposes[.marketing] = .denied }
    gate.send(7)
    #expect(received.events == [1, 2, 3, 4, 5, 6, 7])
    let counts = gate.counts
    #expect(counts.released == 5)
    #expect(counts.forwarded == 2)
    #expect(counts.held == 0)
    #expect(counts.dropped == 0)
  }

  @Test func eventsSentConcurrentlyWithTheGrantAreAllDeliveredOnce() async {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let gate = ConsentGate(received.tracker, by: consent, whileUnknown: .hold(limit: 100_000))
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask { for index in 0..<1_000 { gate.send(worker * 1_000 + index) } }
      }
      group.addTask { consent.grant() }
    }
    let events = received.events
    #expect(events.sorted() == Array(0..<4_000))
    for worker in 0..<4 {
      let own = events.filter { $0 / 1_000 == worker }
      #expect(own == own.sorted(), "worker \(worker)'s events arrived out of order")
    }
    #expect(gate.counts.released + gate.counts.forwarded == 4_000)
  }

  @Test func denyDropsHeldEventsAndPurgesTheDestination() {
    let consent = ConsentStore()
    let purged = EventLog<String>()
    consent.registry.register(destination: "Mixpanel", purgePending: { purged.tracker("Mixpanel") })
    consent.registry.register(destination: "Amplitude", purgePending: { purged.tracker("Amplitude") })
    let received = EventLog<Int>()
    let drops = EventLog<ConsentGate<Int>.Drop>()
    let gate = ConsentGate(received.tracker, by: consent, destination: "Mixpanel", onDrop: drops.tracker)
    gate.send(1)
    gate.send(2)
    consent.deny()
    gate.send(3)
    #expect(received.events.isEmpty)
    #expect(purged.events == ["Mixpanel"])
    #expect(gate.counts.droppedDenied == 3)
    #expect(drops.events == [
      .init(reason: .denied, count: 2, destination: "Mixpanel"),
      .init(reason: .denied, count: 1, destination: "Mixpanel"),
    ])
  }

  @Test func dropPolicyCountsEventsWhileUnknown() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let gate = ConsentGate(received.tracker, by: consent, whileUnknown: .drop)
    gate.send(1)
    gate.send(2)
    consent.grant()
    gate.send(3)
    #expect(received.events == [3])
    #expect(gate.counts.droppedWhileUnknown == 2)
  }

  @Test func holdLimitDropsTheOldestCountsAndReportsOnce() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let issues = EventLog<String>()
    let gate = withIssueReporter(IssueReporter { message, _ in issues.tracker(message) }) {
      let gate = ConsentGate(received.tracker, by: consent, destination: "Mixpanel", whileUnknown: .hold(limit: 3))
      for event in 1...6 { gate.send(event) }
      return gate
    }
    #expect(gate.counts.droppedOverLimit == 3)
    #expect(gate.counts.held == 3)
    #expect(issues.events.count == 1)
    #expect(issues.events.first?.contains("more than 3 events for Mixpanel") == true)
    #expect(issues.events.first?.contains("To fix this") == true)
    consent.grant()
    #expect(received.events == [4, 5, 6])
  }

  @Test func invalidHoldLimitIsReportedAndDrops() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let issues = EventLog<String>()
    let gate = withIssueReporter(IssueReporter { message, _ in issues.tracker(message) }) {
      ConsentGate(received.tracker, by: consent, whileUnknown: .hold(limit: 0))
    }
    gate.send(1)
    #expect(gate.counts.droppedWhileUnknown == 1)
    #expect(issues.events.count == 1)
    #expect(issues.events.first?.contains("hold limit must be at least 1") == true)
  }

  @Test func perPurposeConsent() {
    let consent = ConsentStore(ConsentState(purposes: [.analytics: .granted, .marketing: .denied]))
    let analytics = EventLog<String>()
    let marketing = EventLog<String>()
    let send = combine(
      consentGated(analytics.tracker, by: consent, purpose: .analytics),
      consentGated(marketing.tracker, by: consent, purpose: .marketing)
    )
    send("Signup")
    #expect(analytics.events == ["Signup"])
    #expect(marketing.events.isEmpty)
  }

  @Test func perDestinationConsentLetsOneReceiveAndNotTheOther() {
    let consent = ConsentStore(ConsentState(status: .granted, destinations: ["Amplitude": .denied]))
    let mixpanel = EventLog<String>()
    let amplitude = EventLog<String>()
    let send = combine(
      consentGated(mixpanel.tracker, by: consent, destination: "Mixpanel"),
      consentGated(amplitude.tracker, by: consent, destination: "Amplitude")
    )
    send("Signup")
    consent.grant(destination: "Amplitude")
    send("Purchase")
    consent.deny(destination: "Mixpanel")
    send("Logout")
    #expect(mixpanel.events == ["Signup", "Purchase"])
    #expect(amplitude.events == ["Purchase", "Logout"])
  }

  @Test func optOutStopsEveryDestinationAndPurgesAll() {
    let consent = ConsentStore(ConsentState(status: .granted))
    let purged = EventLog<String>()
    for name in ["Amplitude", "Mixpanel"] {
      consent.registry.register(destination: name, purgePending: { purged.tracker(name) })
    }
    let received = EventLog<String>()
    let send = combine(
      consentGated(received.tracker, by: consent, destination: "Mixpanel"),
      consentGated(received.tracker, by: consent, destination: "Amplitude")
    )
    consent.optOut()
    send("Signup")
    #expect(received.events.isEmpty)
    // Once for the opt-out (every destination), once more by each gate that saw its consent denied.
    #expect(Set(purged.events) == ["Amplitude", "Mixpanel"])
    consent.liftOptOut()
    send("Purchase")
    #expect(received.events == ["Purchase", "Purchase"])
  }

  @Test func resetDropsHeldEvents() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    let gate = ConsentGate(received.tracker, by: consent)
    gate.send(1)
    consent.registry.reset()
    consent.grant()
    gate.send(2)
    #expect(received.events == [2])
    #expect(gate.counts.droppedByReset == 1)
  }

  @Test func aReleasedGateStopsObserving() {
    let consent = ConsentStore()
    let received = EventLog<Int>()
    do {
      let gate = ConsentGate(received.tracker, by: consent)
      gate.send(1)
    }
    consent.grant()
    #expect(received.events.isEmpty)
  }
}
