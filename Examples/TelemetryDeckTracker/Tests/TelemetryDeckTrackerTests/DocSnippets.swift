// The Swift blocks of the documentation that use TelemetryDeckTracker, compiled here because swift-trackers
// can't depend on this package: this module's own docs, and the blocks of WritingATrackerModule.md and
// TrackersDeliveryTesting.md. swift-trackers' DocSnippetTests checks each twin against its block.
import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

/// Takes every statement of a block and discards its value, so an example showing a result compiles.
@resultBuilder private enum Statements {
  static func buildExpression<Value>(_ value: Value) {}
  static func buildBlock(_ statements: Void...) {}
}

/// Compiles an example's statements and never runs them: they configure the live module.
private func compile(@Statements _ body: () async throws -> Void) {}

#if !canImport(UIKit) && !canImport(AppKit)
extension ApplicationLifecycle {
  /// Apple platforms only: here it lets the examples that call it compile.
  @MainActor func observeApplicationNotifications() {}
}
#endif

/// What the examples leave to the app.
private struct AnalyticsEvent { var analyticsData: AnalyticsData }

// MARK: - Sources/TelemetryDeckTracker/Documentation.docc/TelemetryDeckTracker.md

@MainActor private func telemetryDeckArticle(storage: URL, appID: String, consent: ConsentStore) {
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/Documentation.docc/TelemetryDeckTracker.md#1
    TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "B97579B6-FFB8-4AC5-AAA7-DA5796CC5DCE"))
    telemetryDeckTracker(.screen(name: "Cart"))
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/Documentation.docc/TelemetryDeckTracker.md#2
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)
    var configuration = TelemetryDeckConfiguration(appID: appID)
    configuration.lifecycle = lifecycle
    TelemetryDeckTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: telemetryDeckTracker)
    lifecycle.observeApplicationNotifications()
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/Documentation.docc/TelemetryDeckTracker.md#3
    TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: appID, privacy: consent.registry))
    // end snippet
    _ = send
  }
}

// MARK: - Doc comments of Sources/TelemetryDeckTracker

private func telemetryDeckDocComments(
  salt: String, consent: ConsentStore, recorder: TrackerRecorder<TelemetryDeckEvent>,
  postHogTracker: @escaping Tracker<AnalyticsData>
) {
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/ClientUser.swift#1
    telemetryDeckClientUserHash(for: "abc")                    // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    telemetryDeckClientUserHash(for: "user-42", salt: salt)    // what every signal of user-42 carries
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/TelemetryDeckConfiguration.swift#1
    TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "8BADF00D-..."))
    TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "8BADF00D-...", namespace: "com.example"))
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/TelemetryDeckEnvironment.swift#1
    // At launch:
    TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "8BADF00D-...", privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      TelemetryDeckTracker.Current.send = recorder.tracker
      telemetryDeckTracker(.screen(name: "Cart"))
    }
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/Mapping.swift#1
    telemetryDeckSignal(for: .screen(name: "Cart"))
    // .signal(type: "Screen Viewed", payload: ["screenName": "Cart"], floatValue: nil)
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/TelemetryDeckEvent.swift#1
    telemetryDeckSignal(for: .event(name: "Checkout.completed", properties: ["items": 3, "floatValue": 42.5]))
    // .signal(type: "Checkout.completed", payload: ["items": "3"], floatValue: 42.5)
    // end snippet
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/TelemetryDeckTracker.swift#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(telemetryDeckTracker, transform: \.analyticsData),
      pullback(postHogTracker, transform: \.analyticsData)
    )
    // end snippet
    _ = send
  }
  compile {
    // snippet: Examples/TelemetryDeckTracker/Sources/TelemetryDeckTracker/Validation.swift#1
    #expect(telemetryDeckIssues(for: .event(name: "Checkout.completed")).isEmpty)
    telemetryDeckIssues(for: .event(name: "Checkout.completed", properties: ["count": 3]))
    // TelemetryDeck: property 'count' is a reserved key, which the server renames with a leading underscore. To fix this, ...
    // end snippet
  }
}

// MARK: - Sources/TrackersDelivery/ModuleKit/VendorModule.swift (in swift-trackers)

// Acme's event, declared here: the example is a vendor module's top level.
struct AcmeEvent: CustomStringConvertible, Sendable {
  var description: String { "acme event" }
}

// snippet: Sources/TrackersDelivery/ModuleKit/VendorModule.swift#1
let acmeModule = VendorModule(
  name: "AcmeTracker", vendor: "Acme",
  configuration: #"AcmeTracker.Current = try .live(AcmeConfiguration(apiKey: "..."))"#
)

extension AcmeEvent: VendorEvent {
  // The module constant is named after the vendor: inside this extension, `vendorModule` names this property.
  public static var vendorModule: VendorModule { acmeModule }
}

func reject(_ data: AnalyticsData, _ issues: [ValidationIssue]) {
  acmeModule.rejectInvalid(issues, event: data.description)   // built only if it is reported
}
// end snippet

// MARK: - Sources/Trackers/Documentation.docc/WritingATrackerModule.md (in swift-trackers)

@Suite struct WritingATrackerModuleSnippets {
  // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#4
  @Test(.isolatedEnvironments) func screensAreSignals() {
    let recorder = TrackerRecorder<TelemetryDeckEvent>()
    Current = .unimplemented              // any closure the tracker should not use fails the test
    Current.send = recorder.tracker
    telemetryDeckTracker(.screen(name: "Cart"))
    recorder.expect(telemetryDeckSignal(for: .screen(name: "Cart")))
  }
  // end snippet

  // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#5
  @Test func aSignalIsWhatTelemetryDeckReads() async throws {
    let storage = try TemporaryStorage()
    let transport = ScriptedTransport()
    var configuration = TelemetryDeckConfiguration(appID: "APP-ID", storageDirectory: storage.url)
    configuration.transport = transport
    configuration.context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    configuration.now = { Date(timeIntervalSince1970: 1_793_817_970) }
    configuration.queueClock = VirtualQueueClock()
    let environment = try TelemetryDeckEnvironment.live(configuration)
    environment.send(telemetryDeckSignal(for: "Opened"))   // .signal(type: "Opened", payload: [...], floatValue: nil)
    await environment.deliverPending()
    let signals = try #require(try transport.requests.first?.json().arrayValue)
    #expect(signals.first?["type"] == "Opened")
  }
  // end snippet
}

/// Compiled only: ConformanceTests runs the same requirements.
@Suite(.disabled("compiled only: ConformanceTests runs the conformance suite")) struct ConformanceSnippets {
  // snippet: Sources/Trackers/Documentation.docc/WritingATrackerModule.md#6
  let telemetryDeck = TrackerModuleDescription<TelemetryDeckEvent>(
    name: "TelemetryDeckTracker", consentDestination: "TelemetryDeck",
    maxEventsPerRequest: TelemetryDeckLimits.signalsPerRequest, maxBytesPerRequest: TelemetryDeckLimits.requestBytes,
    secret: "salt-0f8c2d6e9b",                       // must never reach a log (TelemetryDeck: the salt)
    live: { apply in
      var configuration = TelemetryDeckConfiguration(appID: "APP-ID", salt: "salt-0f8c2d6e9b")
      apply(&configuration.options)                  // storage, transport, privacy, reports, virtual time
      return try .live(configuration)
    },
    map: telemetryDeckSignal(for:),                  // the module's mapping: the suite picks the events
    events: { try $0.json().arrayValue ?? [] },      // where a request carries its events
    dedupId: nil,                                    // none: retries and splits are checked on the events
    anonymousIds: { try ($0.json().arrayValue ?? []).compactMap { $0["clientUser"]?.stringValue } },
    credentialError: .status(401)                    // a vendor without anonymous ids passes `anonymousIds: nil`
  )

  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(telemetryDeck)
    #expect(result.passed, "\(result)")
  }
  // end snippet

}

// MARK: - Sources/TrackersDeliveryTesting/Documentation.docc/TrackersDeliveryTesting.md (in swift-trackers)

@Suite struct TrackersDeliveryTestingSnippets {
  // snippet: Sources/TrackersDeliveryTesting/Documentation.docc/TrackersDeliveryTesting.md#1
  @Test func aRetryKeepsTheDedupId() async throws {
    let storage = try TemporaryStorage()
    let transport = ScriptedTransport()
    transport.script(.status(503))                       // the first request fails, the retry succeeds
    var configuration = TelemetryDeckConfiguration(appID: "APP", storageDirectory: storage.url)
    configuration.transport = transport
    configuration.queueClock = VirtualQueueClock()       // the retry waits its backoff on virtual time
    let environment = try TelemetryDeckEnvironment.live(configuration)

    environment.send(.signal(type: "Opened", payload: [:], floatValue: nil))
    let counters = await environment.deliverPending()    // flushes until nothing is pending
    #expect(counters.delivery.delivered == 1)
    #expect(transport.requests.count == 2)
    #expect(try transport.requests[1].json() == transport.requests[0].json())   // the same signal, resent
  }
  // end snippet
}

@Suite(.disabled("compiled only: ConformanceTests runs the conformance suite")) struct ConformanceSnippet {
  var telemetryDeckModule: TrackerModuleDescription<TelemetryDeckEvent> { ConformanceSnippets().telemetryDeck }

  // snippet: Sources/TrackersDeliveryTesting/Documentation.docc/TrackersDeliveryTesting.md#2
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(telemetryDeckModule)
    #expect(result.passed, "\(result)")
  }
  // end snippet
}
