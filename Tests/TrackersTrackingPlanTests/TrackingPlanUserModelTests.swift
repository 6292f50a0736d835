import Foundation
import Testing
import Trackers
import TrackersTesting
@testable import TrackersTrackingPlan

/// A vendor with Segment's traits: it has no profile operation but set, and says so with a rule by design;
/// what it receives is its event's name and keys.
let traitsOnlyReceiver = TrackingPlanReceiver(
  "Segment",
  { data in
    switch data {
    case let .profile(operation):
      [ValidationIssue(
        vendor: "Segment", rule: "profile-operation-unsupported",
        message: "Segment traits have no '\(name(of: operation))'")]
    case let .event(name, _) where name.isEmpty:
      [ValidationIssue(vendor: "Segment", rule: "event-name-empty", message: "event name is empty")]
    default: []
    }
  },
  receives: { data in "\(data.name ?? "\(data)") \(data.properties.keys.sorted())" })

/// The operation's name in the receiver's message, as TrackersDelivery's `ProfileOperation.operationName` gives
/// it (this target links only Trackers and TrackersTesting, as an app's tests do).
private func name(of operation: ProfileOperation) -> String {
  switch operation {
  case .setOnce: "set once"
  case .increment: "increment"
  case .append: "append"
  case .prepend: "prepend"
  case .union: "union"
  case .remove: "remove"
  case .unset: "unset"
  }
}

/// The user model in tracking plans: each new case is an entry like an event, with what each vendor
/// receives, a refusal by design included.
@Suite struct TrackingPlanUserModelTests {
  static let order = StandardEvent.Order(
    id: "o-1", currency: "EUR", products: [StandardEvent.Product(id: "tea", price: 4.5)], total: 4.5, revenue: 4.5)

  static let userModel: [AnalyticsData] = [
    .standard(.orderCompleted(order), properties: ["gift": true]),
    .standard(.productViewed(StandardEvent.Product(id: "tea", name: "Sencha", price: 4.5, currency: "EUR"))),
    .alias(userId: "u-1"),
    .group(type: "company", key: "acme", traits: ["plan": "business"]),
    .profile(.increment(name: "orders_count", by: 1)),
    .profile(.setOnce(name: "first_order_at", value: .date(Date(timeIntervalSince1970: 0)))),
    .profile(.union(name: "tags", values: ["tea"])),
    .profile(.unset(name: "coupon")),
    .superProperties(.register(["theme": "dark", "tier": 2])),
    .superProperties(.registerOnce(["first_seen": "2.1.0"])),
    .superProperties(.unregister("tier")),
    .superProperties(.unregisterAll),
    .timeEvent(name: "Order Completed"),
  ]

  @Test func everyCaseIsAnEntryWithItsKindNameAndProperties() {
    let plan = trackedPlan(Self.userModel, module: "Shop", receivers: [])
    #expect(plan.entries.map(\.title) == [
      #"alias "alias""#,
      #"group "company""#,
      #"profile.increment "orders_count""#,
      #"profile.setOnce "first_order_at""#,
      #"profile.union "tags""#,
      #"profile.unset "coupon""#,
      #"standard "Order Completed""#,
      #"standard "Product Viewed""#,
      #"superProperty "theme""#,
      #"superProperty "tier""#,
      #"superProperty.once "first_seen""#,
      #"superProperty.unregister "tier""#,
      #"superProperty.unregisterAll "all""#,
      #"timer "Order Completed""#,
    ])
    func properties(_ kind: String, _ name: String) -> [String] {
      plan.entry(kind, name)?.properties.map { "\($0.name): \($0.type)" } ?? ["no such entry"]
    }
    #expect(properties("group", "company") == ["plan: string"])
    #expect(properties("profile.increment", "orders_count") == ["by: int"])
    #expect(properties("profile.setOnce", "first_order_at") == ["value: date"])
    #expect(properties("profile.union", "tags") == ["values: list"])
    #expect(properties("profile.unset", "coupon") == [])
    #expect(properties("superProperty", "tier") == ["value: int"])
    // A standard event's fields as the neutral form names them, and its own properties.
    #expect(properties("standard", "Order Completed") == [
      "currency: string", "gift: bool", "order_id: string", "products: list", "revenue: double", "total: double",
      "value: double",
    ])
    #expect(properties("standard", "Product Viewed") == [
      "currency: string", "name: string", "price: double", "product_id: string", "quantity: int",
    ])
  }

  @Test func aStandardEntrysSampleIsTheStandardEventWithTheFieldsItHas() throws {
    let plan = trackedPlan(Self.userModel, module: "Shop", receivers: [])
    let entry = try #require(plan.entry("standard", "Order Completed"))
    let sample = try #require(TrackingPlanRecording.sample(entry))
    guard case let .standard(.orderCompleted(order), properties) = sample else {
      Issue.record("not an order: \(sample)")
      return
    }
    #expect(order.id != nil && order.total != nil && order.tax == nil && order.products.count == 1)
    #expect(properties == ["gift": true])
    #expect(StandardEvent.orderCompleted(order).issues(vendor: "Test").isEmpty)
    // An order planned without its id samples without one, so a vendor that needs it says so.
    let withoutId = trackedPlan([.standard(.orderCompleted(StandardEvent.Order(currency: "EUR", products: [])))], receivers: [])
    let bareEntry = try #require(withoutId.entry("standard", "Order Completed"))
    let bare = try #require(TrackingPlanRecording.sample(bareEntry))
    #expect(bare.issues(vendor: "Test") == ["standard-order-id"])
  }

  @Test func eachEntrySaysWhatEachVendorReceivesAndARefusalByDesignBreaksNoRule() throws {
    let receivers = [traitsOnlyReceiver]
    let plan = TrackingPlanCheck.describingWhatEachVendorReceives(
      trackedPlan(Self.userModel, module: "Shop", receivers: receivers), receivers)
    func received(_ kind: String, _ name: String) -> String? { plan.entry(kind, name)?.received["Segment"] }
    #expect(received("group", "company") == #"group company text {"plan": "text"} ["plan"]"#)
    #expect(received("profile.increment", "orders_count")
      == "not sent, by design: Segment traits have no 'increment' [profile-operation-unsupported]")
    #expect(received("superProperty", "theme") == #"property "theme" on every later event"#)
    #expect(received("superProperty.once", "first_seen")
      == #"property "first_seen" on every later event, unless already registered"#)
    #expect(received("timer", "Order Completed") == #"property "duration" (seconds) on the next "Order Completed""#)
    #expect(received("standard", "Order Completed")?.hasPrefix("Order Completed [") == true)
    // Refused by design, recorded as what the vendor receives: no rule broken.
    #expect(TrackingPlanCheck.ruleViolations(plan, receivers).isEmpty)
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Shop.json")
    #expect(TrackingPlanCheck.verify(
      trackedPlan(Self.userModel, module: "Shop", receivers: receivers), againstFileAt: path, receivers: receivers,
      record: true) == [])
    let markdown = try #require(directory.text("Shop.md"))
    #expect(markdown.contains("""
      ### profile.increment: orders_count

      Sent to: Segment

      | Property | Type | Always present |
      | --- | --- | --- |
      | `by` | int | yes |

      | Vendor | Receives |
      | --- | --- |
      | Segment | `not sent, by design: Segment traits have no 'increment' [profile-operation-unsupported]` |
      """))
  }

  @Test func aSuperPropertyIsCheckedAsThePipelineChecksIt() {
    let strict = TrackingPlanReceiver("GA4") { data in
      data.properties.keys.filter { $0.contains(" ") }.map {
        ValidationIssue(vendor: "GA4", rule: "param-name-characters", message: "parameter '\($0)' has ' '")
      }
    }
    let plan = trackedPlan(
      [.superProperties(.register(["App Theme": "dark"])), .timeEvent(name: "Order Completed")], module: "Shop",
      receivers: [strict])
    #expect(TrackingPlanCheck.ruleViolations(plan, [strict]).map { $0.components(separatedBy: "\n")[0] } == [
      #"superProperty "App Theme" in Shop's plan breaks GA4's rules: parameter 'App Theme' has ' '"#
    ])
  }

  @Test func aChangeInWhatAVendorReceivesIsAChangeOfThePlan() throws {
    let receivers = [traitsOnlyReceiver]
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Shop.json")
    let group: AnalyticsData = .group(type: "company", key: "acme", traits: ["plan": "business"])
    _ = TrackingPlanCheck.verify(trackedPlan([group], module: "Shop", receivers: receivers), againstFileAt: path,
      receivers: receivers, record: true)
    let renaming = TrackingPlanReceiver(
      "Segment", traitsOnlyReceiver.validate, receives: { _ in "group acme (renamed)" })
    let messages = TrackingPlanCheck.verify(
      trackedPlan([group], module: "Shop", receivers: [renaming]), againstFileAt: path, receivers: [renaming],
      record: false)
    #expect(messages.count == 1)
    #expect(messages.first?.contains(
      #"~ group "company": Segment receives group acme (renamed), planned: group company text {"plan": "text"} ["plan"]"#)
      == true)
    // Checked by receivers that don't say what they receive, the plan's forms change nothing.
    #expect(TrackingPlanCheck.verify(
      trackedPlan([group], module: "Shop", receivers: [lenientSegment]), againstFileAt: path,
      receivers: [lenientSegment], record: false) == [])
  }

  @Test func aPlanWithoutFormsReadsAsBeforeAndWritesNoEmptyForms() throws {
    let old = #"{"entries": [{"kind": "event", "name": "Signed Up", "properties": [], "vendors": ["GA4"]}], "module": "M"}"#
    let plan = try TrackingPlan(json: Data(old.utf8))
    #expect(plan.entries.first?.received == [:])
    #expect(!plan.json().contains("received"))
  }
}

/// Segment's name with no rules and no forms.
let lenientSegment = TrackingPlanReceiver("Segment") { _ in [] }

extension AnalyticsData {
  /// The rules a value breaks of those every vendor shares, for the samples.
  fileprivate func issues(vendor: String) -> [String] {
    guard case let .standard(event, _) = self else { return [] }
    return event.issues(vendor: vendor).map(\.rule)
  }
}
