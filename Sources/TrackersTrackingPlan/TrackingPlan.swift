import Foundation
import Trackers

/// Every event a module's tests made it emit: names, property names and types, whether each property is
/// always there, and which vendors receive it. Kept as a reviewed file next to the tests (see
/// `TrackingPlanTrait`), so a renamed property or a changed type fails a test instead of a funnel.
///
/// ```json
/// { "module": "Catalog",
///   "entries": [ { "kind": "event", "name": "Product Viewed", "vendors": ["GA4", "Mixpanel"],
///                  "properties": [ { "name": "price", "type": "double", "required": true } ] } ] }
/// ```
public struct TrackingPlan: Codable, Hashable, Sendable {
  /// The module whose events these are.
  public var module: String
  /// The events, screens and user properties, sorted by kind then name.
  public var entries: [Entry]

  /// One thing the module tracks.
  ///
  /// | Kind | Name | Properties |
  /// | --- | --- | --- |
  /// | `event`, `screen` | its name | its properties |
  /// | `error` | `error` | its properties |
  /// | `userProperty` | the property's name (one entry per property of a `.userProperties` or a `.signIn`'s traits) | `value` |
  /// | `userId`, `alias` | `userId` (also for a `.signIn`), `alias` | none |
  /// | `lifecycle` | the lifecycle event's name | none |
  /// | `standard` | the standard event's neutral name (`Order Completed`) | its fields as the neutral form names them (``Trackers/StandardEvent/properties``: `product_id`, `order_id`, `revenue`, `products`, `method`, ...) and its own properties |
  /// | `group` | the group's type (`company`) | the group's traits |
  /// | `profile.setOnce`, `profile.increment`, `profile.append`, `profile.prepend`, `profile.union`, `profile.remove`, `profile.unset` | the profile property's name | `value` (`by` for an increment, `values` for a union; none for an unset) |
  /// | `superProperty`, `superProperty.once` | the registered property's name (one entry each) | `value` |
  /// | `superProperty.unregister` | the property's name | none |
  /// | `superProperty.unregisterAll` | `all` | none |
  /// | `timer` | the timed event's name | none |
  public struct Entry: Codable, Hashable, Sendable {
    /// The kind of entry: `event`, `screen`, `userProperty`, `error`, `lifecycle`, `userId`, `standard`,
    /// `alias`, `group`, `profile.<operation>`, `superProperty…` or `timer` (see the table above).
    public var kind: String
    /// The event or screen name, the user property's name, `userId` for an identification; see the table.
    public var name: String
    /// The properties, sorted by name (a user property's value is its one property, `value`).
    public var properties: [Property]
    /// The vendors that receive it, sorted.
    public var vendors: [String]
    /// What each vendor receives, by vendor name: the vendor module's form of the entry with
    /// representative values (`event purchase {...}`), or why it sends nothing (`not sent, by design:
    /// ... [rule]`). Empty unless the receivers say what their vendor receives
    /// (``TrackingPlanReceiver/receives``); left out of the file when empty.
    public var received: [String: String]

    /// Creates an entry.
    public init(
      kind: String, name: String, properties: [Property] = [], vendors: [String] = [], received: [String: String] = [:]
    ) {
      self.kind = kind
      self.name = name
      self.properties = properties.sorted { $0.name < $1.name }
      self.vendors = vendors.sorted()
      self.received = received
    }

    /// `event "Product Viewed"`.
    package var title: String { "\(kind) \"\(name)\"" }

    private enum CodingKeys: String, CodingKey {
      case kind, name, properties, vendors, received
    }

    /// Reads an entry; a file written before entries said what each vendor receives reads as receiving
    /// nothing said.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        kind: try container.decode(String.self, forKey: .kind),
        name: try container.decode(String.self, forKey: .name),
        properties: try container.decode([Property].self, forKey: .properties),
        vendors: try container.decode([String].self, forKey: .vendors),
        received: try container.decodeIfPresent([String: String].self, forKey: .received) ?? [:])
    }

    /// Writes the entry, without `received` when it is empty.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kind, forKey: .kind)
      try container.encode(name, forKey: .name)
      try container.encode(properties, forKey: .properties)
      try container.encode(vendors, forKey: .vendors)
      if !received.isEmpty { try container.encode(received, forKey: .received) }
    }
  }

  /// One property of an entry.
  public struct Property: Codable, Hashable, Sendable {
    /// Its name.
    public var name: String
    /// `string`, `int`, `double`, `bool`, `date`, `list`, `object` or `null`; types seen on different
    /// occasions are joined: `int|double`.
    public var type: String
    /// Whether every tracked occurrence of the entry had it.
    public var required: Bool

    /// Creates a property.
    public init(name: String, type: String, required: Bool = true) {
      self.name = name
      self.type = type
      self.required = required
    }
  }

  /// Creates a plan; entries are sorted.
  public init(module: String, entries: [Entry]) {
    self.module = module
    self.entries = entries.sorted { ($0.kind, $0.name) < ($1.kind, $1.name) }
  }

  /// The entry of `kind` named `name`, if planned.
  public func entry(_ kind: String, _ name: String) -> Entry? {
    entries.first { $0.kind == kind && $0.name == name }
  }

  // MARK: Files

  /// The plan as the file holds it: pretty JSON with sorted keys and sorted entries, so a change reads
  /// as a small diff in review.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, booleans and arrays can't fail.
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Reads a plan file.
  public init(json: Data) throws {
    self = try JSONDecoder().decode(TrackingPlan.self, from: json)
    entries.sort { ($0.kind, $0.name) < ($1.kind, $1.name) }
  }

  /// The plan for analysts: one table per entry.
  package func markdown() -> String {
    var text = "## \(module)\n"
    for entry in entries {
      text += "\n### \(entry.kind): \(entry.name)\n\n"
      text += "Sent to: \(entry.vendors.isEmpty ? "(no vendor in the tests)" : entry.vendors.joined(separator: ", "))\n\n"
      if entry.properties.isEmpty {
        text += "No properties.\n"
      } else {
        text += "| Property | Type | Always present |\n| --- | --- | --- |\n"
        for property in entry.properties {
          text += "| `\(property.name)` | \(property.type) | \(property.required ? "yes" : "no") |\n"
        }
      }
      if !entry.received.isEmpty {
        text += "\n| Vendor | Receives |\n| --- | --- |\n"
        for (vendor, form) in entry.received.sorted(by: { $0.key < $1.key }) {
          let cell = form.replacingOccurrences(of: "|", with: "\\|")
          // A form with a backtick of its own (a refusal's message quoting code) needs a longer fence.
          text += "| \(vendor) | \(cell.contains("`") ? "`` \(cell) ``" : "`\(cell)`") |\n"
        }
      }
    }
    return text
  }

  /// Several modules' plans as one Markdown document, in module order.
  package static func markdown(_ plans: [TrackingPlan]) -> String {
    "# Tracking plan\n\n" + plans.sorted { $0.module < $1.module }.map { $0.markdown() }.joined(separator: "\n")
  }

  // MARK: Comparing

  /// What changed from `planned` (the file) to `self` (what the tests tracked), one line each, in plan
  /// order; empty when they match.
  public func changes(from planned: TrackingPlan) -> [String] {
    var changes: [String] = []
    let keys = Set(entries.map { [$0.kind, $0.name] }).union(planned.entries.map { [$0.kind, $0.name] })
    for key in keys.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
      let tracked = entry(key[0], key[1])
      let wanted = planned.entry(key[0], key[1])
      switch (wanted, tracked) {
      case (nil, let tracked?):
        let properties = tracked.properties.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        changes.append("+ \(tracked.title) is new (properties: \(properties.isEmpty ? "none" : properties))")
      case (let wanted?, nil):
        changes.append("- \(wanted.title) is planned but no test tracked it any more")
      case (let wanted?, let tracked?):
        changes += Self.propertyChanges(wanted, tracked)
        if wanted.vendors != tracked.vendors {
          changes.append(
            "~ \(tracked.title): sent to \(list(tracked.vendors)), planned for \(list(wanted.vendors))")
        }
        changes += Self.receivedChanges(wanted, tracked)
      case (nil, nil):
        break
      }
    }
    return changes
  }

  /// What a vendor receives differently, for each vendor whose receiver says what it receives (checked by
  /// receivers that don't say it, a plan's forms change nothing here).
  private static func receivedChanges(_ wanted: Entry, _ tracked: Entry) -> [String] {
    var changes: [String] = []
    for (vendor, now) in tracked.received.sorted(by: { $0.key < $1.key }) {
      if let was = wanted.received[vendor] {
        if was != now { changes.append("~ \(tracked.title): \(vendor) receives \(now), planned: \(was)") }
      } else {
        changes.append("+ \(tracked.title): \(vendor) receives \(now), which the plan doesn't say")
      }
    }
    return changes
  }

  private static func propertyChanges(_ wanted: Entry, _ tracked: Entry) -> [String] {
    var changes: [String] = []
    let names = Set(wanted.properties.map(\.name)).union(tracked.properties.map(\.name)).sorted()
    for name in names {
      let was = wanted.properties.first { $0.name == name }
      let now = tracked.properties.first { $0.name == name }
      switch (was, now) {
      case (nil, let now?):
        changes.append("+ \(tracked.title): property \"\(name)\" (\(now.type)) is new")
      case (let was?, nil):
        changes.append("- \(tracked.title): property \"\(name)\" (\(was.type)) is planned but no test tracked it")
      case (let was?, let now?):
        if was.type != now.type {
          changes.append("~ \(tracked.title): property \"\(name)\" changed type: \(was.type) -> \(now.type)")
        }
        if was.required != now.required {
          changes.append(
            "~ \(tracked.title): property \"\(name)\" is \(now.required ? "always" : "not always") present, "
              + "planned as \(was.required ? "always" : "optional")")
        }
      case (nil, nil):
        break
      }
    }
    return changes
  }
}

private func list(_ vendors: [String]) -> String {
  vendors.isEmpty ? "no vendor" : vendors.joined(separator: ", ")
}
