// The Swift blocks of Sources/Trackers/PropertyValue.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersPropertyValue1() {
  compile {
    // snippet: Sources/Trackers/PropertyValue.swift#1
    let properties: AnalyticsData.Properties = [
      "plan": "pro", "seats": 5, "price": 9.99, "trial": false,
      "tags": ["new", "promo"], "address": ["city": "Lyon"], "referrer": .null,
    ]
    // end snippet
    _ = properties
  }
}

private func optionalProperties(coupon: String?) {
  compile {
    // snippet: Sources/Trackers/PropertyValue.swift#2
    let optionals: [String: PropertyValue?] = ["plan": "pro", "coupon": coupon.map(PropertyValue.string)]
    let properties = optionals.compactMapValues { $0 }  // no "coupon" key without a coupon
    // end snippet
    _ = properties
  }
}
