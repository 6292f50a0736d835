// The Swift blocks of Sources/TrackersDelivery/ModuleKit/VendorConfiguration.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryVendorConfiguration1(key: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorConfiguration.swift#1
    var configuration = AmplitudeTracker.Configuration(apiKey: key, region: .eu, privacy: consent.registry)
    configuration.maxEventsPerRequest = 10        // DeliveryOptions.maxEventsPerRequest
    configuration.ipLocation = .vendorDefault     // DeliveryOptions.ipLocation
    // end snippet
  }
}
