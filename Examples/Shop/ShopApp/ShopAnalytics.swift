import APIClient
import AppLifecycle
import Catalog
import Onboarding
import Trackers

/// The load generator's event: `Load Test` with the integer property `seq`.
public func loadTestAnalytics(_ seq: Int) -> AnalyticsData {
  .event(name: "Load Test", properties: ["seq": .int(seq)])
}

/// The app's appearance: a super property, so every later event of every vendor says which theme it was
/// seen in (each vendor module's pipeline merges it in, and keeps it across launches).
public func themeAnalytics(_ theme: String) -> AnalyticsData {
  .superProperties(.register(["theme": .string(theme)]))
}

/// The shop's root composition: every feature's events, mapped by the feature's pure function, reach
/// `vendors` (usually all five vendor trackers combined).
///
/// `logFeatureEvents`, when given, receives one line per feature event before it is mapped
/// (`catalog: productViewed(...)`), so a reader sees the feature event above what the vendors receive.
///
/// ```swift
/// let track = shopTracker(vendors: combine(ga4, mixpanel, amplitude, segment, posthog))
/// track(.catalog(.homeViewed))
/// ```
public func shopTracker(vendors: @escaping Tracker<AnalyticsData>, logFeatureEvents sink: LogSink? = nil) -> Tracker<ShopEvent> {
  func logged<Event>(_ tracker: @escaping Tracker<Event>, _ label: String) -> Tracker<Event> {
    sink.map { logging(tracker, label: label, to: $0) } ?? tracker
  }
  return combine(
    pullback(logged(pullback(vendors, transform: themeAnalytics), "theme"), action: \.theme),
    pullback(logged(pullback(vendors, transform: appAnalytics), "app"), action: \.app),
    pullback(logged(pullback(vendors, transform: onboardingAnalytics), "onboarding"), action: \.onboarding),
    pullback(logged(pullback(vendors, transform: catalogAnalytics), "catalog"), action: \.catalog),
    // Checkout's reducer logs its own actions (see `Journey`); what reaches here is already analytics.
    pullback(vendors, action: \.checkout),
    pullback(logged(pullback(vendors, transform: apiErrorAnalytics), "api"), action: \.api),
    pullback(vendors, action: \.loadTest, transform: loadTestAnalytics)
  )
}
