import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// What an outside tracker module builds on, through the public API alone: the pipeline's order, secret
/// headers, a counted fate for kinds the vendor has no use for, and the conformance suite for a vendor
/// without anonymous ids.
@Suite struct ModuleKitTests {
  /// A vendor event that keeps what the pipeline did to it.
  struct Event: VendorEvent, Equatable {
    var name: String
    var email: String?
    var description: String { "kit \(name)" }
    static let vendorModule = VendorModule(name: "KitTracker", vendor: "Kit", configuration: "KitTracker.Current = ...")
  }

  @Test func thePipelineRedactsThenMapsThenValidatesThenSends() {
    let steps = LockIsolated<[String]>([])
    let sent = LockIsolated<[Event]>([])
    let environment = VendorEnvironment<Event>(
      send: { event in
        steps.withLock { $0.append("send \(event.name)") }
        sent.withLock { $0.append(event) }
      },
      redactor: .default
    )
    let pipeline = VendorPipeline<Event>(
      current: { environment },
      map: { data in
        steps.withLock { $0.append("map") }
        guard case let .event(name, properties) = data else { return Event(name: "other") }
        return Event(name: name, email: properties["email"]?.stringValue)
      },
      validate: { event in
        steps.withLock { $0.append("validate \(event.name)") }
        return []
      }
    )
    pipeline.track(.event(name: "signed_up", properties: ["email": "ada@example.com"]))
    #expect(steps.withLock { $0 } == ["map", "validate signed_up", "send signed_up"])
    // Redacted before the mapping saw it.
    #expect(sent.withLock { $0 } == [Event(name: "signed_up", email: "[redacted:email]")])
  }

  @Test func anInvalidVendorEventIsCountedUnderItsFirstRuleAndNeverSent() {
    let sent = LockIsolated(0)
    // Invalid events are reported as issues: collected here, so the test does not fail for the report.
    struct Rejecting: VendorEvent {
      var description: String { "rejecting" }
      static let vendorModule = VendorModule(name: "RejectingTracker", vendor: "Rejecting", configuration: "...")
    }
    let issues = collectingIssues {
      let pipeline = VendorPipeline<Rejecting>(
        current: { VendorEnvironment(send: { _ in sent.withLock { $0 += 1 } }) },
        map: { _ in Rejecting() },
        validateWithSource: { _, data in
          guard case let .event(name, _) = data, name.isEmpty else { return [] }
          return [ValidationIssue(vendor: "Rejecting", rule: "event-name-empty", message: "event name is empty")]
        }
      )
      pipeline.track(.event(name: ""))
      pipeline.track(.event(name: "ok"))
    }
    #expect(sent.withLock { $0 } == 1)
    #expect(issues.count == 1 && issues.first?.contains("event name is empty") == true, "\(issues)")
    #expect(Rejecting.vendorModule.counters.invalidByRule == ["event-name-empty": 1])
  }

  @Test func aKindTheVendorDoesNotUseIsCountedAsUnsupported() async throws {
    let storage = try TemporaryStorage("unsupported")
    let transport = ScriptedTransport()
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10)
    options.transport = transport
    options.flushInterval = .seconds(3_600)
    let environment = try VendorEnvironment<Event>.live(
      options: options, destination: SecretHeaderDestination(header: "X-Kit-Unsupported", key: "k"),
      derive: { identity, _ in identity.anonymousId }
    ) { delivery in
      return { event in
        guard event.name != "userId" else { return .unsupported(kind: "userId") }
        return delivery.fate(queueing: VendorRecord(payload: Array(#"{"name":"\#(event.name)"}"#.utf8), id: RecordID()))
      }
    }
    environment.send(Event(name: "opened"))
    environment.send(Event(name: "userId"))
    environment.send(Event(name: "userId"))
    let counters = await environment.deliverPending()
    #expect(counters.unsupportedByKind == ["userId": 2] && counters.unsupported == 2)
    #expect(counters.delivery.enqueued == 1 && counters.delivery.delivered == 1)
    #expect(counters.description.contains("unsupported=2"))
    await environment.close(nil)
  }

  @Test func aDeclaredSecretHeaderIsRedactedInRequestsAndReports() async throws {
    let key = "kit-app-key-3f9a"
    let storage = try TemporaryStorage("secret-header")
    let transport = ScriptedTransport(answering: .status(400, headers: ["X-Kit-App": key], body: "bad"))
    let reports = LockIsolated<[DeliveryReport]>([])
    let queue = try DeliveryQueue(
      destination: SecretHeaderDestination(header: "X-Kit-App", key: key),
      configuration: DeliveryConfiguration(directory: storage.url), transport: transport,
      onReport: { report in reports.withLock { $0.append(report) } })
    _ = try queue.enqueue(Array(#"{"name":"opened"}"#.utf8), id: RecordID())
    await queue.flush()
    await queue.close()
    let texts = transport.requests.map(\.description) + reports.withLock { $0 }.map(\.description)
    #expect(!transport.requests.isEmpty && !reports.withLock { $0 }.isEmpty)
    for text in texts {
      #expect(!text.contains(key), "\(text)")
    }
    #expect(transport.requests.first?.header("X-Kit-App") == key)  // sent as it is, shown as <redacted>
    #expect(transport.requests.first?.description.contains("X-Kit-App: <redacted>") == true)
  }

  @Test func anUndeclaredHeaderIsShownSoTheDeclarationIsWhatHidesIt() {
    // A name no destination declares anywhere in the tests: the fixed list alone does not know it.
    let request = HTTPRequest(url: URL(string: "https://kit.test/")!, headers: ["X-Kit-Undeclared": "visible"])
    #expect(request.description.contains("X-Kit-Undeclared: visible"))
  }

  @Test func theConformanceSuiteSaysNotApplicableWithoutAnonymousIds() async throws {
    let module = TrackerModuleDescription<Event>(
      name: "KitTracker", consentDestination: "Kit", maxEventsPerRequest: 10, maxBytesPerRequest: 100_000,
      secret: "kit-conformance-key",
      live: { apply in
        var options = DeliveryOptions(storageDirectory: URL(fileURLWithPath: "/nonexistent"), maxEventsPerRequest: 10)
        apply(&options)
        return try VendorEnvironment<Event>.live(
          options: options, destination: SecretHeaderDestination(header: "App-Key", key: "kit-conformance-key"),
          derive: { _, _ in () }
        ) { delivery in
          return { event in
            delivery.fate(queueing: VendorRecord(payload: Array(#"{"name":"\#(event.name)"}"#.utf8), id: RecordID()))
          }
        }
      },
      map: { Event(name: "e\($0.properties["seq"]?.intValue ?? -1)") },
      events: { try $0.json().arrayValue ?? [] },
      dedupId: nil,
      anonymousIds: nil,
      credentialError: .status(401)
    )
    let reset = await ConformanceRequirement.resetStartsANewAnonymousId.check(module)
    #expect(reset.passed && reset.description == "KitTracker reset starts a new anonymous id: not applicable (the vendor has no anonymous id)")
    // The key travels in `App-Key`, declared secret: no description, report or issue shows it.
    #expect(await ConformanceRequirement.keepsSecretsOutOfDescriptions.check(module).passed)
    #expect(await ConformanceRequirement.purgesOnDenial.check(module).passed)
  }
}

/// A destination whose key travels in a header of its own, declared secret; 401 drops with a reason that
/// quotes the header as a careless module might.
struct SecretHeaderDestination: DeliveryDestination {
  let name = "Kit"
  let header: String
  let key: String
  var limits: BatchLimits { BatchLimits(maxEvents: 10, maxBytes: 100_000, flushInterval: .seconds(3_600)) }
  var secretHeaders: Set<String> { [header] }

  func makeRequest(for batch: Batch) throws -> HTTPRequest {
    HTTPRequest(
      url: URL(string: "https://kit.test/collect")!, headers: [header: key, "Content-Type": "application/json"],
      body: Array("[\(batch.records.map { String(decoding: $0.payload, as: UTF8.self) }.joined(separator: ","))]".utf8))
  }

  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    switch response.statusCode {
    case 400, 401: .drop(reason: "Kit refused the request (\(header): \(key)): \(response)")
    default: .standard(for: response)
    }
  }
}
