/// The five analytics vendors the shop sends to.
public enum Vendor: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case ga4
  case mixpanel
  case amplitude
  case segment
  case posthog

  /// The name used on the command line and in the summary line.
  public var description: String { rawValue }
}
