/// The five analytics vendors the shop sends to.
public enum Vendor: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Google Analytics 4 (`GoogleAnalyticsTracker`).
  case ga4
  /// Mixpanel (`MixpanelTracker`).
  case mixpanel
  /// Amplitude (`AmplitudeTracker`).
  case amplitude
  /// Segment (`SegmentTracker`).
  case segment
  /// PostHog (`PostHogTracker`).
  case posthog

  /// The name used on the command line and in the summary line.
  public var description: String { rawValue }
}
