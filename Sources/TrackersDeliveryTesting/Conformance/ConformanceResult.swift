/// What checking one ``ConformanceRequirement`` found.
///
/// ```swift
/// let result = await ConformanceRequirement.keepsDedupIdsAcrossRetries.check(acme)
/// #expect(result.failures.isEmpty, "\(result)")
/// ```
public struct ConformanceResult: Sendable, CustomStringConvertible {
  /// The requirement checked.
  public var requirement: ConformanceRequirement
  /// The module checked.
  public var module: String
  /// What the module got wrong, one line each; empty when it conforms.
  public var failures: [String]
  /// Why the requirement does not apply to this module (no dedup id, no partial success), or `nil`.
  package var notApplicable: String?

  /// Whether the module meets the requirement (or it does not apply).
  public var passed: Bool { failures.isEmpty }

  /// "AcmeTracker keeps dedup ids across retries: ok", or the failures, one a line.
  public var description: String {
    if let notApplicable { return "\(module) \(requirement): not applicable (\(notApplicable))" }
    if failures.isEmpty { return "\(module) \(requirement): ok" }
    return "\(module) \(requirement): \(failures.count) failure\(failures.count == 1 ? "" : "s")\n"
      + failures.map { "  - \($0)" }.joined(separator: "\n")
  }
}
