// The Swift blocks of Sources/TrackersDelivery/ModuleKit/VendorModule.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersDeliveryVendorModule1 {
  // snippet: Sources/TrackersDelivery/ModuleKit/VendorModule.swift#1
  let module = VendorModule(
    name: "GoogleAnalyticsTracker", vendor: "GA4",
    configuration: #"GoogleAnalyticsTracker.Current = try .live(.init(measurementId: "G-XXXX", apiSecret: "..."))"#
  )

  public let googleAnalyticsTracker: Tracker<AnalyticsData> = { data in
    let event = googleAnalyticsEvent(for: data)
    let issues = validate(event)
    guard issues.isEmpty else { return module.rejectInvalid(issues, event: data) }
    Current.send(event)
  }
  // end snippet
}
