import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// The one channel: every way a module's event leaves without being delivered, and everything its queue
/// reports, reaches `DeliveryOptions.onReport` once, with its kind; without a handler the defaults hold.
@Suite struct TrackerReportTests {
  /// Each test has its own event type, so its module's process-wide counters and its one not-configured
  /// warning are its own.
  struct Event<Tag>: VendorEvent {
    var name: String
    var description: String { "report \(name)" }
    static var vendorModule: VendorModule { ReportModules.module(for: Tag.self) }
  }

  enum Invalid {}
  enum NotConfigured {}
  enum NotConfiguredDefault {}
  enum Consent {}
  enum Unsupported {}
  enum Drop {}
  enum Defaults {}
  enum Refused {}

  /// Empty names break the one rule.
  static func issues<Tag>(_ event: Event<Tag>) -> [ValidationIssue] {
    event.name.isEmpty ? [ValidationIssue(vendor: "Report", rule: "event-name-empty", message: "event name is empty")] : []
  }

  static func pipeline<Tag>(_ environment: VendorEnvironment<Event<Tag>>) -> VendorPipeline<Event<Tag>> {
    VendorPipeline(current: { environment }, map: { data in
      guard case let .event(name, _) = data else { return Event(name: "other") }
      return Event(name: name)
    }, validate: issues)
  }

  /// A live environment on a scripted transport; `send` queues every event except `userId`, which the
  /// vendor has no use for.
  static func live<Tag>(
    _ tag: Tag.Type, storage: TemporaryStorage, transport: ScriptedTransport, privacy: PrivacyRegistry? = nil,
    onReport: (@Sendable (TrackerReport) -> Void)?
  ) throws -> VendorEnvironment<Event<Tag>> {
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10, privacy: privacy)
    options.transport = transport
    options.flushInterval = .seconds(3_600)
    options.onReport = onReport
    options.queueClock = VirtualQueueClock()
    return try VendorEnvironment<Event<Tag>>.live(
      options: options, destination: SecretHeaderDestination(header: "X-Report-Key", key: "report-key"),
      derive: { identity, _ in identity.anonymousId }
    ) { delivery in
      return { event in
        guard event.name != "userId" else { return .unsupported(kind: "userId") }
        return delivery.fate(queueing: VendorRecord(payload: Array(#"{"name":"\#(event.name)"}"#.utf8), id: RecordID()))
      }
    }
  }

  @Test func anInvalidEventReachesTheHandlerOnceWithItsRuleAndNoIssue() async throws {
    let storage = try TemporaryStorage("report-invalid")
    let reports = ReportRecorder()
    let issues = try await collectingIssues {
      let environment = try Self.live(Invalid.self, storage: storage, transport: ScriptedTransport(), onReport: reports.handler)
      Self.pipeline(environment).track(.event(name: ""))
      Self.pipeline(environment).track(.event(name: "ok"))
      #expect(environment.counters().invalidByRule == ["event-name-empty": 1])
      await environment.close(nil)
    }
    #expect(issues.isEmpty, "a handler replaces the default issue: \(issues)")
    let all = reports.all
    #expect(all.count == 1, "\(all)")
    guard let report = all.first, case let .invalidEvent(found) = report.kind else {
      Issue.record("not an invalid event: \(all)")
      return
    }
    #expect(found.map(\.rule) == ["event-name-empty"])
    #expect(report.module == "ReportInvalid" && report.vendor == "Invalid")
    #expect(report.isFailure && report.logLevel == .error)
    #expect(report.message.contains("event name is empty") && report.message.contains("To fix this"))
  }

  @Test func aNotConfiguredModuleReachesTheHandlerOnceAndCountsEveryEvent() {
    let reports = ReportRecorder()
    let issues = collectingIssues {
      let pipeline = Self.pipeline(VendorEnvironment<Event<NotConfigured>>.notConfigured(onReport: reports.handler))
      pipeline.track(.event(name: "a"))
      pipeline.track(.event(name: "b"))
      pipeline.track(.event(name: ""))  // invalid: validated first, to the same handler
    }
    #expect(issues.isEmpty, "\(issues)")
    #expect(NotConfigured.module.counters.notConfigured == 2)
    let kinds = reports.all.map(\.kind)
    #expect(kinds.count == 2, "\(kinds)")
    guard kinds.count == 2, case .notConfigured = kinds[0], case let .invalidEvent(found) = kinds[1] else {
      Issue.record("\(kinds)")
      return
    }
    #expect(found.map(\.rule) == ["event-name-empty"])
    #expect(reports.all.first?.message.contains("ReportNotConfigured.Current is not configured") == true)
  }

  @Test func aConsentRefusalReachesTheHandlerOnceAndIsNotAFailure() async throws {
    let storage = try TemporaryStorage("report-consent")
    let consent = ConsentStore(ConsentState(status: .denied))
    let reports = ReportRecorder()
    let transport = ScriptedTransport()
    let environment = try Self.live(
      Consent.self, storage: storage, transport: transport, privacy: consent.registry, onReport: reports.handler)
    Self.pipeline(environment).track(.event(name: "refused"))
    let counters = await environment.deliverPending()
    await environment.close(nil)
    #expect(counters.deniedConsent == 1 && counters.delivery.enqueued == 0)
    #expect(transport.requests.isEmpty)
    let all = reports.all
    #expect(all.count == 1, "\(all)")
    guard let report = all.first, case .deniedConsent = report.kind else {
      Issue.record("not a consent refusal: \(all)")
      return
    }
    #expect(!report.isFailure && report.logLevel == .debug)
    #expect(report.message.contains("report refused"))
  }

  @Test func anUnsupportedKindReachesTheHandlerOnceWithItsKind() async throws {
    let storage = try TemporaryStorage("report-unsupported")
    let reports = ReportRecorder()
    let environment = try Self.live(Unsupported.self, storage: storage, transport: ScriptedTransport(), onReport: reports.handler)
    Self.pipeline(environment).track(.event(name: "userId"))
    let counters = await environment.deliverPending()
    await environment.close(nil)
    #expect(counters.unsupportedByKind == ["userId": 1])
    let kinds = reports.all.map(\.kind)
    #expect(kinds.count == 1, "\(kinds)")
    guard case let .unsupportedKind(kind) = kinds.first else {
      Issue.record("not an unsupported kind: \(kinds)")
      return
    }
    #expect(kind == "userId")
    #expect(reports.all.first?.isFailure == false)
  }

  @Test func aQueueDropReachesTheHandlerOnceAsDelivery() async throws {
    let storage = try TemporaryStorage("report-drop")
    let reports = ReportRecorder()
    let transport = ScriptedTransport(answering: .status(400, body: "bad"))
    let environment = try Self.live(Drop.self, storage: storage, transport: transport, onReport: reports.handler)
    Self.pipeline(environment).track(.event(name: "lost"))
    let counters = await environment.deliverPending()
    await environment.close(nil)
    #expect(counters.delivery.droppedTotal == 1)
    let drops = reports.all.compactMap { report -> (DeliveryReport, TrackerReport)? in
      guard case let .delivery(delivery) = report.kind, case .dropped = delivery else { return nil }
      return (delivery, report)
    }
    #expect(drops.count == 1, "\(reports.all)")
    guard let (delivery, report) = drops.first else { return }
    guard case let .dropped(_, count, reason, _) = delivery else { return }
    #expect(count == 1 && reason == .permanentFailure)
    #expect(report.isFailure && report.logLevel == delivery.logLevel)
    #expect(report.module == "ReportDrop" && report.message == delivery.description)
    #expect(!reports.all.map(\.description).joined().contains("report-key"))
  }

  @Test func aQueueRefusalReachesTheHandlerAsNotEnqueued() async throws {
    let storage = try TemporaryStorage("report-refused")
    let reports = ReportRecorder()
    let environment = try Self.live(Refused.self, storage: storage, transport: ScriptedTransport(), onReport: reports.handler)
    await environment.close(nil)
    Self.pipeline(environment).track(.event(name: "late"))
    #expect(environment.counters().notEnqueued == 1)
    let kinds = reports.all.map(\.kind)
    guard kinds.count == 1, case let .notEnqueued(reason, count) = kinds[0] else {
      Issue.record("\(kinds)")
      return
    }
    #expect(reason == "queue closed" && count == 1)
  }

  @Test func withoutAHandlerTheDefaultsAreUnchanged() async throws {
    let storage = try TemporaryStorage("report-defaults")
    let transport = ScriptedTransport(answering: .status(400, body: "bad"))
    let consent = ConsentStore()
    let issues = try await collectingIssues {
      let environment = try Self.live(
        Defaults.self, storage: storage, transport: transport, privacy: consent.registry, onReport: nil)
      consent.grant()
      Self.pipeline(environment).track(.event(name: ""))        // invalid: an issue
      Self.pipeline(environment).track(.event(name: "userId"))  // unsupported: counted only
      Self.pipeline(environment).track(.event(name: "lost"))    // dropped by the server: a log line
      await environment.deliverPending()
      consent.deny()
      Self.pipeline(environment).track(.event(name: "refused"))  // refused by consent: counted only
      #expect(environment.counters().deniedConsent == 1 && environment.counters().unsupported == 1)
      await environment.close(nil)
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.hasPrefix("Report: event name is empty. The event was not sent:") == true, "\(issues)")
    let lines = DefaultsLog.lines.withLock { $0 }
    #expect(lines.filter { $0.hasPrefix("[swift-trackers] ReportDefaults: [Kit] dropped 1 record") }.count == 1, "\(lines)")
    #expect(lines.allSatisfy { !$0.contains("consent") && !$0.contains("userId") }, "\(lines)")
  }

  @Test func theNotConfiguredWarningIsUnchangedWithoutAHandler() {
    let issues = collectingIssues {
      let pipeline = Self.pipeline(VendorEnvironment<Event<NotConfiguredDefault>>.notConfigured)
      pipeline.track(.event(name: "a"))
      pipeline.track(.event(name: "b"))
    }
    #expect(issues == [
      "ReportNotConfiguredDefault.Current is not configured, so events are dropped and counted (first: report a). "
        + "To fix this, set it once at launch, before the first event: `ReportNotConfiguredDefault.Current = ...`; "
        + "in tests, assign a recorder, `ReportNotConfiguredDefault.Current.send = recorder.tracker`, or "
        + "`ReportNotConfiguredDefault.Current = .mock`."
    ])
  }
}

/// Collects reports from any thread.
final class ReportRecorder: Sendable {
  private let storage = LockIsolated<[TrackerReport]>([])
  var handler: @Sendable (TrackerReport) -> Void { { [storage] report in storage.withLock { $0.append(report) } } }
  var all: [TrackerReport] { storage.withLock { $0 } }
}

/// What the defaults test's module logs.
enum DefaultsLog {
  static let lines = LockIsolated<[String]>([])
}

/// One module per test of `TrackerReportTests`.
enum ReportModules {
  static let invalid = VendorModule(name: "ReportInvalid", vendor: "Invalid", configuration: "ReportInvalid.Current = ...")
  static let notConfigured = VendorModule(
    name: "ReportNotConfigured", vendor: "NotConfigured", configuration: "ReportNotConfigured.Current = ...")
  static let notConfiguredDefault = VendorModule(
    name: "ReportNotConfiguredDefault", vendor: "NotConfiguredDefault",
    configuration: "ReportNotConfiguredDefault.Current = ...")
  static let consent = VendorModule(name: "ReportConsent", vendor: "Consent", configuration: "...")
  static let unsupported = VendorModule(name: "ReportUnsupported", vendor: "Unsupported", configuration: "...")
  static let drop = VendorModule(name: "ReportDrop", vendor: "Drop", configuration: "...")
  static let refused = VendorModule(name: "ReportRefused", vendor: "Refused", configuration: "...")
  static let defaults = VendorModule(
    name: "ReportDefaults", vendor: "Report", configuration: "...",
    log: LogSink { line in DefaultsLog.lines.withLock { $0.append(line) } })

  static func module(for tag: Any.Type) -> VendorModule {
    switch ObjectIdentifier(tag) {
    case ObjectIdentifier(TrackerReportTests.Invalid.self): invalid
    case ObjectIdentifier(TrackerReportTests.NotConfigured.self): notConfigured
    case ObjectIdentifier(TrackerReportTests.NotConfiguredDefault.self): notConfiguredDefault
    case ObjectIdentifier(TrackerReportTests.Consent.self): consent
    case ObjectIdentifier(TrackerReportTests.Unsupported.self): unsupported
    case ObjectIdentifier(TrackerReportTests.Drop.self): drop
    case ObjectIdentifier(TrackerReportTests.Refused.self): refused
    default: defaults
    }
  }
}

extension TrackerReportTests.NotConfigured {
  static var module: VendorModule { ReportModules.notConfigured }
}
