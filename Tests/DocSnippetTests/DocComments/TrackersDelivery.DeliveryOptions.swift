// The Swift blocks of Sources/TrackersDelivery/ModuleKit/DeliveryOptions.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryDeliveryOptions1(token: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/DeliveryOptions.swift#1
    var configuration = MixpanelTracker.Configuration(projectToken: token, privacy: consent.registry)
    configuration.flushInterval = .seconds(10)
    configuration.delivery = { $0.maxPendingBytes = 8 << 20 }
    MixpanelTracker.Current = try .live(configuration)
    // end snippet
  }
}
