import AmplitudeTracker
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker
import ShopApp
import Trackers
import TrackersTesting
import TrackersTrackingPlan

/// The vendors the shop sends every feature module's events to, each with its module's rules, for the
/// feature tests' tracking plans:
///
/// ```swift
/// @Suite(.trackingPlan(module: "Catalog", receivers: shopPlanReceivers))
/// ```
///
/// GA4's rules are checked on what GA4 receives: the shop configures `GoogleAnalyticsTracker` with
/// `GoogleAnalyticsNaming.snakeCase`, which adapts names and values before validation (see
/// `VendorLink.googleAnalytics`).
///
/// Each plan entry also records what each vendor receives: the vendor module's mapping of it.
public let shopPlanReceivers: [TrackingPlanReceiver] = Vendor.allCases.map { vendor in
  TrackingPlanReceiver(
    vendor.consentDestination, rules(of: vendor), receives: mapping(of: vendor),
    durationKey: vendor == .mixpanel ? MixpanelLimits.durationKey : "duration")
}

/// The vendor module's mapping, after the naming the shop configures (GA4's snake case), as one line.
private func mapping(of vendor: Vendor) -> @Sendable (AnalyticsData) -> String {
  switch vendor {
  case .ga4: { googleAnalyticsEvent(for: GoogleAnalyticsNaming.snakeCase.adapted($0)).description }
  case .mixpanel: { mixpanelEvent(for: $0).description }
  case .amplitude: { amplitudeEvent(for: $0).description }
  case .segment: { segmentMessage(for: $0).description }
  case .posthog: { postHogEvent(for: $0).description }
  }
}

/// The vendor module's `…Issues(for:)`, after the naming the shop configures (GA4's snake case).
private func rules(of vendor: Vendor) -> @Sendable (AnalyticsData) -> [ValidationIssue] {
  switch vendor {
  case .ga4: { googleAnalyticsIssues(for: GoogleAnalyticsNaming.snakeCase.adapted($0)) }
  case .mixpanel: { mixpanelIssues(for: $0) }
  case .amplitude: { amplitudeIssues(for: $0) }
  case .segment: { segmentIssues(for: $0) }
  case .posthog: { postHogIssues(for: $0) }
  }
}
