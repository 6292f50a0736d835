import Foundation
import Trackers

/// Notes every `AnalyticsData` that reaches a ``TrackerRecorder`` while a module's tests run inside
/// ``TrackingPlanTrait`` (or
/// ``withTrackingPlan(_:module:receivers:isolation:fileID:filePath:line:column:_:)``), to make the
/// module's ``TrackingPlan``.
///
/// Recording is per test scope, as `Current` is: a task-local holds the recording, so suites running in
/// parallel never mix their events, and outside that scope (in an app) nothing is noted.
package final class TrackingPlanRecording: Sendable {
  /// The recording of the running scope, if any.
  @TaskLocal package static var current: TrackingPlanRecording?

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
    guard let (kind, name, properties) = Self.describe(data) else { return }
    seen.withLock { seen in
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

  /// The kind, name and properties of a value, or `nil` for what a plan doesn't list.
  static func describe(_ data: AnalyticsData) -> (String, String, [String: PropertyValue])? {
    switch data {
    case let .event(name, properties): ("event", name, properties)
    case let .screen(name, properties): ("screen", name, properties)
    case let .userProperty(name, value): ("userProperty", name, ["value": value])
    case let .error(_, properties): ("error", "error", properties)
    case .userId: ("userId", "userId", [:])
    case let .lifecycle(event): ("lifecycle", AnalyticsData.lifecycle(event).name ?? "lifecycle", [:])
    case let .standard(event, properties):
      ("standard", event.name, event.properties.merging(properties) { event, _ in event })
    case .alias: ("alias", "alias", [:])
    case let .group(type, _, traits): ("group", type, traits)
    case let .profile(operation):
      ("profile", "\(operation.operationName) \(operation.name)", operation.values.isEmpty ? [:] : ["value": operation.values[0]])
    case let .superProperties(operation): ("superProperties", "register", operation.properties)
    case let .timeEvent(name): ("timeEvent", name, [:])
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
    switch entry.kind {
    case "event": return .event(name: entry.name, properties: properties)
    case "screen": return .screen(name: entry.name, properties: properties)
    case "userProperty": return .userProperty(name: entry.name, value: properties["value"] ?? .string("text"))
    // An error's properties go to the vendors as an event's do: their names and types are checked too.
    case "error": return .error(message: "text", properties: properties)
    default: return nil
    }
  }
}
