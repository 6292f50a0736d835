/// One way an event breaks a vendor's rules, found before the event is queued.
///
/// Vendor modules return these from their public `…Issues(for:)` (`googleAnalyticsIssues(for:)`, ...) so a team can check its tracking plan in
/// its own tests:
///
/// ```swift
/// #expect(googleAnalyticsIssues(for: .event(name: "add_to_cart")).isEmpty)
/// let issues = googleAnalyticsIssues(for: .event(name: "add-to-cart"))
/// // GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter
/// ```
public struct ValidationIssue: Error, Sendable, Hashable, CustomStringConvertible {
  /// The vendor whose rule was broken, as it appears in messages: "GA4", "Mixpanel", ...
  public var vendor: String
  /// A stable identifier of the rule, for tests and counters: "event-name-characters".
  public var rule: String
  /// What is wrong and what the rule is, in one sentence.
  public var message: String

  /// Creates an issue.
  public init(vendor: String, rule: String, message: String) {
    self.vendor = vendor
    self.rule = rule
    self.message = message
  }

  /// `"<vendor>: <message>"`.
  public var description: String { "\(vendor): \(message)" }
}

extension ValidationIssue {
  /// Whether `rule` refuses an operation the vendor does not have (Segment's traits have no increment,
  /// GA4 has no groups) rather than an event that broke one of its rules: vendor modules name such rules
  /// `…-unsupported` (`profile-operation-unsupported`). An app that sends the whole user model to every
  /// vendor expects these; a tracking plan records them as what the vendor receives.
  public static func isRefusalByDesign(rule: String) -> Bool {
    rule.hasSuffix("-unsupported")
  }

  /// Whether this issue refuses an operation the vendor does not have (see ``isRefusalByDesign(rule:)``).
  public var isRefusalByDesign: Bool { Self.isRefusalByDesign(rule: rule) }
}
