// This file imports the module and nothing of the library besides, as an app that configures it does: the
// names it writes (migrating ids from the official SDK, pinning them in tests, handling reports) come from
// MixpanelTracker itself, not from TrackersDelivery.
import Foundation
import MixpanelTracker
import Testing

@Suite struct NamesFromTheModuleTests {
  @Test func anAppThatImportsOnlyTheModuleNamesWhatConfiguringItTakes() {
    let directory = URL(fileURLWithPath: "/nonexistent/names-from-the-module")
    var configuration = MixpanelConfiguration(projectToken: "token", storageDirectory: directory)
    let existing = ExistingIdentity(anonymousId: "device-from-the-sdk", userId: "user-7")
    configuration.existingIdentity = existing
    let handler: @Sendable (TrackerReport) -> Void = { _ in }
    configuration.onReport = handler
    let counters: TrackerCounters.Type = TrackerCounters.self

    #expect(configuration.existingIdentity == existing)
    #expect(configuration.onReport != nil)
    #expect(String(describing: counters) == "TrackerCounters")
  }
}
