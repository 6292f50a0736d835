import Trackers

/// What a vendor module's repair made of an event that broke the vendor's rules: the event as the vendor's
/// own SDK would send it (a parameter dropped, a string cut, the properties past the limit left out), and
/// what was done, one ``Trackers/ValidationIssue`` per rule applied.
///
/// ``VendorPipeline`` asks for it only when validation found issues, validates the repaired event again,
/// and sends it if nothing is left but the rules in ``sentAsIs``; a rule the SDK refuses too (an invalid
/// event name) still refuses the event. The repaired event is counted in
/// ``TrackerCounters/repairedByRule`` and reported as ``TrackerReport/Kind/repairedEvent(_:)``.
///
/// ```swift
/// func acmeRepaired(_ data: AnalyticsData) -> EventRepair {
///   guard case let .event(name, properties) = data else { return EventRepair(data: data) }
///   let long = properties.filter { if case let .string(s) = $0.value { s.count > 100 } else { false } }
///   guard !long.isEmpty else { return EventRepair(data: data) }
///   let issue = ValidationIssue(
///     vendor: "Acme", rule: "property-value-length",
///     message: "properties \(long.keys.sorted()) dropped: over 100 characters (rule property-value-length)")
///   return EventRepair(data: .event(name: name, properties: properties.filter { long[$0.key] == nil }), repairs: [issue])
/// }
/// ```
public struct EventRepair: Sendable {
  /// The event with every repair applied.
  public var data: AnalyticsData
  /// What was repaired: one issue per rule, naming what changed and why.
  public var repairs: [ValidationIssue]
  /// The rules the event still breaks and is sent with anyway, as the vendor's SDK sends it (a rule only
  /// the vendor's reports use, such as GA4's currency beside a value); each also has its issue in
  /// ``repairs``.
  public var sentAsIs: Set<String>

  /// A repair of `data`; with no `repairs`, the event is refused with the issues it broke.
  public init(data: AnalyticsData, repairs: [ValidationIssue] = [], sentAsIs: Set<String> = []) {
    self.data = data
    self.repairs = repairs
    self.sentAsIs = sentAsIs
  }
}
