import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Issue 39 item 4, "one way to settle", its last holes, and issue 40 item 1, "tracking for another user
/// is silent", in the kit: a toy module that knows nothing of subjects or consent, on the public kit.
@Suite struct SettleTests {
  /// A live environment for the toy vendor: `.userId` changes the identity; `Two Records` queues a small
  /// record and one of `size` bytes; `Nothing` queues no record; any other event one record with the ids
  /// and the session id it was given, as a module that never reads `EventSubject` writes it.
  static func live(
    in storage: TemporaryStorage, privacy: PrivacyRegistry? = nil, reports: LockIsolated<[TrackerReport]>,
    transport: ScriptedTransport = ScriptedTransport()
  ) throws -> (VendorEnvironment<RepairEvent>, LockIsolated<String?>) {
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10, privacy: privacy)
    options.transport = transport
    options.flushInterval = .seconds(3_600)
    options.onReport = { report in reports.withLock { $0.append(report) } }
    let userId = LockIsolated<String?>(nil)
    let environment = try VendorEnvironment<RepairEvent>.live(
      options: options, destination: TestDestination(url: try #require(URL(string: "https://settle.test/")), maxBytes: 400),
      session: SessionRules(timeout: .seconds(1_800), idUnit: .seconds),
      derive: { identity, _ in identity.userId ?? "-" }
    ) { delivery, session in
      return { event in
        switch event.data {
        case let .userId(id):
          let fate = delivery.identityUpdate { identity in
            identity.userId = id
            return []
          }
          userId.current = delivery.current.identity.userId
          return fate
        case let .event(name, properties) where name == "Two Records":
          let size = properties["size"]?.intValue ?? 10
          return delivery.fate(queueing: [
            VendorRecord(payload: Array(#""small""#.utf8), id: RecordID()),
            VendorRecord(payload: Array(("\"" + String(repeating: "x", count: size) + "\"").utf8), id: RecordID()),
          ])
        case .event(name: "Nothing", properties: _):
          return delivery.fate(queueing: [])
        case .event(name: "Zero Records", properties: _):
          // A module that counts what it queued itself, and queued nothing.
          return .queued(records: 0)
        default:
          let (identity, derived) = delivery.current
          let stamp = session.stamp(at: Date(), anonymousId: identity.anonymousId, userId: identity.userId)
          let payload = #"{"anonymous":"\#(identity.anonymousId)","user":"\#(derived)","session":\#(stamp.id)}"#
          return delivery.fate(queueing: VendorRecord(payload: Array(payload.utf8), id: RecordID()))
        }
      }
    }
    return (environment, userId)
  }

  static func pipeline(_ environment: VendorEnvironment<RepairEvent>) -> VendorPipeline<RepairEvent> {
    VendorPipeline(current: { environment }, map: { RepairEvent(data: $0) }, validate: { _ in [] })
  }

  // MARK: Hole 1: an event whose records the queue partly refused

  @Test func anEventWithOneRecordRefusedIsQueuedAndTheRefusedRecordCountedAndReported() async throws {
    let storage = try TemporaryStorage("settle-partial")
    let reports = LockIsolated<[TrackerReport]>([])
    let (environment, _) = try Self.live(in: storage, reports: reports)
    // The second record is over the destination's 400 bytes: refused at enqueue; the first ships.
    Self.pipeline(environment).track(.event(name: "Two Records", properties: ["size": 1_000]))
    let counters = await environment.deliverPending()
    #expect(counters.queued == 1 && counters.notEnqueued == 0 && counters.events == 1, "\(counters)")
    #expect(counters.recordsNotEnqueued == 1, "\(counters)")
    #expect(counters.delivery.enqueued == 1 && counters.delivery.delivered == 1)
    let refusals = reports.current.compactMap { report -> Int? in
      guard case let .notEnqueued(reason, count) = report.kind, reason == "payload too large" else { return nil }
      return count
    }
    #expect(refusals == [1], "\(reports.current)")
    #expect(reports.current.contains { $0.description.contains("1 of 2 records") }, "\(reports.current)")
    await environment.close(.seconds(1))
  }

  @Test func anEventWithEveryRecordRefusedIsNotEnqueued() async throws {
    let storage = try TemporaryStorage("settle-all-refused")
    let reports = LockIsolated<[TrackerReport]>([])
    let (environment, _) = try Self.live(in: storage, reports: reports)
    await environment.close(.seconds(1))
    Self.pipeline(environment).track(.event(name: "Two Records"))
    let counters = environment.counters()
    #expect(counters.notEnqueued == 1 && counters.queued == 0 && counters.recordsNotEnqueued == 0, "\(counters)")
  }

  // MARK: Hole 2: an event about a subject that encodes to nothing

  @Test func aSubjectEventThatEncodesToNothingIsUnsupportedNotAnIdentityUpdate() async throws {
    let storage = try TemporaryStorage("settle-subject-nothing")
    let reports = LockIsolated<[TrackerReport]>([])
    let (environment, _) = try Self.live(in: storage, reports: reports)
    withEventSubject(EventSubject(userId: "server-user")) {
      Self.pipeline(environment).track(.event(name: "Nothing"))
    }
    let counters = environment.counters()
    #expect(counters.identityUpdates == 0, "\(counters)")
    #expect(counters.unsupportedByKind == [EventFate.nothingToSendAboutASubject: 1], "\(counters)")
    #expect(reports.current.contains { report in
      if case let .unsupportedKind(kind) = report.kind { return kind == EventFate.nothingToSendAboutASubject }
      return false
    })
    await environment.close(.seconds(1))
  }

  // MARK: Hole 2b: a fate that says queued, with no records

  @Test func aFateQueuedWithNoRecordsIsAnIdentityUpdateAndAboutASubjectUnsupported() async throws {
    let storage = try TemporaryStorage("settle-zero-records")
    let reports = LockIsolated<[TrackerReport]>([])
    let (environment, _) = try Self.live(in: storage, reports: reports)
    let pipeline = Self.pipeline(environment)
    pipeline.track(.event(name: "Zero Records"))
    withEventSubject(EventSubject(userId: "server-user")) {
      pipeline.track(.event(name: "Zero Records"))
    }
    let counters = await environment.deliverPending()
    // Before: both counted as queued, though the queue took nothing (delivery.enqueued 0).
    #expect(counters.queued == 0 && counters.identityUpdates == 1 && counters.events == 2, "\(counters)")
    #expect(counters.unsupportedByKind == [EventFate.nothingToSendAboutASubject: 1], "\(counters)")
    #expect(counters.delivery.enqueued == 0, "\(counters)")
    await environment.close(.seconds(1))
  }

  // MARK: Hole 3: a sign-in or sign-out under denied consent

  @Test func aSignOutUnderDeniedConsentChangesNeitherTheIdentityNorTheSuperProperties() async throws {
    let storage = try TemporaryStorage("settle-denied-user")
    let reports = LockIsolated<[TrackerReport]>([])
    let consent = ConsentStore(ConsentState(status: .granted))
    let (environment, userId) = try Self.live(in: storage, privacy: consent.registry, reports: reports)
    let pipeline = Self.pipeline(environment)
    pipeline.track(.userId("user-1"))
    pipeline.track(.superProperties(.registerForUser(["plan": "pro"])))
    consent.deny()
    pipeline.track(.userId(nil))
    pipeline.track(.signIn(userId: "user-2", traits: [:]))
    let counters = environment.counters()
    #expect(counters.deniedConsent == 2 && counters.identityUpdates == 2, "\(counters)")
    // As mixpanel-swift's `identify` and posthog-ios's `identify` while opted out: nothing changes.
    #expect(userId.current == "user-1")
    #expect(environment.additions?.superProperties == ["plan": "pro"])
    await environment.close(.seconds(1))
  }

  // MARK: Issue 40 item 1: the kit applies the subject

  @Test func aModuleThatNeverReadsTheSubjectSendsTheSubjectsIdsAndNoDeviceSession() async throws {
    let storage = try TemporaryStorage("settle-subject-ids")
    let reports = LockIsolated<[TrackerReport]>([])
    let transport = ScriptedTransport()
    let (environment, userId) = try Self.live(in: storage, reports: reports, transport: transport)
    let pipeline = Self.pipeline(environment)
    pipeline.track(.userId("device-user"))
    pipeline.track(.event(name: "Device"))
    withEventSubject(EventSubject(userId: "server-user", anonymousId: "server-anon")) {
      pipeline.track(.event(name: "Subject"))
    }
    pipeline.track(.event(name: "Device Again"))
    let counters = await environment.deliverPending()
    #expect(counters.queued == 3 && counters.delivery.delivered == 3, "\(counters)")
    let events = try transport.requests.flatMap { try $0.json().arrayValue ?? [] }.compactMap { $0["event"] }
    #expect(events.count == 3)
    guard events.count == 3 else { return }
    let device = events[0]
    #expect(device["user"]?.stringValue == "device-user")
    #expect(events[1]["user"]?.stringValue == "server-user" && events[1]["anonymous"]?.stringValue == "server-anon")
    // No device session for the subject: out of session, and the device's session goes on untouched.
    #expect(events[1]["session"]?.intValue == VendorSession.Stamp.outOfSession)
    #expect(events[2]["session"] == device["session"] && events[2]["anonymous"] == device["anonymous"])
    #expect(events[2]["user"]?.stringValue == "device-user" && userId.current == "device-user")
    await environment.close(.seconds(1))
  }
}
