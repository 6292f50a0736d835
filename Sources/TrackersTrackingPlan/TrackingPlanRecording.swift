import Foundation
import Trackers

/// Notes every `AnalyticsData` that reaches a `TrackerRecorder` while a module's tests run inside
/// `TrackingPlanTrait` (TrackersTesting; or
/// ``withTrackingPlan(_:module:receivers:isolation:fileID:filePath:line:column:_:)``), to make the
/// module's ``TrackingPlan``.
///
/// Recording is per test scope, as `Current` is: a task-local holds the recording, so suites running in
/// parallel never mix their events, and outside that scope (in an app) nothing is noted.
package final class TrackingPlanRecording: RecordedDataObserver {
  /// Runs `operation` with this recording noting what every `TrackerRecorder` receives.
  package func scope<R>(_ operation: () throws -> R) rethrows -> R {
    try RecordedData.$observer.withValue(self, operation: operation)
  }

  /// Runs an asynchronous `operation` with this recording noting what every `TrackerRecorder` receives.
  package func scope<R>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
  ) async rethrows -> R {
    try await RecordedData.$observer.withValue(self, operation: operation)
  }

  package func observe(_ data: AnalyticsData) { record(data) }

  private struct Seen {
    var count = 0
    var properties: [String: (types: Set<String>, count: Int)] = [:]
    var vendors: Set<String> = []
  }

  private let seen = LockIsolated<[String: Seen]>([:])
  /// The vendors every recorded entry is sent to (the app's composition), added to each entry.
  let receivers: [String]

  /// Creates an empty recording; `receivers` are the vendors the app sends this module's events to.
  package init(receivers: [String] = []) {
    self.receivers = receivers
  }

  /// Notes one tracked value, received by `vendor` if given.
  package func record(_ data: AnalyticsData, vendor: String? = nil) {
    let described = Self.describe(data)
    guard !described.isEmpty else { return }
    seen.withLock { seen in
      for (kind, name, properties) in described {
        var entry = seen[kind + "\u{0}" + name, default: Seen()]
        entry.count += 1
        for (key, value) in properties {
          entry.properties[key, default: ([], 0)].types.insert(Self.typeName(value))
          entry.properties[key, default: ([], 0)].count += 1
        }
        if let vendor { entry.vendors.insert(vendor) }
        seen[kind + "\u{0}" + name] = entry
      }
    }
  }

  /// What was recorded, as a plan of `module`.
  package func plan(module: String) -> TrackingPlan {
    let entries = seen.withLock { seen in
      seen.map { key, entry -> TrackingPlan.Entry in
        let parts = key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
        let properties = entry.properties.map { name, property in
          TrackingPlan.Property(
            name: name, type: Self.joined(property.types), required: property.count == entry.count)
        }
        return TrackingPlan.Entry(
          kind: String(parts[0]), name: String(parts[1]), properties: properties,
          vendors: Array(entry.vendors.union(receivers)))
      }
    }
    return TrackingPlan(module: module, entries: entries)
  }

  /// The entries of a value: kind, name and properties (see ``TrackingPlan/Entry``); one for each
  /// property a super-property registration names, none for what a plan doesn't list.
  static func describe(_ data: AnalyticsData) -> [(String, String, [String: PropertyValue])] {
    switch data {
    case let .event(name, properties): [("event", name, properties)]
    case let .screen(name, properties): [("screen", name, properties)]
    case let .userProperty(name, value): [("userProperty", name, ["value": value])]
    // One entry per property, as if each were set alone: a plan lists the user's properties, not how
    // many travel together.
    case let .userProperties(properties):
      properties.sorted { $0.key < $1.key }.map { ("userProperty", $0.key, ["value": $0.value]) }
    case let .error(_, properties): [("error", "error", properties)]
    case .userId: [("userId", "userId", [:])]
    // A sign-in with traits is the two it applies: the identification, and each trait as a user property.
    case let .signIn(_, traits):
      [("userId", "userId", [:])] + traits.sorted { $0.key < $1.key }.map { ("userProperty", $0.key, ["value": $0.value]) }
    case let .lifecycle(event): [("lifecycle", AnalyticsData.lifecycle(event).name ?? "lifecycle", [:])]
    // The standard fields as the neutral form names them (Segment's spec: `product_id`, `order_id`,
    // `revenue`, `products`), which win over the event's own properties of the same names, as they do on
    // the wire.
    case let .standard(event, properties):
      [("standard", event.name, event.properties.merging(properties) { field, _ in field })]
    case .alias: [("alias", "alias", [:])]
    case let .group(type, _, traits): [("group", type, traits)]
    case let .profile(operation): [describe(operation)]
    case let .superProperties(operation): describe(operation)
    case let .timeEvent(name): [("timer", name, [:])]
    case .reset: [("reset", "reset", [:])]
    }
  }

  private static func describe(_ operation: ProfileOperation) -> (String, String, [String: PropertyValue]) {
    switch operation {
    case let .setOnce(name, value): ("profile.setOnce", name, ["value": value])
    case let .increment(name, by): ("profile.increment", name, ["by": by])
    case let .append(name, value): ("profile.append", name, ["value": value])
    case let .prepend(name, value): ("profile.prepend", name, ["value": value])
    case let .union(name, values): ("profile.union", name, ["values": .array(values)])
    case let .remove(name, value): ("profile.remove", name, ["value": value])
    case let .unset(name): ("profile.unset", name, [:])
    }
  }

  private static func describe(_ operation: SuperPropertyOperation) -> [(String, String, [String: PropertyValue])] {
    switch operation {
    case let .register(properties): properties.map { ("superProperty", $0.key, ["value": $0.value]) }
    case let .registerOnce(properties): properties.map { ("superProperty.once", $0.key, ["value": $0.value]) }
    case let .registerForUser(properties): properties.map { ("superProperty.user", $0.key, ["value": $0.value]) }
    case let .unregister(name): [("superProperty.unregister", name, [:])]
    case .unregisterAll: [("superProperty.unregisterAll", "all", [:])]
    }
  }

  static func typeName(_ value: PropertyValue) -> String {
    switch value {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .date: "date"
    case .array: "list"
    case .object: "object"
    case .null: "null"
    }
  }

  /// The types in the order `PropertyValue` declares them, joined by `|`: `int|double`, never
  /// `double|int`.
  static func joined(_ types: Set<String>) -> String {
    let order = ["string", "int", "double", "bool", "date", "list", "object", "null"]
    func rank(_ type: String) -> (Int, String) { (order.firstIndex(of: type) ?? order.count, type) }
    return types.sorted { rank($0) < rank($1) }.joined(separator: "|")
  }

  /// A value of `type` to check a vendor's rules with: the rules are about names, kinds and sizes, and
  /// these are short and plain.
  static func representative(_ type: String) -> PropertyValue {
    switch type.split(separator: "|").first.map(String.init) ?? type {
    case "int": .int(1)
    case "double": .double(1.5)
    case "bool": .bool(true)
    case "date": .date(Date(timeIntervalSince1970: 1_700_000_000))
    case "list": .array([.string("text")])
    case "object": .object(["key": .string("text")])
    case "null": .null
    default: .string("text")
    }
  }

  /// An entry as a value its vendors can validate, with representative property values; `nil` for an
  /// identification (its one value is the user id, which a plan doesn't hold) and for the lifecycle's
  /// own events (the vendor modules name them).
  static func sample(_ entry: TrackingPlan.Entry) -> AnalyticsData? {
    let properties = Dictionary(uniqueKeysWithValues: entry.properties.map { ($0.name, representative($0.type)) })
    let value = properties["value"] ?? .string("text")
    switch entry.kind {
    case "event": return .event(name: entry.name, properties: properties)
    case "screen": return .screen(name: entry.name, properties: properties)
    case "userProperty": return .userProperty(name: entry.name, value: value)
    // An error's properties go to the vendors as an event's do: their names and types are checked too.
    case "error": return .error(message: "text", properties: properties)
    case "standard": return standardSample(entry)
    // Long enough for every vendor's shortest id (Amplitude's 5 characters).
    case "alias": return .alias(userId: "user-text")
    case "group": return .group(type: entry.name, key: "text", traits: properties)
    case "profile.setOnce": return .profile(.setOnce(name: entry.name, value: value))
    case "profile.increment": return .profile(.increment(name: entry.name, by: properties["by"] ?? .int(1)))
    case "profile.append": return .profile(.append(name: entry.name, value: value))
    case "profile.prepend": return .profile(.prepend(name: entry.name, value: value))
    case "profile.union": return .profile(.union(name: entry.name, values: properties["values"]?.arrayValue ?? []))
    case "profile.remove": return .profile(.remove(name: entry.name, value: value))
    case "profile.unset": return .profile(.unset(name: entry.name))
    case "superProperty": return .superProperties(.register([entry.name: value]))
    case "superProperty.once": return .superProperties(.registerOnce([entry.name: value]))
    case "superProperty.user": return .superProperties(.registerForUser([entry.name: value]))
    case "superProperty.unregister": return .superProperties(.unregister(entry.name))
    case "superProperty.unregisterAll": return .superProperties(.unregisterAll)
    case "timer": return .timeEvent(name: entry.name)
    case "reset": return .reset
    default: return nil
    }
  }

  /// What a vendor's rules check for an entry: its sample, except for what the vendor modules' pipeline
  /// keeps instead of mapping. A registered super property is checked as the pipeline checks it, as the
  /// property of an event named `super_properties` (`TrackersDelivery`'s
  /// `EventAdditions.registrationEventName`); unregistering, timers and resets break no rule (`nil`).
  static func ruleSample(_ entry: TrackingPlan.Entry) -> AnalyticsData? {
    switch entry.kind {
    case "superProperty", "superProperty.once":
      let value = entry.properties.first { $0.name == "value" }.map { representative($0.type) } ?? .string("text")
      return .event(name: "super_properties", properties: [entry.name: value])
    case "superProperty.unregister", "superProperty.unregisterAll", "timer", "reset":
      return nil
    default:
      return sample(entry)
    }
  }

  /// The standard event an entry names, with representative values in the fields the entry has (a
  /// field it doesn't have stays `nil`, so a vendor that needs it says so), and its own properties.
  static func standardSample(_ entry: TrackingPlan.Entry) -> AnalyticsData? {
    let present = Set(entry.properties.map(\.name))
    func text(_ name: String) -> String? { present.contains(name) ? "text" : nil }
    func amount(_ name: String) -> Double? { present.contains(name) ? 1.5 : nil }
    // Currencies are checked as ISO 4217 codes: a representative "text" would break the rule.
    let currency = present.contains("currency") ? "USD" : nil
    let product = StandardEvent.Product(
      id: "text", name: text("name"), sku: text("sku"), category: text("category"), brand: text("brand"),
      variant: text("variant"), price: amount("price"), coupon: text("coupon"), currency: currency)
    let order = StandardEvent.Order(
      id: text("order_id"), currency: "USD",
      products: present.contains("products") ? [StandardEvent.Product(id: "text", name: "text", price: 1.5)] : [],
      total: amount("total"), revenue: amount("revenue"), tax: amount("tax"), shipping: amount("shipping"),
      discount: amount("discount"), coupon: text("coupon"))
    let method = text("method")
    let campaign = present.contains("campaign")
      ? StandardEvent.Campaign(id: "text", name: "text", source: "text", medium: "text") : StandardEvent.Campaign()
    let push = StandardEvent.PushNotification(campaign: campaign, action: text("action"))
    let candidates: [StandardEvent] = [
      .productViewed(product), .productAdded(product), .productRemoved(product), .cartViewed(order),
      .checkoutStarted(order), .orderCompleted(order), .orderRefunded(order), .signedUp(method: method),
      .loggedIn(method: method), .searched(query: "text"),
      .shared(method: text("share_via"), contentType: text("content_type"), itemId: text("item_id")),
      .deepLinkOpened(StandardEvent.DeepLink(url: "text", referrer: text("referring_application"))),
      .pushNotificationReceived(push), .pushNotificationOpened(push),
    ]
    guard let event = candidates.first(where: { $0.name == entry.name }) else { return nil }
    let fields = event.properties
    var own: AnalyticsData.Properties = [:]
    for property in entry.properties where fields[property.name] == nil {
      own[property.name] = representative(property.type)
    }
    return .standard(event, properties: own)
  }
}
