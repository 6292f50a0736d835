// The Swift blocks of the doc comments of Sources/TrackersDeliveryTesting, compiled: see
// DocSnippetTests.swift. The examples test a module called Acme, which stands in here; `configuration`
// is MixpanelTracker's.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Acme's event.
private enum AcmeEvent: VendorEvent {
  case event(name: String, properties: [String: PropertyValue])

  static let vendorModule = VendorModule(name: "AcmeTracker", vendor: "Acme", configuration: "")
  var description: String { "acme event" }
}

/// Acme's mapping of the vocabulary.
@Sendable private func acmeEvent(for data: AnalyticsData) -> AcmeEvent {
  .event(name: data.name ?? "", properties: data.properties)
}

/// Acme's configuration.
private struct AcmeConfiguration: VendorConfiguration {
  var options: DeliveryOptions
  init(apiKey: String, host: URL) {
    options = DeliveryOptions(storageDirectory: FileManager.default.temporaryDirectory, maxEventsPerRequest: 100)
  }
}

/// Acme's error when its live environment can't be made.
private struct NotAModule: Error {}

extension VendorEnvironment where Event == AcmeEvent {
  /// Acme's live environment: a stand-in that the examples compile against and never run.
  fileprivate static func live(_ configuration: AcmeConfiguration) throws -> Self { throw NotAModule() }
}

private func acmeDescription() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/Conformance/TrackerModuleDescription.swift#1
    let acme = TrackerModuleDescription<AcmeEvent>(
      name: "AcmeTracker", consentDestination: "Acme",
      maxEventsPerRequest: 100, maxBytesPerRequest: 500_000, secret: "acme-secret-key",
      live: { apply in
        var configuration = AcmeConfiguration(apiKey: "acme-secret-key", host: URL(string: "https://acme.test")!)
        apply(&configuration.options)
        return try .live(configuration)
      },
      map: acmeEvent(for:),
      events: { try $0.json()["events"]?.arrayValue ?? [] },
      dedupId: { $0["id"]?.stringValue },
      anonymousIds: { try $0.json()["events"]?.arrayValue?.compactMap { $0["anonymous_id"]?.stringValue } ?? [] },
      credentialError: .status(401, body: #"{"error": "invalid api key"}"#)
    )
    // end snippet
    _ = acme
  }
}

/// Acme's description, for the examples that check it.
private let acme = TrackerModuleDescription<AcmeEvent>(
  name: "AcmeTracker", consentDestination: "Acme", maxEventsPerRequest: 100, maxBytesPerRequest: 500_000,
  secret: "acme-secret-key", live: { _ in throw NotAModule() },
  map: acmeEvent(for:),
  events: { _ in [] }, dedupId: nil, anonymousIds: { _ in [] }, credentialError: .status(401)
)

@Suite(.disabled("compiled only: Acme is a stand-in")) struct ConformanceRequirementExample {
  // snippet: Sources/TrackersDeliveryTesting/Conformance/ConformanceRequirement.swift#1
  @Test(arguments: ConformanceRequirement.allCases)
  func conformance(_ requirement: ConformanceRequirement) async {
    let result = await requirement.check(acme)
    #expect(result.passed, "\(result)")
  }
  // end snippet
}

private func deliveryTesting(
  acmeTracker: @escaping Tracker<AnalyticsData>, environment: MixpanelEnvironment, event: MixpanelEvent,
  property: PropertyValue, transport: ScriptedTransport, token: String
) {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/CollectingIssues.swift#1
    let issues = collectingIssues { acmeTracker("") }
    #expect(issues == ["Acme: event name is empty. ... To fix this, ..."])
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDeliveryTesting/Conformance/ConformanceResult.swift#1
    let result = await ConformanceRequirement.keepsDedupIdsAcrossRetries.check(acme)
    #expect(result.failures.isEmpty, "\(result)")
    // end snippet
  }
  compile {
    var configuration = MixpanelConfiguration(projectToken: token)
    // snippet: Sources/TrackersDeliveryTesting/VirtualQueueClock.swift#1
    let clock = VirtualQueueClock()
    configuration.queueClock = clock
    let environment = try MixpanelEnvironment.live(configuration)
    transport.script(.status(429, headers: ["Retry-After": "5"]))
    environment.send(event)
    #expect(await environment.deliverPending().delivery.delivered == 1)
    #expect(clock.elapsed == .seconds(5))
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersDeliveryTesting/DeliverPending.swift#1
    environment.send(event)
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 1)
    // end snippet
  }
  compile {
    var configuration = MixpanelConfiguration(projectToken: token)
    let event = property
    // snippet: Sources/TrackersDeliveryTesting/Fixtures.swift#1
    configuration.context = .fixture
    #expect(event["os_version"] == "18.1")
    // end snippet
    _ = configuration
  }
  compileDeclarations { () async throws in  // `#expect(try ...)` needs the closure to say it throws
    // snippet: Sources/TrackersDeliveryTesting/RecordedRequest.swift#1
    let request = transport.requests[0]
    #expect(request.path == "/batch/")
    #expect(try request.json()["api_key"] == "phc_key")
    #expect(request.queryItems["ip"] == "0")
    // end snippet
  }
  compileDeclarations { () async throws in
    let request = transport.requests[0]
    // snippet: Sources/TrackersDeliveryTesting/RecordedRequest.swift#2
    let requests = try request.json(inFormField: "requests")
    #expect(requests.arrayValue?.first?["device_id"] == "device-1")
    // end snippet
  }
  compile {
    var configuration = MixpanelConfiguration(projectToken: token)
    // snippet: Sources/TrackersDeliveryTesting/ScriptedTransport.swift#1
    let transport = ScriptedTransport()
    transport.script(.status(503), .status(429, headers: ["Retry-After": "1"]))   // the next two requests
    transport.reply(.status(413), when: { $0.body.count > 100_000 })               // every large body
    transport.reply(.dropConnection, when: { $0.path == "/engage" }, times: 1)      // once
    configuration.transport = transport
    // end snippet
    _ = configuration
  }
  compile {
    var configuration = MixpanelConfiguration(projectToken: token)
    // snippet: Sources/TrackersDeliveryTesting/TemporaryStorage.swift#1
    let storage = try TemporaryStorage()
    configuration.storageDirectory = storage.url
    // end snippet
    _ = configuration
  }
  compile {
    var configuration = MixpanelConfiguration(projectToken: token)
    // snippet: Sources/TrackersDeliveryTesting/TestClock.swift#1
    let clock = TestClock(1_793_817_970_123)
    configuration.now = { clock.now }
    clock.advance(milliseconds: 30 * 60_000 + 1)
    // end snippet
    _ = configuration
  }
}

/// A test of a queue of one's own, over the scripted transport.
private func scriptedTransportWaits(transport: ScriptedTransport, queue: DeliveryQueue, event: [UInt8]) async throws {
  // snippet: Sources/TrackersDeliveryTesting/ScriptedTransport.swift#2
  let gate = ScriptedTransport.Gate()
  transport.script(.held(by: gate, then: .status(200)))
  try queue.enqueue(event)
  await transport.waitForRequests(1)
  #expect(queue.counters.pendingEvents == 1)   // in flight, still pending
  gate.open()
  // end snippet
}

private func scriptedTransportRetry(transport: ScriptedTransport, queue: DeliveryQueue, event: [UInt8]) async throws {
  // snippet: Sources/TrackersDeliveryTesting/ScriptedTransport.swift#3
  transport.script(.status(503))
  try queue.enqueue(event)
  let requests = await transport.waitForRequests { $0.count == 2 }   // the 503 and its retry
  await queue.flush()
  #expect(queue.counters.delivered == 1)
  // end snippet
  _ = requests
}
