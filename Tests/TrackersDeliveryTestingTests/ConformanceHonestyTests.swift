import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// The suite is only worth running if it fails modules that break the rules: a toy vendor module, built on
/// the public API alone, conforms as written, and each fault it can be given fails the requirement it breaks
/// and no other.
@Suite struct ConformanceHonestyTests {
  @Test func theToyModuleConformsAsWritten() async {
    for requirement in ConformanceRequirement.allCases {
      let result = await requirement.check(ToyVendor.module(faults: []))
      #expect(result.passed, "\(result)")
    }
  }

  @Test(arguments: ToyVendor.Fault.allCases)
  func eachFaultFailsTheRequirementItBreaks(_ fault: ToyVendor.Fault) async {
    let module = ToyVendor.module(faults: [fault])
    let result = await fault.breaks.check(module)
    #expect(!result.passed, "\(fault) should fail \(fault.breaks), but: \(result)")
  }

  @Test func withoutDedupIdsARetryMustCarryTheSameEvents() async {
    var module = ToyVendor.module(faults: [.newIdPerAttempt])
    module.dedupId = nil  // the ids are now only part of each event: a new one per attempt is a changed event
    let result = await ConformanceRequirement.keepsDedupIdsAcrossRetries.check(module)
    #expect(!result.passed && result.failures.contains { $0.hasPrefix("the retry's events") }, "\(result)")
    var honest = ToyVendor.module(faults: [])
    honest.dedupId = nil
    #expect(await ConformanceRequirement.keepsDedupIdsAcrossSplits.check(honest).passed)
  }

  @Test func aResultSaysWhatFailedAndWhatDoesNotApply() async {
    let broken = await ConformanceRequirement.dropsCredentialErrorsLoudly.check(ToyVendor.module(faults: [.retriesCredentialErrors]))
    #expect(broken.description.hasPrefix("ToyTracker drops credential errors loudly: "))
    #expect(broken.failures.contains { $0.contains("a credential error must not be retried") })
    var noPartialSuccess = ToyVendor.module(faults: [])
    noPartialSuccess.partialSuccess = nil
    let skipped = await ConformanceRequirement.dropsOnlyRejectedEvents.check(noPartialSuccess)
    #expect(skipped.passed && skipped.description == "ToyTracker drops only rejected events: not applicable (the vendor has no partial success)")
  }
}

/// A vendor as small as a module can be: `{"events": [{"name", "id", "device"}]}` to
/// `/collect?toy_key=...` (a parameter it declares secret), with a 400 `{"rejected": [indexes]}` as a
/// partial success; each ``Fault`` breaks one rule on purpose.
enum ToyVendor {
  enum Fault: String, CaseIterable, Sendable {
    case newIdPerAttempt, retriesCredentialErrors, secretInReports, ignoresPartialSuccess, keepsAnonymousIdOnReset
    case oversizedBatches, secretInUndeclaredParameter
    /// Sends an event about a subject under the device's id, read once at launch: what a module that
    /// encodes its own cached identity does, whatever the kit gives it.
    case sendsSubjectsAsTheDevice
    /// Sends its session's end under the identity at the moment the app goes to the background, not the
    /// one the session started under: after a privacy reset, the old session's end under the new id links
    /// the two (the newcomer's first Countly module).
    case endsSessionsUnderTheCurrentIdentity
    /// Takes the session's owner from each event's identity: an event about a server's subject then makes
    /// the device's session end under the subject's ids.
    case takesTheSessionOwnerFromEachEvent

    var breaks: ConformanceRequirement {
      switch self {
      case .newIdPerAttempt: .keepsDedupIdsAcrossRetries
      case .retriesCredentialErrors: .dropsCredentialErrorsLoudly
      case .secretInReports: .keepsSecretsOutOfDescriptions
      case .ignoresPartialSuccess: .dropsOnlyRejectedEvents
      case .keepsAnonymousIdOnReset: .resetStartsANewAnonymousId
      case .oversizedBatches: .staysWithinLimitsAtVolume
      case .secretInUndeclaredParameter: .keepsSecretsOutOfDescriptions
      case .sendsSubjectsAsTheDevice: .tracksASubjectUnderItsIds
      case .endsSessionsUnderTheCurrentIdentity: .sendsLifecycleRecordsOnlyForTheDevice
      case .takesTheSessionOwnerFromEachEvent: .sendsLifecycleRecordsOnlyForTheDevice
      }
    }
  }

  struct Event: VendorEvent {
    var name: String
    var description: String { "toy \(name)" }
    static let vendorModule = VendorModule(name: "ToyTracker", vendor: "Toy", configuration: "ToyTracker.Current = ...")
  }

  struct Destination: DeliveryDestination {
    let name = "Toy"
    let faults: Set<Fault>
    var secretParameters: Set<String> { ["toy_key"] }
    var limits: BatchLimits {
      BatchLimits(maxEvents: faults.contains(.oversizedBatches) ? 500 : 100, maxBytes: 100_000, flushInterval: .seconds(3_600))
    }

    func makeRequest(for batch: Batch) throws -> HTTPRequest {
      let events = batch.records.map { record in
        // A record's payload is `"name","device"`; the id is the queue's, unless a fault makes a new one.
        let id = faults.contains(.newIdPerAttempt) ? RecordID() : record.id
        return #"{"id":"\#(id.uuidString)",\#(String(decoding: record.payload, as: UTF8.self))}"#
      }
      let keyParameter = faults.contains(.secretInUndeclaredParameter) ? "toy_leak" : "toy_key"
      return HTTPRequest(
        url: URL(string: "https://toy.test/collect?\(keyParameter)=toy-secret-key")!,
        headers: ["Authorization": "Bearer toy-secret-key"],
        body: Array(#"{"events":[\#(events.joined(separator: ","))]}"#.utf8))
    }

    func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
      switch response.statusCode {
      case 401:
        if faults.contains(.retriesCredentialErrors) { return .retry(after: nil) }
        let key = faults.contains(.secretInReports) ? "toy-secret-key" : Redaction.placeholder
        return .drop(reason: "Toy refused the key \(key). To fix this, check the key in the configuration.")
      case 400:
        guard !faults.contains(.ignoresPartialSuccess),
          let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
          let rejected = object["rejected"] as? [Int]
        else { return .delivered }
        return .partiallyDelivered(rejected: Dictionary(uniqueKeysWithValues: rejected.map { ($0, "rejected") }))
      default:
        return .standard(for: response)
      }
    }
  }

  static func module(faults: Set<Fault>) -> TrackerModuleDescription<Event> {
    TrackerModuleDescription(
      name: "ToyTracker", consentDestination: "Toy", maxEventsPerRequest: 100, maxBytesPerRequest: 100_000,
      secret: "toy-secret-key",
      live: { apply in
        var options = DeliveryOptions(storageDirectory: URL(fileURLWithPath: "/nonexistent"), maxEventsPerRequest: 100)
        apply(&options)
        return try VendorEnvironment<Event>.live(
          options: options, destination: Destination(faults: faults),
          derive: { identity, _ in identity.anonymousId }
        ) { delivery in
          let atLaunch = delivery.current.derived
          // A session as Countly's: begun on the way to the foreground under the device's id then, a
          // heartbeat every minute and an end on the way to the background, both under that id.
          let sessionOwner = ModuleState<String?>(nil)
          let record: @Sendable (String, String) -> VendorRecord = { name, device in
            VendorRecord(payload: Array(#""name":"\#(name)","device":"\#(device)""#.utf8), id: RecordID())
          }
          delivery.onLifecycle { change in
            switch change {
            case .enteredForeground:
              let owner = delivery.current.derived
              sessionOwner.current = owner
              return [record("session_begin", owner)]
            case .enteredBackground:
              let current = delivery.current.derived
              let owner = faults.contains(.endsSessionsUnderTheCurrentIdentity) ? current : sessionOwner.current ?? current
              return [record("session_end", owner)]
            }
          }
          delivery.onHeartbeat(every: .seconds(60)) { _ in
            sessionOwner.current.map { [record("session_duration", $0)] } ?? []
          }
          return { event in
            if faults.contains(.takesTheSessionOwnerFromEachEvent) { sessionOwner.current = delivery.current.derived }
            let device =
              if faults.contains(.keepsAnonymousIdOnReset) {
                "device-forever"
              } else if faults.contains(.sendsSubjectsAsTheDevice), EventSubject.current != nil {
                atLaunch
              } else {
                delivery.current.derived
              }
            return delivery.fate(
              queueing: VendorRecord(
                payload: Array(#""name":"\#(event.name)","device":"\#(device)""#.utf8), id: RecordID()))
          }
        }
      },
      map: { Event(name: "e\($0.properties["seq"]?.intValue ?? -1)") },
      events: { try $0.json()["events"]?.arrayValue ?? [] },
      dedupId: { $0["id"]?.stringValue },
      anonymousIds: { request in try (request.json()["events"]?.arrayValue ?? []).compactMap { $0["device"]?.stringValue } },
      partialSuccess: { _, rejected in HTTPResponse(statusCode: 400, body: Array(#"{"rejected": \#(rejected)}"#.utf8)) },
      credentialError: .status(401)
    )
  }
}
