import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Issue 38, item 1, in the kit: an event that breaks a rule the vendor's SDK repairs is repaired, sent,
/// counted as a fate of its own (`repairedByRule`) and reported; a rule the SDK refuses too still refuses
/// it; `invalidEvents = .refuse` refuses every broken rule. And issue 39's holes in the one settle path.
@Suite struct RepairTests {
  /// The toy vendor's rules: a `long` string over 5 characters (repaired: cut to 5), a name with a space
  /// (refused, as the SDK refuses it), a `value` without a `currency` (sent as is, reported).
  static func issues(_ event: RepairEvent) -> [ValidationIssue] {
    var issues: [ValidationIssue] = []
    if event.data.name?.contains(" ") == true {
      issues.append(ValidationIssue(vendor: "Toy", rule: "event-name-characters", message: "the name has a space"))
    }
    if case let .string(long)? = event.data.properties["long"], long.count > 5 {
      issues.append(ValidationIssue(vendor: "Toy", rule: "value-length", message: "'long' is over 5 characters"))
    }
    if event.data.properties["value"] != nil, event.data.properties["currency"] == nil {
      issues.append(ValidationIssue(vendor: "Toy", rule: "value-needs-currency", message: "a value without currency"))
    }
    return issues
  }

  /// The toy vendor SDK's repairs: cuts `long` to 5 characters, and sends a value without currency as is.
  static func repaired(_ data: AnalyticsData) -> EventRepair {
    guard case let .event(name, properties) = data else { return EventRepair(data: data) }
    var repairs: [ValidationIssue] = []
    var sentAsIs: Set<String> = []
    var kept = properties
    if case let .string(long)? = properties["long"], long.count > 5 {
      kept["long"] = .string(String(long.prefix(5)))
      repairs.append(
        ValidationIssue(vendor: "Toy", rule: "value-length", message: "'long' cut to 5 characters (rule value-length)"))
    }
    if properties["value"] != nil, properties["currency"] == nil {
      repairs.append(
        ValidationIssue(vendor: "Toy", rule: "value-needs-currency", message: "a value without currency, sent as is"))
      sentAsIs.insert("value-needs-currency")
    }
    return EventRepair(data: .event(name: name, properties: kept), repairs: repairs, sentAsIs: sentAsIs)
  }

  static func pipeline(_ environment: VendorEnvironment<RepairEvent>, repair: (@Sendable (AnalyticsData) -> EventRepair)? = repaired)
    -> VendorPipeline<RepairEvent>
  {
    VendorPipeline(current: { environment }, map: { RepairEvent(data: $0) }, validate: issues, repair: repair)
  }

  /// A live environment whose `send` records each event it is given and queues nothing: what `send`
  /// returns is the fate the environment settles.
  static func live(
    in storage: TemporaryStorage, invalidEvents: DeliveryOptions.InvalidEvents = .repairAsTheSDKDoes,
    privacy: PrivacyRegistry? = nil, reports: LockIsolated<[TrackerReport]>, sent: LockIsolated<[AnalyticsData]>,
    fate: @escaping @Sendable (RepairEvent) -> EventFate = { _ in .queued(records: 1) }
  ) throws -> VendorEnvironment<RepairEvent> {
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10, privacy: privacy)
    options.transport = ScriptedTransport()
    options.invalidEvents = invalidEvents
    options.onReport = { report in reports.withLock { $0.append(report) } }
    return try VendorEnvironment<RepairEvent>.live(
      options: options, destination: TestDestination(url: URL(fileURLWithPath: "/repair")), derive: { _, _ in () }
    ) { _ in
      { event in
        sent.withLock { $0.append(event.data) }
        return fate(event)
      }
    }
  }

  @Test func aRepairedEventIsSentCountedAsRepairedAndReportedOnce() async throws {
    let storage = try TemporaryStorage("repair-live")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, reports: reports, sent: sent)
    Self.pipeline(environment).track(.event(name: "Opened", properties: ["long": "abcdefgh", "ok": 1]))
    #expect(sent.current == [.event(name: "Opened", properties: ["long": "abcde", "ok": 1])])
    let counters = environment.counters()
    #expect(counters.repairedByRule == ["value-length": 1] && counters.repaired == 1)
    #expect(counters.queued == 0 && counters.invalid == 0 && counters.events == 1)
    #expect(counters.description.contains("repaired=1"))
    let all = reports.current
    #expect(all.count == 1)
    guard let report = all.first, case let .repairedEvent(repairs) = report.kind else {
      Issue.record("not a repair report: \(all)")
      return
    }
    #expect(repairs.map(\.rule) == ["value-length"])
    #expect(report.isFailure)
    #expect(report.message.contains("'long' cut to 5 characters (rule value-length)"))
    #expect(report.message.contains("invalidEvents to .refuse"))
    await environment.close(.seconds(1))
  }

  @Test func aRuleTheSDKSendsAsIsIsSentAndReported() async throws {
    let storage = try TemporaryStorage("repair-pass")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, reports: reports, sent: sent)
    Self.pipeline(environment).track(.event(name: "Bought", properties: ["value": 9.5]))
    #expect(sent.current == [.event(name: "Bought", properties: ["value": 9.5])])
    #expect(environment.counters().repairedByRule == ["value-needs-currency": 1])
    #expect(reports.current.map(\.kind.name) == ["repairedEvent"])
    await environment.close(.seconds(1))
  }

  @Test func aRuleTheSDKRefusesTooRefusesTheEventUnderThatRule() async throws {
    let storage = try TemporaryStorage("repair-keep")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, reports: reports, sent: sent)
    Self.pipeline(environment).track(.event(name: "Signed Up", properties: ["long": "abcdefgh"]))
    #expect(sent.current.isEmpty)
    let counters = environment.counters()
    #expect(counters.invalidByRule == ["event-name-characters": 1] && counters.repaired == 0 && counters.events == 1)
    guard case let .invalidEvent(issues)? = reports.current.first?.kind else {
      Issue.record("not an invalid event: \(reports.current)")
      return
    }
    // The refusal first (it is what counts), then what the repair would have done.
    #expect(issues.map(\.rule) == ["event-name-characters", "value-length"])
    await environment.close(.seconds(1))
  }

  @Test func refuseKeepsTheStrictRefusalOfEveryBrokenRule() async throws {
    let storage = try TemporaryStorage("repair-refuse")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, invalidEvents: .refuse, reports: reports, sent: sent)
    Self.pipeline(environment).track(.event(name: "Opened", properties: ["long": "abcdefgh"]))
    #expect(sent.current.isEmpty)
    #expect(environment.counters().invalidByRule == ["value-length": 1])
    #expect(reports.current.map(\.kind.name) == ["invalidEvent"])
    await environment.close(.seconds(1))
  }

  @Test func aRepairThatNamesNothingRefusesWithTheRulesBroken() async throws {
    let storage = try TemporaryStorage("repair-silent")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, reports: reports, sent: sent)
    // Repairs the event but says nothing of it: sending it would change the event silently.
    let silent: @Sendable (AnalyticsData) -> EventRepair = { _ in EventRepair(data: .event(name: "Opened")) }
    Self.pipeline(environment, repair: silent).track(.event(name: "Opened", properties: ["long": "abcdefgh"]))
    #expect(sent.current.isEmpty)
    #expect(environment.counters().invalidByRule == ["value-length": 1])
    await environment.close(.seconds(1))
  }

  @Test func aRepairedEventRefusedByConsentIsCountedAsRefusedByConsentOnly() async throws {
    let storage = try TemporaryStorage("repair-consent")
    let consent = ConsentStore(ConsentState(status: .denied))
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, privacy: consent.registry, reports: reports, sent: sent)
    Self.pipeline(environment).track(.event(name: "Opened", properties: ["long": "abcdefgh"]))
    #expect(sent.current.isEmpty)
    let counters = environment.counters()
    #expect(counters.deniedConsent == 1 && counters.repaired == 0 && counters.events == 1)
    #expect(reports.current.map(\.kind.name) == ["deniedConsent"])
    await environment.close(.seconds(1))
  }

  @Test func aRepairedEventTheQueueRefusesIsCountedAsNotEnqueued() async throws {
    let storage = try TemporaryStorage("repair-not-enqueued")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, reports: reports, sent: sent) { _ in .notEnqueued(DeliveryError.closed) }
    Self.pipeline(environment).track(.event(name: "Opened", properties: ["long": "abcdefgh"]))
    let counters = environment.counters()
    #expect(counters.notEnqueued == 1 && counters.repaired == 0 && counters.events == 1)
    await environment.close(.seconds(1))
  }

  /// In a test's environment (a recorder as `send`), the repaired event reaches the recorder and the rule
  /// is an issue at the line that tracked it, so the tracking plan is fixed before it ships.
  @Test func inATestTheRepairIsAnIssueAndTheRecorderGetsTheRepairedEvent() {
    let sent = LockIsolated<[AnalyticsData]>([])
    var environment = VendorEnvironment<RepairEvent>.mock
    environment.send = { event in sent.withLock { $0.append(event.data) } }
    let issues = LockIsolated<[String]>([])
    withIssueReporter(IssueReporter { message, _ in issues.withLock { $0.append(message) } }) {
      Self.pipeline(environment).track(.event(name: "Opened", properties: ["long": "abcdefgh"]))
    }
    #expect(issues.current.count == 1)
    #expect(issues.current.first?.contains("'long' cut to 5 characters (rule value-length)") == true)
    #expect(issues.current.first?.contains("The event was repaired as Toy's own SDK repairs it, and sent") == true)
    #expect(sent.current == [.event(name: "Opened", properties: ["long": "abcde"])])
  }

  // MARK: Issue 39's holes in the one settle path

  @Test func aModuleRefusingWithoutARuleIsStillCountedAndReported() async throws {
    let storage = try TemporaryStorage("repair-unnamed")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    let environment = try Self.live(in: storage, reports: reports, sent: sent) { _ in .invalid([]) }
    Self.pipeline(environment).track(.event(name: "Opened"))
    #expect(environment.counters().invalidByRule == ["unnamed-rule": 1])
    #expect(reports.current.map(\.kind.name) == ["invalidEvent"])
    await environment.close(.seconds(1))
  }

  @Test func queueingNoRecordsIsALocalUpdateNotAQueuedEvent() async throws {
    let storage = try TemporaryStorage("repair-no-records")
    let (reports, sent) = (LockIsolated<[TrackerReport]>([]), LockIsolated<[AnalyticsData]>([]))
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10)
    options.transport = ScriptedTransport()
    options.onReport = { report in reports.withLock { $0.append(report) } }
    let environment = try VendorEnvironment<RepairEvent>.live(
      options: options, destination: TestDestination(url: URL(fileURLWithPath: "/repair")), derive: { _, _ in () }
    ) { delivery in
      return { event in
        sent.withLock { $0.append(event.data) }
        return delivery.fate(queueing: [])
      }
    }
    Self.pipeline(environment).track(.event(name: "Opened"))
    let counters = environment.counters()
    #expect(counters.queued == 0 && counters.identityUpdates == 1 && counters.delivery.enqueued == 0)
    await environment.close(.seconds(1))
  }
}

/// The toy vendor's event: the vocabulary itself.
struct RepairEvent: VendorEvent, Hashable {
  static let vendorModule = VendorModule(name: "RepairTracker", vendor: "Toy", configuration: "RepairTracker.Current = .live()")
  var data: AnalyticsData
  var description: String { data.description }
}

extension TrackerReport.Kind {
  /// The case's name, for comparing lists of reports.
  fileprivate var name: String {
    switch self {
    case .invalidEvent: "invalidEvent"
    case .repairedEvent: "repairedEvent"
    case .notConfigured: "notConfigured"
    case .deniedConsent: "deniedConsent"
    case .unknownConsent: "unknownConsent"
    case .heldForConsent: "heldForConsent"
    case .unsupportedKind: "unsupportedKind"
    case .notEnqueued: "notEnqueued"
    case .failure: "failure"
    case .delivery: "delivery"
    }
  }
}
