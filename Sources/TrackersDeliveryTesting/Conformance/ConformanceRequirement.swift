import Foundation
import Trackers
import TrackersDelivery

/// What every tracker module must do, as the "Writing a tracker module" article states it; each case
/// checks one requirement against a module's live environment, over a ``ScriptedTransport``.
///
/// Run them all from the module's tests, one test case each:
///
/// ```swift
/// @Test(arguments: ConformanceRequirement.allCases)
/// func conformance(_ requirement: ConformanceRequirement) async {
///   let result = await requirement.check(acme)
///   #expect(result.passed, "\(result)")
/// }
/// ```
public enum ConformanceRequirement: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Every event sent is delivered once, and the counters account for each.
  case deliversEveryEvent
  /// A retried request carries the same dedup ids as the first attempt (the same events, for a vendor
  /// without dedup ids).
  case keepsDedupIdsAcrossRetries
  /// The halves of a request split after a 413 carry exactly the first attempt's dedup ids (its events,
  /// for a vendor without dedup ids), each half smaller.
  case keepsDedupIdsAcrossSplits
  /// After a 429 with `Retry-After`, the next request waits (up to the queue's cap on server delays).
  case honoursRetryAfter
  /// 500, 503 and 429 are retried until delivered; nothing is dropped.
  case retriesServerErrorsAndThrottling
  /// A credential error drops the batch, counted, with a failure report that says how to fix it.
  case dropsCredentialErrorsLoudly
  /// A partial success drops only the rejected events, and never resends them.
  case dropsOnlyRejectedEvents
  /// The module's secret appears in no request description, report or reported issue, including a secret
  /// that travels in a header the destination declares in `DeliveryDestination.secretHeaders`, and one in
  /// a query, form or JSON parameter (`DeliveryDestination.secretParameters`) that a 400 quotes back.
  case keepsSecretsOutOfDescriptions
  /// While consent is unknown nothing is sent; granting it delivers what waited.
  case sendsNothingBeforeConsent
  /// Denying consent purges what is pending, counted as purged, and nothing is sent; a later event is
  /// counted as `deniedConsent` and never queued.
  case purgesOnDenial
  /// A privacy reset makes the next events carry a new anonymous id; not applicable to a vendor without
  /// one (``TrackerModuleDescription/anonymousIds`` `nil`).
  case resetStartsANewAnonymousId
  /// 10,000 events go out exactly once, each request within the vendor's event and byte limits.
  case staysWithinLimitsAtVolume
  /// An event tracked for another user (under an `EventSubject`, as a server tracks for the user a request
  /// came from) carries the subject's ids, never the device's: a second subject's events carry other ids, the
  /// same subject's the same, and the device's own events before and after carry the device's, unchanged.
  /// With ``TrackerModuleDescription/anonymousIds``, compared by what it reads (TelemetryDeck's hashed
  /// `clientUser`); without, the subject's events must contain its user id or anonymous id. Either way, no
  /// subject's request contains the device's stored anonymous id.
  case tracksASubjectUnderItsIds
  /// What the module sends of its own when the app's lifecycle changes and while it is in the foreground
  /// (its `onLifecycle` and `onHeartbeat` records: Countly's `begin_session`, `session_duration`,
  /// `end_session`) is sent only for the device: nothing is queued while consent is denied; what it sends
  /// on the way to the background after a privacy reset never carries the new anonymous id (the session
  /// belonged to the identity before: under the new one it would link the two); and a change reported
  /// while a server's `EventSubject` is bound carries none of the subject's ids. Read raw in the bodies, and
  /// with ``TrackerModuleDescription/anonymousIds`` as the module's requests carry them. A module with no
  /// such handler sends nothing then, and passes.
  case sendsLifecycleRecordsOnlyForTheDevice

  /// "keeps dedup ids across retries".
  public var description: String {
    rawValue.reduce(into: "") { text, character in
      if character.isUppercase { text += " " + character.lowercased() } else { text.append(character) }
    }
  }

  /// Checks the requirement against `module`, on a fresh storage directory and transport.
  public func check<Event>(_ module: TrackerModuleDescription<Event>) async -> ConformanceResult {
    var result = ConformanceResult(requirement: self, module: module.name, failures: [], notApplicable: nil)
    do {
      try await run(module, into: &result)
    } catch {
      result.failures.append("the check could not run: \(error)")
    }
    return result
  }

  private func run<Event>(_ module: TrackerModuleDescription<Event>, into result: inout ConformanceResult) async throws {
    var failures = Failures()
    defer { result.failures = failures.messages }
    switch self {
    case .deliversEveryEvent:
      let harness = try Harness(module)
      for sequence in 0..<30 { harness.environment.send(module.event(sequence)) }
      let counters = await harness.environment.deliverPending()
      harness.expectAccounted(counters, sent: 30, into: &failures)
      failures.expect(counters.delivery.delivered == 30, "delivered \(counters.delivery.delivered) of 30 events")
      let events = try harness.events()
      failures.expect(events.count == 30, "the requests carried \(events.count) events for 30 sent")
      if let ids = try harness.dedupIds() {
        failures.expect(Set(ids).count == 30, "\(Set(ids).count) distinct dedup ids for 30 events")
      }
      await harness.environment.close(nil)

    case .keepsDedupIdsAcrossRetries:
      let harness = try Harness(module)
      harness.transport.script(.status(503))
      for sequence in 0..<5 { harness.environment.send(module.event(sequence)) }
      let counters = await harness.environment.deliverPending()
      let requests = harness.transport.requests
      failures.expect(requests.count == 2, "\(requests.count) requests for one 503 and a retry")
      if requests.count >= 2 {
        let first = try harness.identities(in: requests[0])
        let retry = try harness.identities(in: requests[1])
        failures.expect(
          first.count == 5 && first == retry, "the retry's \(harness.identitiesName) \(retry) differ from the first attempt's \(first)")
      }
      failures.expect(counters.delivery.delivered == 5, "delivered \(counters.delivery.delivered) of 5 after the retry")

    case .keepsDedupIdsAcrossSplits:
      let harness = try Harness(module)
      harness.transport.script(.status(413))
      for sequence in 0..<10 { harness.environment.send(module.event(sequence)) }
      let counters = await harness.environment.deliverPending()
      let requests = harness.transport.requests
      failures.expect(requests.count >= 3, "\(requests.count) requests: a 413 must be followed by the halves")
      if requests.count >= 3 {
        let first = try harness.identities(in: requests[0])
        let halves = try requests.dropFirst().flatMap { try harness.identities(in: $0) }
        failures.expect(first.count == 10, "the first attempt carried \(first.count) of 10 events")
        failures.expect(
          halves.sorted() == first.sorted(),
          "the halves carry \(halves.count) \(harness.identitiesName), not exactly the first attempt's \(first.count)")
        failures.expect(
          requests.dropFirst().allSatisfy { (try? harness.identities(in: $0).count) ?? 0 < first.count },
          "a request after the 413 was not smaller than the one refused")
      }
      failures.expect(counters.delivery.delivered == 10, "delivered \(counters.delivery.delivered) of 10 after the split")

    case .honoursRetryAfter:
      let harness = try Harness(module)
      harness.transport.script(.status(429, headers: ["Retry-After": "1"]))
      harness.environment.send(module.event(0))
      let counters = await harness.environment.deliverPending()
      let requests = harness.transport.requests
      failures.expect(requests.count == 2, "\(requests.count) requests for a 429 and its retry")
      // On the harness's virtual clock: the one wait was the server's second, exactly.
      failures.expect(
        harness.clock.elapsed == .seconds(1),
        "the retry came \(harness.clock.elapsed) after a 429 with Retry-After: 1, not the 1 second the server asked for")
      failures.expect(counters.delivery.delivered == 1, "delivered \(counters.delivery.delivered) of 1 after the 429")

    case .retriesServerErrorsAndThrottling:
      let harness = try Harness(module)
      harness.transport.script(.status(500), .status(503), .status(429), .dropConnection)
      for sequence in 0..<3 { harness.environment.send(module.event(sequence)) }
      let counters = await harness.environment.deliverPending()
      harness.expectAccounted(counters, sent: 3, into: &failures)
      failures.expect(counters.delivery.delivered == 3, "delivered \(counters.delivery.delivered) of 3 after 500, 503, 429 and a dropped connection")
      failures.expect(counters.delivery.droppedTotal == 0, "dropped \(counters.delivery.dropped) instead of retrying")
      failures.expect(harness.transport.requests.count == 5, "\(harness.transport.requests.count) requests, not four failures and a success")

    case .dropsCredentialErrorsLoudly:
      let harness = try Harness(module)
      harness.transport.reply(module.credentialError)
      for sequence in 0..<4 { harness.environment.send(module.event(sequence)) }
      let counters = await harness.environment.deliverPending()
      harness.expectAccounted(counters, sent: 4, into: &failures)
      failures.expect(counters.delivery.droppedTotal == 4, "dropped \(counters.delivery.droppedTotal) of 4 events refused for their credential")
      failures.expect(harness.transport.requests.count == 1, "\(harness.transport.requests.count) requests: a credential error must not be retried")
      let reports = harness.reports.current.filter(\.isFailure).map(\.description)
      failures.expect(
        reports.contains { $0.contains("To fix this") },
        "no failure report says how to fix the credential (reports: \(reports))")

    case .dropsOnlyRejectedEvents:
      guard let partialSuccess = module.partialSuccess else { return result.notApplicable = "the vendor has no partial success" }
      let harness = try Harness(module)
      harness.transport.reply(times: 1) { request in
        (try? partialSuccess(request, [0])).map(ScriptedTransport.Reply.response) ?? .status(500)
      }
      for sequence in 0..<5 { harness.environment.send(module.event(sequence)) }
      let counters = await harness.environment.deliverPending()
      harness.expectAccounted(counters, sent: 5, into: &failures)
      failures.expect(counters.delivery.delivered == 4, "delivered \(counters.delivery.delivered) of the 4 accepted events")
      failures.expect(counters.delivery.droppedTotal == 1, "dropped \(counters.delivery.droppedTotal), not the 1 rejected event")
      let requests = harness.transport.requests
      if module.dedupId != nil, let first = requests.first {
        let rejected = try harness.dedupIds(in: first).first
        let resent = try requests.dropFirst().flatMap { try harness.dedupIds(in: $0) }
        failures.expect(rejected.map { !resent.contains($0) } ?? false, "the rejected event was sent again")
      }

    case .keepsSecretsOutOfDescriptions:
      let harness = try Harness(module)
      // The 400 quotes the request back, as servers' error messages do: a secret the module sends in a
      // query, a form or a JSON field must be one the kit redacts (the fixed list, or the destination's
      // `secretParameters`), or the report shows it.
      harness.transport.reply(.status(500), times: 1)
      harness.transport.reply(times: 1) { request in
        .status(400, body: "bad request: \(request.request.url.absoluteString) \(request.bodyText)")
      }
      harness.environment.send(module.event(0))
      harness.environment.send(module.event(1))
      let issues = await collectingIssues {
        await harness.environment.deliverPending()
        harness.transport.reply(module.credentialError)
        harness.environment.send(module.event(2))
        await harness.environment.deliverPending()
      }
      let texts = harness.transport.requests.map(\.description) + harness.reports.current.map(\.description) + issues
        + [harness.environment.counters().description]
      for text in texts where text.contains(module.secret) {
        failures.expect(false, "the secret appears in: \(text.replacingOccurrences(of: module.secret, with: "<secret>"))")
      }
      failures.expect(!harness.transport.requests.isEmpty, "nothing was sent, so nothing was checked")

    case .sendsNothingBeforeConsent:
      let consent = ConsentStore()
      let harness = try Harness(module, privacy: consent.registry)
      for sequence in 0..<5 { harness.environment.send(module.event(sequence)) }
      await harness.environment.flush()
      failures.expect(harness.transport.requests.isEmpty, "\(harness.transport.requests.count) requests went out while consent was unknown")
      consent.grant()
      let counters = await harness.environment.deliverPending()
      failures.expect(counters.delivery.delivered == 5, "delivered \(counters.delivery.delivered) of 5 once consent was granted")
      harness.expectAccounted(counters, sent: 5, into: &failures)

    case .purgesOnDenial:
      let consent = ConsentStore()
      let harness = try Harness(module, privacy: consent.registry)
      for sequence in 0..<5 { harness.environment.send(module.event(sequence)) }
      consent.deny(destination: module.consentDestination)
      await harness.environment.flush()
      let counters = harness.environment.counters()
      failures.expect(counters.delivery.pendingEvents == 0, "\(counters.delivery.pendingEvents) events still pending after the denial")
      failures.expect(
        counters.delivery.dropped[.purged] == 5, "purged \(counters.delivery.dropped[.purged] ?? 0) of 5 (is the destination named \"\(module.consentDestination)\"?)")
      failures.expect(harness.transport.requests.isEmpty, "\(harness.transport.requests.count) requests went out")
      // Refused from now on: counted, never queued.
      harness.environment.send(module.event(5))
      let after = harness.environment.counters()
      failures.expect(
        after.deniedConsent == 1 && after.delivery.enqueued == counters.delivery.enqueued,
        "an event after the denial: deniedConsent \(after.deniedConsent) (want 1), enqueued \(after.delivery.enqueued - counters.delivery.enqueued) (want 0)")

    case .resetStartsANewAnonymousId:
      guard let anonymousIds = module.anonymousIds else { return result.notApplicable = "the vendor has no anonymous id" }
      let consent = ConsentStore(ConsentState(status: .granted))
      let harness = try Harness(module, privacy: consent.registry)
      harness.environment.send(module.event(0))
      await harness.environment.deliverPending()
      consent.registry.reset()
      harness.environment.send(module.event(1))
      await harness.environment.deliverPending()
      let requests = harness.transport.requests
      failures.expect(requests.count == 2, "\(requests.count) requests for two events delivered apart")
      if requests.count == 2 {
        let before = Set(try anonymousIds(requests[0]))
        let after = Set(try anonymousIds(requests[1]))
        failures.expect(!before.isEmpty && !after.isEmpty, "a request carried no anonymous id")
        failures.expect(before.isDisjoint(with: after), "the anonymous id \(before) was kept after the reset")
      }

    case .staysWithinLimitsAtVolume:
      let open = LockIsolated(false)
      let harness = try Harness(module, sendsWhen: { open.current })
      for sequence in 0..<10_000 { harness.environment.send(module.event(sequence)) }
      open.current = true  // all queued first: the batches can't depend on when the sender ran
      let counters = await harness.environment.deliverPending(timeout: .seconds(120))
      harness.expectAccounted(counters, sent: 10_000, into: &failures)
      failures.expect(counters.delivery.delivered == 10_000, "delivered \(counters.delivery.delivered) of 10,000")
      // Parsed once: a 10,000-event run is megabytes of JSON.
      let requests = harness.transport.requests
      let eventsPerRequest = try await harness.offThePool { try requests.map(module.events) }
      for (index, (request, events)) in zip(requests, eventsPerRequest).enumerated() {
        failures.expect(
          events.count <= module.maxEventsPerRequest,
          "request \(index) carried \(events.count) events (limit \(module.maxEventsPerRequest))")
        failures.expect(
          request.body.count <= module.maxBytesPerRequest,
          "request \(index) was \(request.body.count) bytes (limit \(module.maxBytesPerRequest))")
      }
      let events = eventsPerRequest.flatMap { $0 }
      failures.expect(events.count == 10_000, "the requests carried \(events.count) events for 10,000 sent")
      if let dedupId = module.dedupId {
        let ids = Set(events.compactMap(dedupId))
        failures.expect(ids.count == 10_000, "\(ids.count) distinct dedup ids for 10,000 events")
      }

    case .tracksASubjectUnderItsIds:
      try await checkSubjects(module, into: &failures)

    case .sendsLifecycleRecordsOnlyForTheDevice:
      try await checkLifecycleUnderDenial(module, into: &failures)
      try await checkLifecycleAfterReset(module, into: &failures)
      try await checkLifecycleUnderASubject(module, into: &failures)
    }
  }

  /// Launch, ten minutes in the foreground (heartbeats), background, foreground, ten minutes, background,
  /// each time with the session's end flushed.
  private static func liveThroughTwoVisits<Event>(_ lifecycle: ApplicationLifecycle, _ harness: Harness<Event>) async {
    lifecycle.launched()
    harness.clock.advance(by: .seconds(600))
    await lifecycle.enteredBackground(timeout: .seconds(60))
    lifecycle.enteredForeground()
    harness.clock.advance(by: .seconds(600))
    await lifecycle.enteredBackground(timeout: .seconds(60))
  }

  /// ``sendsLifecycleRecordsOnlyForTheDevice`` under denied consent: nothing queued, nothing sent.
  private func checkLifecycleUnderDenial<Event>(
    _ module: TrackerModuleDescription<Event>, into failures: inout Failures
  ) async throws {
    let consent = ConsentStore(ConsentState(status: .denied))
    let lifecycle = Harness<Event>.makeLifecycle()
    let harness = try Harness(module, privacy: consent.registry, lifecycle: lifecycle)
    await Self.liveThroughTwoVisits(lifecycle, harness)
    let counters = await harness.environment.deliverPending()
    failures.expect(
      counters.delivery.enqueued == 0,
      "\(counters.delivery.enqueued) records were queued on lifecycle changes and heartbeats while consent was denied")
    failures.expect(
      harness.transport.requests.isEmpty,
      "\(harness.transport.requests.count) requests went out on lifecycle changes while consent was denied")
    await harness.environment.close(nil)
  }

  /// ``sendsLifecycleRecordsOnlyForTheDevice`` after a privacy reset: what the way to the background sends
  /// carries none of the new identity's ids.
  private func checkLifecycleAfterReset<Event>(
    _ module: TrackerModuleDescription<Event>, into failures: inout Failures
  ) async throws {
    let consent = ConsentStore(ConsentState(status: .granted))
    let lifecycle = Harness<Event>.makeLifecycle()
    let harness = try Harness(module, privacy: consent.registry, lifecycle: lifecycle)
    lifecycle.launched()
    harness.environment.send(module.event(0))
    harness.clock.advance(by: .seconds(120))
    await harness.environment.deliverPending()
    consent.registry.reset()
    let newId = Self.storedAnonymousId(in: harness.storage.url)
    let beforeBackground = harness.transport.requests.count
    await lifecycle.enteredBackground(timeout: .seconds(60))
    await harness.environment.deliverPending()
    let atBackground = Array(harness.transport.requests.dropFirst(beforeBackground))
    lifecycle.enteredForeground()
    harness.environment.send(module.event(4))
    let counters = await harness.environment.deliverPending()
    failures.expect(counters.queued == 2 && counters.delivery.pendingEvents == 0, "2 events around a reset: \(counters)")
    let afterReturn = Array(harness.transport.requests.dropFirst(beforeBackground + atBackground.count))
    failures.expect(!afterReturn.isEmpty, "the event after the return to the foreground was not sent")
    if let newId, atBackground.contains(where: { $0.bodyText.contains(newId) }) {
      failures.expect(false, "what went out on the way to the background after a reset carries the new anonymous id \(newId)")
    }
    if let anonymousIds = module.anonymousIds {
      let newIds = try Self.ids(in: afterReturn, anonymousIds)
      let endIds = try Self.ids(in: atBackground, anonymousIds)
      failures.expect(
        endIds.isDisjoint(with: newIds),
        "what went out on the way to the background after a reset carries the new identity's ids \(endIds.intersection(newIds))")
    }
    await harness.environment.close(nil)
  }

  /// Every anonymous id `requests` carry, by the module's own reading: a body it can't read throws, so the
  /// check fails with the error rather than passing on no ids.
  private static func ids(
    in requests: some Sequence<RecordedRequest>, _ anonymousIds: (RecordedRequest) throws -> [String]
  ) throws -> Set<String> {
    try Set(requests.flatMap(anonymousIds))
  }

  /// ``sendsLifecycleRecordsOnlyForTheDevice`` with a subject bound where the app reports the changes.
  private func checkLifecycleUnderASubject<Event>(
    _ module: TrackerModuleDescription<Event>, into failures: inout Failures
  ) async throws {
    let lifecycle = Harness<Event>.makeLifecycle()
    let harness = try Harness(module, lifecycle: lifecycle)
    let subject = EventSubject(userId: "conformance-lifecycle-user", anonymousId: "conformance-lifecycle-anon")
    lifecycle.launched()
    // What the launch sent (the device's), apart from the subject's event.
    await harness.environment.deliverPending()
    let launchRequests = harness.transport.requests.count
    withEventSubject(subject) { harness.environment.send(module.event(4)) }
    await harness.environment.deliverPending()
    let beforeChanges = harness.transport.requests.count
    let subjectRequests = harness.transport.requests.dropFirst(launchRequests)
    failures.expect(!subjectRequests.isEmpty, "the event about a subject was not sent")
    await withEventSubject(subject) {
      await lifecycle.enteredBackground(timeout: .seconds(60))
      lifecycle.enteredForeground()
      harness.clock.advance(by: .seconds(600))
      await lifecycle.enteredBackground(timeout: .seconds(60))
    }
    await harness.environment.deliverPending()
    let lifecycleRequests = harness.transport.requests.dropFirst(beforeChanges)
    for request in lifecycleRequests
    where [subject.userId, subject.anonymousId].contains(where: { $0.map(request.bodyText.contains) == true }) {
      failures.expect(false, "a lifecycle change reported under a subject sent the subject's ids: \(request.bodyText)")
    }
    if let anonymousIds = module.anonymousIds {
      let subjectIds = try Self.ids(in: subjectRequests, anonymousIds)
      let sent = try Self.ids(in: lifecycleRequests, anonymousIds)
      failures.expect(
        sent.isDisjoint(with: subjectIds),
        "a lifecycle change reported under a subject sent the subject's ids \(sent.intersection(subjectIds))")
    }
    await harness.environment.close(nil)
  }

  /// ``tracksASubjectUnderItsIds``: the device's event, subject A's, subject B's, A's again, the device's
  /// again, each delivered in a request of its own (plain events: sequences 0, 4, 8, ...).
  private func checkSubjects<Event>(_ module: TrackerModuleDescription<Event>, into failures: inout Failures) async throws {
    let harness = try Harness(module)
    let a = EventSubject(userId: "conformance-subject-user-a", anonymousId: "conformance-subject-anon-a")
    let b = EventSubject(userId: "conformance-subject-user-b", anonymousId: "conformance-subject-anon-b")
    let subjects: [EventSubject?] = [nil, a, b, a, nil]
    for (index, subject) in subjects.enumerated() {
      let event = module.event(index * 4)
      if let subject {
        withEventSubject(subject) { harness.environment.send(event) }
      } else {
        harness.environment.send(event)
      }
      await harness.environment.deliverPending()
    }
    let counters = harness.environment.counters()
    failures.expect(
      counters.queued == subjects.count && counters.delivery.delivered == counters.delivery.enqueued,
      "\(subjects.count) events (3 about subjects): \(counters)")
    let requests = harness.transport.requests
    failures.expect(requests.count == subjects.count, "\(requests.count) requests for \(subjects.count) events delivered apart")
    guard requests.count == subjects.count else { return }
    let deviceId = Self.storedAnonymousId(in: harness.storage.url)
    failures.expect(deviceId != nil, "the module stored no identity.json with an anonymousId in its storage directory")
    for index in [1, 2, 3] {
      if let deviceId, requests[index].bodyText.contains(deviceId) {
        failures.expect(false, "the event about subject \(index == 2 ? "B" : "A") carries the device's anonymous id \(deviceId)")
      }
    }
    guard let anonymousIds = module.anonymousIds else {
      for (index, subject) in [(1, a), (2, b), (3, a)] {
        let body = requests[index].bodyText
        failures.expect(
          subject.userId.map(body.contains) == true || subject.anonymousId.map(body.contains) == true,
          "the event about subject \(index == 2 ? "B" : "A") carries neither its user id nor its anonymous id")
      }
      return
    }
    let ids = try requests.map { Set(try anonymousIds($0)) }
    failures.expect(ids.allSatisfy { !$0.isEmpty }, "a request carried no anonymous id: \(ids)")
    failures.expect(ids[1].isDisjoint(with: ids[0]), "the event about subject A carries the device's ids \(ids[0])")
    failures.expect(ids[2].isDisjoint(with: ids[0]), "the event about subject B carries the device's ids \(ids[0])")
    failures.expect(ids[1].isDisjoint(with: ids[2]), "subjects A and B were sent under the same ids \(ids[1])")
    failures.expect(ids[3] == ids[1], "subject A's two events carry different ids: \(ids[1]) and \(ids[3])")
    failures.expect(ids[4] == ids[0], "the device's ids changed after the subjects' events: \(ids[0]) then \(ids[4])")
  }

  /// The anonymous id a live environment stored in `directory`'s `identity.json`, or `nil`.
  private static func storedAnonymousId(in directory: URL) -> String? {
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("identity.json")),
      let identity = try? JSONDecoder().decode(StoredIdentity.self, from: data)
    else { return nil }
    return identity.anonymousId
  }

  private struct StoredIdentity: Decodable {
    var anonymousId: String
  }
}

/// The failures of one check, in order.
struct Failures {
  var messages: [String] = []

  mutating func expect(_ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String) rethrows {
    if try !condition() { messages.append(message()) }
  }
}
