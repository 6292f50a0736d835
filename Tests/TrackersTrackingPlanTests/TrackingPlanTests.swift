import Foundation
import Testing
import Trackers
import TrackersTesting
@testable import TrackersTrackingPlan

// Every test keeps its plan files in a directory of its own, so tests run in parallel with no shared state.

/// A fresh temporary directory for one test's plan files, deleted when the test lets go of it.
final class TrackingPlanDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TrackingPlanTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` in the directory.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The text of `name`, or `nil` if there is no such file.
  func text(_ name: String) -> String? {
    (try? Data(contentsOf: url.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
  }
}

/// A vendor with GA4's limit on names: at most 40 characters.
let strictReceiver = TrackingPlanReceiver("GA4") { data in
  guard let name = data.name, name.count > 40 else { return [] }
  return [
    ValidationIssue(
      vendor: "GA4", rule: "event-name-length",
      message: "event name '\(name)' has \(name.count) characters; GA4 accepts at most 40")
  ]
}

/// A vendor that accepts anything.
let lenientReceiver = TrackingPlanReceiver("Mixpanel") { _ in [] }

let catalogReceivers = [strictReceiver, lenientReceiver]

/// What the Catalog module's tests track: `coupon` is on one `Product Viewed` of two.
let catalogEvents: [AnalyticsData] = [
  .screen(name: "Catalog"),
  .event(name: "Product Viewed", properties: ["product_id": "p1", "price": 9.99, "coupon": "XMAS"]),
  .event(name: "Product Viewed", properties: ["product_id": "p2", "price": 5.5]),
  .event(name: "Added To Cart", properties: ["product_id": "p1", "quantity": 1]),
]

/// Tracks `events` through a ``TrackerRecorder`` inside a tracking-plan scope, as a module's tests do, and
/// returns the plan they make.
func trackedPlan(
  _ events: [AnalyticsData], module: String = "Catalog", receivers: [TrackingPlanReceiver] = catalogReceivers
) -> TrackingPlan {
  let recording = TrackingPlanRecording(receivers: receivers.map(\.name))
  let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
  recording.scope {
    for event in events { recorder.tracker(event) }
  }
  return recording.plan(module: module)
}

/// Records the Catalog plan `events` make at `path` (record mode), and returns the messages.
func recordPlan(_ events: [AnalyticsData], at path: String) -> [String] {
  TrackingPlanCheck.verify(trackedPlan(events), againstFileAt: path, receivers: catalogReceivers, record: true)
}

/// Checks the Catalog plan `events` make against the file at `path`, and returns the messages.
func checkPlan(_ events: [AnalyticsData], at path: String) -> [String] {
  TrackingPlanCheck.verify(trackedPlan(events), againstFileAt: path, receivers: catalogReceivers, record: false)
}

/// The message `verify` gives for `changes` against the plan at `path`.
func differenceMessage(_ changes: [String], path: String, module: String = "Catalog") -> String {
  "The events \(module)'s tests tracked differ from its tracking plan \(path):\n"
    + changes.map { "  " + $0 }.joined(separator: "\n")
    + "\nIf the change is intended, re-record: TRACKING_PLAN_RECORD=1 swift test --filter <these tests>, "
    + "then review the diff of the plan in the pull request."
}

/// Whether the tests run in record mode, where the checks that must fail would record instead.
let isRecordingPlans = ProcessInfo.processInfo.environment[TrackingPlanCheck.recordVariable] == "1"

@Suite struct TrackingPlanRecordModeTests {
  @Test func recordModeWritesTheJSONAndTheMarkdownThenTheSameEventsPass() throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")

    #expect(recordPlan(catalogEvents, at: path) == [])

    let json = try #require(directory.text("Catalog.json"))
    #expect(try TrackingPlan(json: Data(json.utf8)) == trackedPlan(catalogEvents))
    #expect(
      directory.text("Catalog.md") == """
        ## Catalog

        ### event: Added To Cart

        Sent to: GA4, Mixpanel

        | Property | Type | Always present |
        | --- | --- | --- |
        | `product_id` | string | yes |
        | `quantity` | int | yes |

        ### event: Product Viewed

        Sent to: GA4, Mixpanel

        | Property | Type | Always present |
        | --- | --- | --- |
        | `coupon` | string | no |
        | `price` | double | yes |
        | `product_id` | string | yes |

        ### screen: Catalog

        Sent to: GA4, Mixpanel

        No properties.

        """)
    #expect(checkPlan(catalogEvents, at: path) == [])
  }

  @Test func theJSONIsStableWithEntriesAndPropertiesSorted() throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")

    _ = recordPlan(catalogEvents, at: path)
    let first = try #require(directory.text("Catalog.json"))
    // The same events in the opposite order, recorded again: the same bytes.
    _ = recordPlan(catalogEvents.reversed(), at: path)
    let second = try #require(directory.text("Catalog.json"))
    #expect(first == second)
    #expect(trackedPlan(catalogEvents).json() == first)

    // Entries by kind then name, properties by name.
    let decoded = try TrackingPlan(json: Data(first.utf8))
    #expect(
      decoded.entries.map(\.title) == [#"event "Added To Cart""#, #"event "Product Viewed""#, #"screen "Catalog""#])
    #expect(
      decoded.entries.map { $0.properties.map(\.name) }
        == [["product_id", "quantity"], ["coupon", "price", "product_id"], []])
    #expect(decoded.entries.map(\.vendors) == Array(repeating: ["GA4", "Mixpanel"], count: 3))
    let addedToCart = try #require(first.range(of: "\"Added To Cart\""))
    let productViewed = try #require(first.range(of: "\"Product Viewed\""))
    let catalogScreen = try #require(first.range(of: "\"screen\""))
    #expect(addedToCart.lowerBound < productViewed.lowerBound)
    #expect(productViewed.lowerBound < catalogScreen.lowerBound)
    let coupon = try #require(first.range(of: "\"coupon\""))
    let price = try #require(first.range(of: "\"price\""))
    #expect(productViewed.lowerBound < coupon.lowerBound && coupon.lowerBound < price.lowerBound)
    #expect(first.hasSuffix("}\n"))
  }

  @Test func aMissingPlanSaysHowToCreateIt() throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    let messages = checkPlan(catalogEvents, at: path)
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("No readable tracking plan at \(path) (") == true)
    #expect(
      messages.first?.hasSuffix("To create it, run the tests with TRACKING_PLAN_RECORD=1 and commit the file.") == true)
  }
}

@Suite struct TrackingPlanFailureTests {
  /// Records the Catalog plan, checks `changed` events against it: exactly `lines` as changes, in one message
  /// that says how to re-record; then re-records and checks again: no message.
  func expectChanges(
    _ changed: [AnalyticsData], _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    #expect(recordPlan(catalogEvents, at: path) == [], sourceLocation: sourceLocation)

    let messages = checkPlan(changed, at: path)
    #expect(messages == [differenceMessage(lines, path: path)], sourceLocation: sourceLocation)
    #expect(messages.allSatisfy { $0.contains("TRACKING_PLAN_RECORD=1") }, sourceLocation: sourceLocation)
    #expect(trackedPlan(changed).changes(from: trackedPlan(catalogEvents)) == lines, sourceLocation: sourceLocation)

    // Re-recording accepts the change.
    #expect(recordPlan(changed, at: path) == [], sourceLocation: sourceLocation)
    #expect(checkPlan(changed, at: path) == [], sourceLocation: sourceLocation)
  }

  @Test func aRenamedProperty() throws {
    var changed = catalogEvents
    changed[3] = .event(name: "Added To Cart", properties: ["productId": "p1", "quantity": 1])
    try expectChanges(
      changed,
      [
        #"+ event "Added To Cart": property "productId" (string) is new"#,
        #"- event "Added To Cart": property "product_id" (string) is planned but no test tracked it"#,
      ])
  }

  @Test func aChangedType() throws {
    var changed = catalogEvents
    changed[3] = .event(name: "Added To Cart", properties: ["product_id": "p1", "quantity": "1"])
    try expectChanges(changed, [#"~ event "Added To Cart": property "quantity" changed type: int -> string"#])
  }

  @Test func aRemovedEvent() throws {
    try expectChanges(
      Array(catalogEvents.dropLast()), [#"- event "Added To Cart" is planned but no test tracked it any more"#])
  }

  @Test func aNewEvent() throws {
    try expectChanges(
      catalogEvents + [.event(name: "Checkout Started", properties: ["total": 15.49, "items": 2])],
      [#"+ event "Checkout Started" is new (properties: items: int, total: double)"#])
  }

  @Test func aPropertyNoLongerAlwaysPresent() throws {
    var changed = catalogEvents
    changed[2] = .event(name: "Product Viewed", properties: ["product_id": "p2"])
    try expectChanges(
      changed, [#"~ event "Product Viewed": property "price" is not always present, planned as always"#])
  }

  @Test func anEventInvalidForOneReceivingVendorFailsUntilItIsRenamed() throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    _ = recordPlan(catalogEvents, at: path)

    let longName = "Product Recommendation Carousel Item Tapped"
    let changed = catalogEvents + [.event(name: longName, properties: ["position": 2])]
    let rule = """
      event "Product Recommendation Carousel Item Tapped" in Catalog's plan breaks GA4's rules: \
      event name 'Product Recommendation Carousel Item Tapped' has 43 characters; GA4 accepts at most 40
      To fix this, change what Catalog tracks so that GA4 accepts it, then re-record: \
      TRACKING_PLAN_RECORD=1 swift test --filter <these tests>. Re-recording alone doesn't clear a vendor's rule.
      """
    let messages = checkPlan(changed, at: path)
    #expect(
      messages == [
        rule,
        differenceMessage(
          [#"+ event "Product Recommendation Carousel Item Tapped" is new (properties: position: int)"#], path: path),
      ])
    // Only the strict vendor is named: Mixpanel accepts the name.
    #expect(!messages.joined().contains("Mixpanel"))
    #expect(messages.allSatisfy { $0.contains("TRACKING_PLAN_RECORD=1") })

    // Re-recording writes the plan but doesn't hide the rule: it fails in record mode and after.
    #expect(recordPlan(changed, at: path) == [rule])
    #expect(directory.text("Catalog.json")?.contains(longName) == true)
    #expect(checkPlan(changed, at: path) == [rule])

    // Renamed and re-recorded: it passes.
    let renamed = catalogEvents + [.event(name: "Recommendation Tapped", properties: ["position": 2])]
    #expect(recordPlan(renamed, at: path) == [])
    #expect(checkPlan(renamed, at: path) == [])
  }

  @Test func aVendorOnlyChecksWhatItReceives() throws {
    let long: AnalyticsData = .event(name: "Product Recommendation Carousel Item Tapped")
    // Sent to Mixpanel only, the long name breaks no rule, though GA4 is among the receivers checked.
    let plan = trackedPlan([long], receivers: [lenientReceiver])
    #expect(plan.entries.map(\.vendors) == [["Mixpanel"]])
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    #expect(TrackingPlanCheck.verify(plan, againstFileAt: path, receivers: catalogReceivers, record: true) == [])
  }
}

@Suite struct TrackingPlanRecordingTests {
  @Test func recordsTypesAndWhetherEachPropertyIsAlwaysThere() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let plan = trackedPlan(
      [
        .event(
          name: "Everything",
          properties: [
            "string": "text", "int": 1, "double": 1.5, "bool": true, "date": .date(date), "list": ["a", 1],
            "object": ["key": "value"], "null": .null, "amount": 3, "sometimes": "here",
          ]),
        .event(
          name: "Everything",
          properties: [
            "string": "more", "int": 2, "double": 2.5, "bool": false, "date": .date(date), "list": [],
            "object": [:], "null": .null, "amount": 4.25,
          ]),
        .userProperty(name: "plan", value: "pro"),
        .screen(name: "Home"),
      ],
      module: "Kinds", receivers: [])
    #expect(
      plan
        == TrackingPlan(
          module: "Kinds",
          entries: [
            .init(
              kind: "event", name: "Everything",
              properties: [
                .init(name: "amount", type: "int|double"),
                .init(name: "bool", type: "bool"),
                .init(name: "date", type: "date"),
                .init(name: "double", type: "double"),
                .init(name: "int", type: "int"),
                .init(name: "list", type: "list"),
                .init(name: "null", type: "null"),
                .init(name: "object", type: "object"),
                .init(name: "sometimes", type: "string", required: false),
                .init(name: "string", type: "string"),
              ]),
            .init(kind: "screen", name: "Home"),
            .init(kind: "userProperty", name: "plan", properties: [.init(name: "value", type: "string")]),
          ]))
  }

  @Test func concurrentRecordingsNeverSeeEachOthersEvents() async {
    // One recorder's tracker for all: what separates the plans is the scope, not the recorder.
    let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
    let tracker = recorder.tracker
    let plans = await withTaskGroup(of: TrackingPlan.self) { group in
      for module in ["A", "B", "C", "D"] {
        group.addTask {
          let recording = TrackingPlanRecording()
          await recording.scope {
            for index in 0..<50 {
              tracker(.event(name: "\(module) \(index)", properties: ["\(module.lowercased())": .int(index)]))
              await Task.yield()
            }
          }
          return recording.plan(module: module)
        }
      }
      var plans: [String: TrackingPlan] = [:]
      for await plan in group { plans[plan.module] = plan }
      return plans
    }
    for module in ["A", "B", "C", "D"] {
      let plan = plans[module]
      #expect(plan?.entries.count == 50)
      #expect(plan?.entries.allSatisfy { $0.name.hasPrefix("\(module) ") } == true, "\(module)")
      #expect(plan?.entries.allSatisfy { $0.properties.map(\.name) == [module.lowercased()] } == true, "\(module)")
    }
    #expect(recorder.events.count == 200)
  }

  @Test func nothingIsRecordedOutsideAScope() {
    #expect(RecordedData.observer == nil)
    let recording = TrackingPlanRecording()
    let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
    recorder.tracker("Signed Up")
    #expect(recording.plan(module: "M").entries.isEmpty)

    // Once the scope has ended, nothing more is recorded either.
    recording.scope { recorder.tracker("Inside") }
    recorder.tracker("After")
    #expect(recording.plan(module: "M").entries.map(\.name) == ["Inside"])
    #expect(recorder.events == ["Signed Up", "Inside", "After"])
  }
}

@Suite(.disabled(if: isRecordingPlans, "Record mode rewrites the plans these tests expect to fail against"))
struct WithTrackingPlanTests {
  /// What `withTrackingPlan` reports while `events` are tracked against the plan at `path`.
  func reportedIssues(_ events: [AnalyticsData], path: String) async -> [String] {
    let issues = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
    let report = issues.tracker
    let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
    await withIssueReporter(IssueReporter { message, _ in report(message) }) {
      await withTrackingPlan(path, module: "Catalog", receivers: catalogReceivers) {
        for event in events { recorder.tracker(event) }
      }
    }
    #expect(recorder.events == events)
    return issues.events
  }

  @Test func reportsNothingForAMatchingPlan() async throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    _ = recordPlan(catalogEvents, at: path)
    #expect(await reportedIssues(catalogEvents, path: path) == [])
  }

  @Test func reportsEachDifferenceForAMismatchingPlan() async throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    _ = recordPlan(catalogEvents, at: path)
    var changed = catalogEvents
    changed[3] = .event(name: "Added To Cart", properties: ["product_id": "p1", "quantity": "1"])
    #expect(
      await reportedIssues(changed, path: path) == [
        differenceMessage([#"~ event "Added To Cart": property "quantity" changed type: int -> string"#], path: path)
      ])
  }

  @MainActor @Test func worksFromTheMainActor() async throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    _ = recordPlan(catalogEvents, at: path)
    let model = MainActorModel()
    let issues = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
    let report = issues.tracker
    await withIssueReporter(IssueReporter { message, _ in report(message) }) {
      // The body runs on the main actor: it may touch main-actor state.
      await withTrackingPlan(path, module: "Catalog", receivers: catalogReceivers) {
        for event in catalogEvents { model.track(event) }
      }
    }
    #expect(issues.events == [])
    #expect(model.recorder.events == catalogEvents)
  }

  @Test func theTraitChecksWhatItsScopeTracked() async throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    _ = recordPlan(catalogEvents, at: path)
    let traitLine = #line + 1
    let trait: TrackingPlanTrait = .trackingPlan(path, module: "Catalog", receivers: catalogReceivers)
    let test = try #require(Test.current)
    // It scopes suites, once: never a test function.
    #expect(trait.scopeProvider(for: test, testCase: nil) == nil)
    #expect(!trait.isRecursive)

    let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
    try await trait.provideScope(for: test, testCase: nil) {
      for event in catalogEvents { recorder.tracker(event) }
    }

    let expected = differenceMessage(
      [#"- event "Added To Cart" is planned but no test tracked it any more"#], path: path)
    let matched = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
    let match = matched.tracker
    try await withKnownIssue {
      try await trait.provideScope(for: test, testCase: nil) {
        for event in catalogEvents.dropLast() { recorder.tracker(event) }
      }
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined(separator: "\n")
      guard message == expected, issue.sourceLocation?.line == traitLine else { return false }
      match(message)
      return true
    }
    #expect(matched.events == [expected])
  }
}

/// A view model that tracks on the main actor.
@MainActor final class MainActorModel {
  let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
  private(set) var tracked = 0

  func track(_ event: AnalyticsData) {
    tracked += 1
    recorder.tracker(event)
  }
}
