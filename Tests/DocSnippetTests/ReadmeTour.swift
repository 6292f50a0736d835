// The README's tour, run beyond its own test: the composition in README.swift, its twin.
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import Testing
import Trackers
import TrackersTesting

@Suite(.isolatedEnvironments) struct ReadmeTourTests {
  // Tests swap a module's `Current` and expect exact events, in order.
  @Test func productAddedReachesMixpanel() {
    let recorder = TrackerRecorder<MixpanelEvent>()
    MixpanelTracker.Current = .unimplemented
    MixpanelTracker.Current.send = recorder.tracker
    GoogleAnalyticsTracker.Current = .mock

    track(.checkout(.productAdded(sku: "tea", price: 4.5)))
    track(.launched)

    recorder.expect(
      .event(name: "product_added", properties: ["sku": "tea", "price": 4.5]),
      .event(name: "app_launched", properties: [:])
    )
  }

  // At launch the app configures each vendor once (here against a loopback host that is never reached).
  @Test func vendorsAreConfiguredWithLive() throws {
    let storage = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: storage) }
    MixpanelTracker.Current = try .live(.init(
      projectToken: "token", region: .custom(URL(string: "http://127.0.0.1:9")!),
      storageDirectory: storage.appendingPathComponent("mixpanel")
    ))
    mixpanelTracker("app_launched")
    #expect(MixpanelTracker.Current.counters().delivery.enqueued == 1)
  }
}
