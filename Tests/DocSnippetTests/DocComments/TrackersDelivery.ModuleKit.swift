// The Swift blocks of the doc comments of Sources/TrackersDelivery/ModuleKit/*.swift, compiled: see
// DocSnippetTests.swift. What a vendor module keeps to itself (its wire format, its limits) stands in here.
import AmplitudeTracker
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

/// A vendor module's encoding, as much as the examples use.
private enum WireFormat {
  static func event(_ event: AnalyticsData, identity: [UInt8], at date: Date, insertId: RecordID) -> [UInt8] {
    identity
  }
  static func message(_ event: AnalyticsData, identity: [UInt8], messageId: RecordID) -> [UInt8] { identity }
}

private func identifyPayload(_ derived: [UInt8]) -> [UInt8] { derived }
private func partitionJSON(for identity: IdentityStore<[UInt8]>.Identity) -> [UInt8] {
  Array(identity.anonymousId.utf8)
}
private func sizeIssue(_ size: Int) -> ValidationIssue {
  ValidationIssue(vendor: "Segment", rule: "size", message: "the message has \(size) bytes")
}
private func blankKeyIssue(_ value: PropertyValue) -> ValidationIssue {
  ValidationIssue(vendor: "Acme", rule: "blank key", message: "a property name is blank")
}

/// A vendor module's `send`, returning the event's one fate.
private func send(delivery: VendorDelivery<[UInt8]>, now: @escaping @Sendable () -> Date) -> @Sendable (AnalyticsData) -> EventFate {
  // snippet: Sources/TrackersDelivery/ModuleKit/EventFate.swift#1
  return { event in  // the module's `send`, in its live environment
    switch event {
    case .alias:
      return .identityUpdate
    default:
      let id = RecordID()
      return delivery.fate(queueing: [
        VendorRecord(payload: WireFormat.event(event, identity: [], at: now(), insertId: id), id: id)
      ])
    }
  }
  // end snippet
}

/// Inside a vendor module's `send`, with its delivery.
private func identityUpdate(delivery: VendorDelivery<[UInt8]>) -> EventFate {
  // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery.swift#2
  let fate = delivery.identityUpdate { identity in   // the module's `send` returns it
    identity.userId = "user-42"
    return []
  }
  // end snippet
  return fate
}

/// A module's repair noting what it changed (RepairLog's example).
private func repairLog() -> [ValidationIssue] {
  // snippet: Sources/TrackersDelivery/ModuleKit/RepairLog.swift#1
  var log = RepairLog(vendor: "Acme", sentAsIsRules: ["value-needs-currency"])
  log.note("property-value-length", "'description'")
  let repairs = log.issues { rule, members in "\(members) cut to 100 characters (rule \(rule))" }
  // end snippet
  return repairs
}

/// What a module's repair makes of an event (EventRepair's example).
// snippet: Sources/TrackersDelivery/ModuleKit/EventRepair.swift#1
func acmeRepaired(_ data: AnalyticsData) -> EventRepair {
  guard case let .event(name, properties) = data else { return EventRepair(data: data) }
  let long = properties.filter { if case let .string(s) = $0.value { s.count > 100 } else { false } }
  guard !long.isEmpty else { return EventRepair(data: data) }
  let issue = ValidationIssue(
    vendor: "Acme", rule: "property-value-length",
    message: "properties \(long.keys.sorted()) dropped: over 100 characters (rule property-value-length)")
  return EventRepair(data: .event(name: name, properties: properties.filter { long[$0.key] == nil }), repairs: [issue])
}
// end snippet

private func moduleKit(
  delivery: VendorDelivery<[UInt8]>, event: AnalyticsData, now: @escaping @Sendable () -> Date, limit: Int,
  session: VendorSession, identity: IdentityStore<[UInt8]>.Identity, context: TrackingContext, token: String,
  key: String, consent: ConsentStore, storage: URL, id: String, secret: String
) {
  func signIn() -> EventFate {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+SignIn.swift#1
    let userId: String?? = if case let .userId(id) = event { .some(id) } else { .none }
    return delivery.fate(of: event, signingIn: userId) { _, derived, id in
      WireFormat.event(event, identity: derived, at: now(), insertId: id)
    }
    // end snippet
  }
  func encoding(_ userId: String??) -> EventFate {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+SignIn.swift#2
    return delivery.fate(of: event, signingIn: userId) { _, identity, id -> VendorDelivery.Encoded in
      let payload = WireFormat.message(event, identity: identity, messageId: id)
      return payload.count <= limit ? .payload(payload) : .refused([sizeIssue(payload.count)])
    }
    // end snippet
  }
  _ = (signIn, encoding)
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery.swift#1
    let sessionId: Int
    switch delivery.attribution {
    case let .appUser(identity, _):
      sessionId = session.stamp(at: now(), of: identity).id
    case .subject:
      sessionId = VendorSession.Stamp.outOfSession  // a server's user is in none of the device's sessions
    }
    // end snippet
    _ = sessionId
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorSession.swift#1
    let stamp = session.stamp(at: now(), anonymousId: identity.anonymousId, userId: identity.userId)
    // stamp.id, stamp.uuid, stamp.engagementMilliseconds, stamp.isNew, stamp.start, stamp.ended
    // end snippet
    _ = stamp
  }
  compile {
    var bytes: [UInt8] = []
    // snippet: Sources/TrackersDelivery/ModuleKit/ContextMembers.swift#1
    let members: ContextMembers = [
      ("$lib", .string(context.library.name)),
      ("$os_version", .string(context.os.version)),
      ("$screen_width", context.screen.map { .int($0.width) }),   // nil: not sent
    ]
    members.appendJSON(to: &bytes)   // ,"$lib":"swift-trackers","$os_version":"18.1"
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/IdentityStore.swift#1
    let store = try IdentityStore(directory: storage) { identity in
      partitionJSON(for: identity)   // computed once per change, read on every event
    }
    let (identity, partition) = store.current
    store.update { $0.userId = "user-42" }
    // end snippet
    _ = (identity, partition)
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/SessionRules.swift#1
    // Amplitude-Swift: 5 minutes, kept alive while the app is in the foreground, id in milliseconds.
    SessionRules(timeout: .seconds(5 * 60), idUnit: .milliseconds, continuesInForeground: true)
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/DeliveryOptions.swift#1
    var configuration = MixpanelConfiguration(projectToken: token, privacy: consent.registry)
    configuration.flushInterval = .seconds(10)
    configuration.delivery = { $0.maxPendingBytes = 8 << 20 }
    MixpanelTracker.Current = try .live(configuration)
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/DeliveryOptions.swift#2
    var configuration = MixpanelConfiguration(projectToken: token, privacy: consent.registry)
    configuration.whileConsentUnknown = .drop   // as Mixpanel's `optOutTrackingByDefault` until `optInTracking()`
    MixpanelTracker.Current = try .live(configuration)
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/DeliveryOptions.swift#3
    var configuration = GoogleAnalyticsConfiguration(measurementId: id, apiSecret: secret)
    configuration.invalidEvents = .refuse   // the strict refusal of every broken rule, as before 0.9
    // end snippet
    _ = configuration
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/DeliveryOptions.swift#4
    var configuration = MixpanelConfiguration(projectToken: token)
    configuration.deployment = .server
    MixpanelTracker.Current = try .live(configuration)
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorConfiguration.swift#1
    var configuration = AmplitudeConfiguration(apiKey: key, region: .eu, privacy: consent.registry)
    configuration.maxEventsPerRequest = 10        // DeliveryOptions.maxEventsPerRequest
    configuration.ipLocation = .vendorDefault     // DeliveryOptions.ipLocation
    // end snippet
    _ = configuration
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/TrackerReport.swift#1
    var configuration = MixpanelConfiguration(projectToken: "<project token>")
    configuration.onReport = { report in
      if case let .invalidEvent(issues) = report.kind { print("tracking plan broken:", issues.map(\.rule)) }
      if case let .delivery(delivery) = report.kind, case .dropped = delivery { print("lost:", delivery) }
      if report.isFailure { print(report) }
    }
    // end snippet
    _ = configuration
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/TrackerCounters.swift#1
    let counters = GoogleAnalyticsTracker.Current.counters()
    print(counters)   // queued=12 invalid=0 notConfigured=0 notEnqueued=0 identityUpdates=1 delivery: enqueued=12 ...
    // end snippet
  }
}

/// A vendor module's `validate`, in a namespace of its own.
enum ValidationRulesExample {
  // snippet: Sources/TrackersDelivery/ModuleKit/ValidationRules.swift#1
  public func mixpanelIssues(for data: AnalyticsData) -> [ValidationIssue] {
    ValidationRules.issues { ordered, issues in
      ValidationRules.forEachMember(of: data.properties, ordered: ordered) { key, value in
        if ValidationRules.isBlank(key) { issues.append(blankKeyIssue(value)) }
      }
    }
  }
  // end snippet
}

private func validationRulesScaffolding(data: AnalyticsData, value: PropertyValue, name: String, ordered: Bool) {
  var issues: [ValidationIssue] = []
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/ValidationRules.swift#2
    if ValidationRules.appendDepthIssues(of: data, ordered: ordered, vendor: "Acme", into: &issues, path: { data, name in
      if case .userProperty = data { "user property '\(name)'" } else { "property '\(name)'" }
    }) { return }
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/ValidationRules.swift#3
    ValidationRules.appendValueIssues(
      of: value, path: { "property '\(name)'" }, dates: .iso8601, ordered: ordered, vendor: "Acme", into: &issues)
    // end snippet
  }
}

private func vendorJSON() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorJSON.swift#1
    var bytes: [UInt8] = []
    VendorJSON.appendLiteral(#"{"event":"#, to: &bytes)
    VendorJSON.appendString("Signup", to: &bytes)
    VendorJSON.appendLiteral(#","properties":"#, to: &bytes)
    VendorJSON.append(.object(["seats": 5]), to: &bytes)
    VendorJSON.appendLiteral("}", to: &bytes)   // {"event":"Signup","properties":{"seats":5}}
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorJSON.swift#2
    VendorJSON.DateFormat.iso8601.canEncode(.distantFuture)                       // true: year 4001
    VendorJSON.DateFormat.iso8601.canEncode(Date(timeIntervalSince1970: -1e15))   // false
    // end snippet
  }
}

private func eventAdditionsAndMigration(clock: TestClock, configuration: MixpanelConfiguration, deviceId: String, signedInUserId: String?) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/EventAdditions.swift#1
    let additions = EventAdditions(now: { clock.now })
    additions.apply(.register(["theme": "dark"]))
    additions.startTimer(for: "Order Completed")
    additions.adding(to: "Order Completed", durationKey: "duration")
    // event Order Completed {"duration": 12.5, "theme": "dark"}
    // end snippet
  }
  compile {
    var configuration = configuration
    // snippet: Sources/Trackers/UserModel/ExistingIdentity.swift#1
    // Moving from mixpanel-swift: its distinct id before sign-in is "$device:<device id>".
    configuration.existingIdentity = ExistingIdentity(anonymousId: deviceId, userId: signedInUserId)
    // end snippet
    _ = configuration
  }
}

private func moduleState(date: Date) {
  compileDeclarations {
    // snippet: Sources/TrackersDelivery/ModuleKit/ModuleState.swift#1
    struct Heartbeat: Sendable { var last: Date? }

    let heartbeat = ModuleState(Heartbeat())
    let isFirst = heartbeat.withLock { state in
      defer { state.last = date }
      return state.last == nil
    }
    // end snippet
    _ = isFirst
  }
}

private func endSession(at date: Date) -> [UInt8] { Array(#"{"end_session":1}"#.utf8) }

private func onLifecycle(delivery: VendorDelivery<Void>) {
  // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+Lifecycle.swift#1
  delivery.onLifecycle { change in
    guard case .enteredBackground(let date) = change else { return [] }
    return [VendorRecord(payload: endSession(at: date), id: RecordID())]  // the module's encoding
  }
  // end snippet
}

private func sessionDuration(at date: Date) -> [UInt8] { Array(#"{"session_duration":60}"#.utf8) }

private func onHeartbeat(delivery: VendorDelivery<Void>) {
  // snippet: Sources/TrackersDelivery/ModuleKit/VendorDelivery+Heartbeat.swift#1
  delivery.onHeartbeat(every: .seconds(60)) { date in
    [VendorRecord(payload: sessionDuration(at: date), id: RecordID())]  // the module's encoding
  }
  // end snippet
}

private func batchLimitsEnvelope() {
  compile {
    // snippet: Sources/TrackersDelivery/BatchLimits.swift#1
    // Countly: a JSON array inside a form field, beside the app key.
    BatchLimits(maxEvents: 100, maxBytes: 1_000_000, flushInterval: .seconds(60),
                envelopeBytes: 200, recordBytes: .percentEncodedPlusSeparator)
    // end snippet
  }
}
