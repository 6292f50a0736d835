/// Whether the user agreed to a use of their data.
///
/// Until the user answers, consent is ``unknown``: a consent-gated tracker
/// (``consentGated(_:by:purpose:destination:whileUnknown:onDrop:)``) then holds or drops events, it never
/// sends them.
public enum ConsentStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// The user has not answered yet.
  case unknown
  /// The user agreed.
  case granted
  /// The user refused.
  case denied
}
