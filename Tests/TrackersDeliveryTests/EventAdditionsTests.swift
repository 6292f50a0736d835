import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// A vendor event that is the vocabulary itself: what the pipeline hands `send`.
private struct EchoEvent: VendorEvent, Hashable {
  static let vendorModule = VendorModule(name: "EchoTracker", vendor: "Echo", configuration: "EchoTracker.Current = .live()")
  var data: AnalyticsData
  var description: String { data.description }
}

private func pipeline(
  _ environment: VendorEnvironment<EchoEvent>, durationKey: String = "duration"
) -> VendorPipeline<EchoEvent> {
  VendorPipeline(
    current: { environment }, map: { EchoEvent(data: $0) },
    validate: { event in
      event.data.properties.keys.contains("bad")
        ? [ValidationIssue(vendor: "Echo", rule: "no-bad", message: "property 'bad' is refused. To fix this, rename it")]
        : []
    },
    durationKey: durationKey)
}

@Suite struct EventAdditionsTests {
  @Test func superPropertiesAreMergedIntoLaterEventsAndTheEventsOwnWin() {
    let sent = LockIsolated<[AnalyticsData]>([])
    let environment = VendorEnvironment<EchoEvent>(send: { event in sent.withLock { $0.append(event.data) } })
    let track = pipeline(environment).tracker
    track(.superProperties(.register(["theme": "dark", "plan": "free"])))
    track(.superProperties(.registerOnce(["theme": "light", "locale": "de"])))
    track(.event(name: "Opened", properties: ["plan": "pro"]))
    track(.screen(name: "Cart"))
    track(.userProperty(name: "tier", value: "gold"))
    track(.superProperties(.unregister("plan")))
    track(.standard(.searched(query: "boots")))
    track(.superProperties(.unregisterAll))
    track(.error(message: "timeout"))
    #expect(sent.current == [
      .event(name: "Opened", properties: ["plan": "pro", "theme": "dark", "locale": "de"]),
      .screen(name: "Cart", properties: ["theme": "dark", "plan": "free", "locale": "de"]),
      .userProperty(name: "tier", value: "gold"),
      .standard(.searched(query: "boots"), properties: ["theme": "dark", "locale": "de"]),
      .error(message: "timeout"),
    ])
  }

  @Test func aTimedEventCarriesItsSecondsOnceUnderTheVendorsKey() {
    let clock = TestClock(1_793_817_970_000)
    let sent = LockIsolated<[AnalyticsData]>([])
    let environment = VendorEnvironment<EchoEvent>(
      send: { event in sent.withLock { $0.append(event.data) } }, now: { clock.now })
    let track = pipeline(environment, durationKey: "$duration").tracker
    track(.timeEvent(name: "Order Completed"))
    clock.advance(milliseconds: 12_500)
    track(.standard(.orderCompleted(StandardEvent.Order(id: "o-1", currency: "EUR", products: []))))
    track(.standard(.orderCompleted(StandardEvent.Order(id: "o-2", currency: "EUR", products: []))))
    #expect(sent.current == [
      .standard(.orderCompleted(StandardEvent.Order(id: "o-1", currency: "EUR", products: [])), properties: ["$duration": 12.5]),
      .standard(.orderCompleted(StandardEvent.Order(id: "o-2", currency: "EUR", products: []))),
    ])
  }

  @Test func aRegistrationTheVendorRefusesIsRefusedOnceAndNotKept() {
    let sent = LockIsolated<[AnalyticsData]>([])
    let environment = VendorEnvironment<EchoEvent>(send: { event in sent.withLock { $0.append(event.data) } })
    let issues = collectingIssues {
      pipeline(environment).track(.superProperties(.register(["bad": 1])))
      pipeline(environment).track("Opened")
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Echo: property 'bad' is refused. To fix this, rename it. The event was not sent: "
      + #"superProperties register {"bad": 1}"#) == true)
    #expect(sent.current == ["Opened"])
    #expect(environment.additions?.superProperties == [:])
  }

  @Test func superPropertiesSurviveARelaunchInTheStorageDirectory() throws {
    let storage = try TemporaryStorage()
    let first = EventAdditions(directory: storage.url, now: { Date() })
    #expect(first.apply(.register(["theme": "dark", "launches": 3])) == nil)
    let relaunched = EventAdditions(directory: storage.url, now: { Date() })
    #expect(relaunched.superProperties == ["theme": "dark", "launches": 3])
    relaunched.removeAll()
    #expect(EventAdditions(directory: storage.url, now: { Date() }).superProperties == [:])
  }

  /// Issue 29, item 4: a sign-out (`.userId(nil)`) keeps the device's super properties and forgets those
  /// registered for the user; so does a sign-in as someone else. A sign-in after none adopts them.
  @Test func superPropertiesRegisteredForTheUserGoAtSignOutAndAtAnotherSignIn() {
    let sent = LockIsolated<[AnalyticsData]>([])
    let environment = VendorEnvironment<EchoEvent>(send: { event in sent.withLock { $0.append(event.data) } })
    let track = pipeline(environment).tracker
    track(.superProperties(.register(["theme": "dark"])))
    track(.superProperties(.registerForUser(["plan": "pro"])))
    track(.userId("ada"))  // registered before the sign-in: Ada's
    track("Opened")
    track(.userId("ada"))  // the same user again: nothing changes
    track(.userId(nil))
    track("Signed Out")
    track(.superProperties(.registerForUser(["plan": "free"])))
    track(.userId("bob"))
    track(.superProperties(.registerForUser(["tier": "gold"])))
    track(.superProperties(.register(["plan": "team"])))  // registered again for the device: it stays
    track(.userId("cy"))  // another user, without a sign-out between
    track("Switched")
    #expect(sent.current.filter { $0.name != nil } == [
      .event(name: "Opened", properties: ["theme": "dark", "plan": "pro"]),
      .event(name: "Signed Out", properties: ["theme": "dark"]),
      .event(name: "Switched", properties: ["theme": "dark", "plan": "team"]),
    ])
  }

  @Test func theUsersSuperPropertiesAreStillForgottenAtSignOutAfterARelaunch() throws {
    let storage = try TemporaryStorage()
    let first = EventAdditions(directory: storage.url, now: { Date() })
    #expect(first.userChanged(to: "ada") == nil)
    #expect(first.apply(.register(["theme": "dark"])) == nil)
    #expect(first.apply(.registerForUser(["plan": "pro"])) == nil)
    let relaunched = EventAdditions(directory: storage.url, now: { Date() })
    #expect(relaunched.superProperties == ["theme": "dark", "plan": "pro"])
    #expect(relaunched.userChanged(to: "ada") == nil)
    #expect(relaunched.superProperties == ["theme": "dark", "plan": "pro"])
    #expect(relaunched.userChanged(to: "bob") == nil)
    #expect(EventAdditions(directory: storage.url, now: { Date() }).superProperties == ["theme": "dark"])
    // The file holds no user id, only a digest of it.
    let scope = try String(contentsOf: storage.url.appendingPathComponent("super-properties-user.json"), encoding: .utf8)
    #expect(!scope.contains("bob"))
    relaunched.removeAll()
    #expect(!FileManager.default.fileExists(atPath: storage.url.appendingPathComponent("super-properties-user.json").path))
  }

  @Test func theNotConfiguredEnvironmentDropsAndCountsOperations() {
    let environment = VendorEnvironment<EchoEvent>.notConfigured(onReport: { _ in })
    let before = EchoEvent.vendorModule.counters.notConfigured
    pipeline(environment).track(.superProperties(.register(["theme": "dark"])))
    pipeline(environment).track(.timeEvent(name: "Checkout"))
    #expect(EchoEvent.vendorModule.counters.notConfigured - before == 2)
    #expect(environment.additions == nil)
  }

  @Test func anEmptySetOfUserPropertiesSendsNothingAndIsOneLocalUpdate() async throws {
    let storage = try TemporaryStorage()
    let sent = LockIsolated<[String]>([])
    let environment = try recordingEnvironment(EchoEvent.self, in: storage, recording: sent)
    let track = pipeline(environment).tracker
    track(.userProperties([:]))
    track(.userProperties(["plan": "pro"]))
    let counters = environment.counters()
    #expect(counters.identityUpdates == 1)
    #expect(counters.invalid == 0)
    #expect(sent.current == [AnalyticsData.userProperties(["plan": "pro"]).description])
    await environment.close(.seconds(1))
  }

  @Test func aLiveEnvironmentCountsOperationsAsLocalUpdatesAndStartsFromAnExistingIdentity() async throws {
    let storage = try TemporaryStorage()
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10)
    options.transport = ScriptedTransport()
    options.existingIdentity = ExistingIdentity(anonymousId: "device-from-the-sdk", userId: "user-7")
    let seen = LockIsolated<[String]>([])
    let environment = try VendorEnvironment<EchoEvent>.live(
      options: options, destination: TestDestination(url: URL(fileURLWithPath: "/echo")), derive: { identity, _ in identity.anonymousId }
    ) { delivery in
      { event in
        seen.withLock { $0.append("\(delivery.current.identity.userId ?? "-") \(event)") }
        return .queued(records: 1)
      }
    }
    let track = pipeline(environment).tracker
    track(.superProperties(.register(["theme": "dark"])))
    track(.timeEvent(name: "Opened"))
    track("Opened")
    #expect(environment.counters().identityUpdates == 2)
    #expect(seen.current.count == 1)
    #expect(seen.current.first?.hasPrefix(#"user-7 event Opened {"duration": "#) == true)
    await environment.close(.seconds(1))
    let saved = try String(contentsOf: storage.url.appendingPathComponent("identity.json"), encoding: .utf8)
    #expect(saved.contains(#""anonymousId":"device-from-the-sdk""#))
    #expect(try String(contentsOf: storage.url.appendingPathComponent("super-properties.json"), encoding: .utf8)
      == #"{"theme":"dark"}"#)
  }

  @Test func theGroupsGoWithTheAnonymousIdTheyWereJoinedUnder() {
    typealias Identity = IdentityStore<Int>.Identity
    let anonymous = Identity(anonymousId: "a-1", groups: ["company": "acme"])
    let signedIn = anonymous.signingIn("user-1", newAnonymousId: { "a-2" })
    #expect(signedIn == Identity(anonymousId: "a-1", userId: "user-1", groups: ["company": "acme"]))
    #expect(signedIn.signingIn("user-1", newAnonymousId: { "a-3" }).groups == ["company": "acme"])
    #expect(signedIn.signingIn("user-2", newAnonymousId: { "a-3" }) == Identity(anonymousId: "a-3", userId: "user-2"))
    // Issue 38, item 2: the sign-out keeps the device; the groups were the user's.
    #expect(signedIn.signingIn(nil, newAnonymousId: { "a-4" }) == Identity(anonymousId: "a-1"))
  }

  /// Issue 38, item 2: `.reset` forgets the super properties registered for the user, as a sign-out does,
  /// and keeps the device's; without a live identity it is counted as a local update.
  @Test func aResetForgetsTheUsersSuperPropertiesAndSendsNothing() {
    let sent = LockIsolated<[AnalyticsData]>([])
    let environment = VendorEnvironment<EchoEvent>(send: { event in sent.withLock { $0.append(event.data) } })
    let track = pipeline(environment).tracker
    track(.superProperties(.register(["theme": "dark"])))
    track(.userId("ada"))
    track(.superProperties(.registerForUser(["plan": "pro"])))
    track("Signed In")
    track(.reset)
    track("After Reset")
    #expect(sent.current == [
      .userId("ada"),
      .event(name: "Signed In", properties: ["theme": "dark", "plan": "pro"]),
      .event(name: "After Reset", properties: ["theme": "dark"]),
    ])
  }

  @Test func anIdentityFileWrittenBeforeGroupsExistedStillReads() throws {
    let old = #"{"anonymousId":"a-1","userId":"u-1","userProperties":{}}"#
    let identity = try JSONDecoder().decode(IdentityStore<Int>.Identity.self, from: Data(old.utf8))
    #expect(identity == IdentityStore<Int>.Identity(anonymousId: "a-1", userId: "u-1"))
    #expect(identity.groups == [:])
  }
}
