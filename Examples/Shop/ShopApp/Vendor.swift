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

  /// The destination's name in consent answers and the privacy registry, as the vendor module registers it.
  public var consentDestination: String {
    switch self {
    case .ga4: "GA4"
    case .mixpanel: "Mixpanel"
    case .amplitude: "Amplitude"
    case .segment: "Segment"
    case .posthog: "PostHog"
    }
  }
}
