import AmplitudeTracker
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker
import ShopApp
import Trackers
import TrackersTesting

/// The vendors the shop sends every feature module's events to, each with its module's rules, for the
/// feature tests' tracking plans:
///
/// ```swift
/// @Suite(.trackingPlan(module: "Catalog", receivers: shopPlanReceivers))
/// ```
///
/// GA4's rules are checked on what GA4 receives: the shop adapts names and values with ``ga4Compatible(_:)``
/// before `GoogleAnalyticsTracker` sees them (see `VendorLink.googleAnalytics`).
public let shopPlanReceivers: [TrackingPlanReceiver] = Vendor.allCases.map { vendor in
  TrackingPlanReceiver(vendor.consentDestination, rules(of: vendor))
}

/// The vendor module's `…Issues(for:)`, after the shop's adapter where the shop has one.
private func rules(of vendor: Vendor) -> @Sendable (AnalyticsData) -> [ValidationIssue] {
  switch vendor {
  case .ga4: { googleAnalyticsIssues(for: ga4Compatible($0)) }
  case .mixpanel: { mixpanelIssues(for: $0) }
  case .amplitude: { amplitudeIssues(for: $0) }
  case .segment: { segmentIssues(for: $0) }
  case .posthog: { postHogIssues(for: $0) }
  }
}
