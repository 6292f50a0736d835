/// What a consent-gated tracker (``consentGated(_:by:purpose:destination:whileUnknown:onDrop:)``) does with events while the user has not answered.
public enum UnknownConsentPolicy: Sendable, Hashable {
  /// Keeps up to `limit` events in memory, in order, and sends them when consent is granted (dropped when
  /// it is denied). Past the limit the oldest held event is dropped and counted.
  case hold(limit: Int)
  /// Drops each event and counts it.
  case drop

  /// Holds up to 1,000 events.
  public static let `default` = UnknownConsentPolicy.hold(limit: 1_000)
}
