// The Swift blocks of Sources/GoogleAnalyticsTracker/GoogleAnalyticsNaming.swift, compiled: see DocSnippetTests.swift.
import GoogleAnalyticsTracker
import Trackers

private func googleAnalyticsTrackerNaming1(secret: String) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/GoogleAnalyticsNaming.swift#1
    var configuration = GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secret)
    configuration.naming = .snakeCase
    GoogleAnalyticsTracker.Current = try .live(configuration)
    googleAnalyticsTracker(.event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true]))
    // GA4 receives: coupon_applied {"order_id": "o1", "valid": 1}
    // end snippet
  }
}
