// The Swift blocks of Sources/TrackersServer/Documentation.docc/TrackersServer.md, compiled: see
// DocSnippetTests.swift.
import MixpanelTracker
import Trackers
import TrackersServer

// snippet: Sources/TrackersServer/Documentation.docc/TrackersServer.md#1
func export(orders: [StandardEvent.Order], token: String) async throws {
  MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token))
  let trackers = TrackersService(.vendor(MixpanelTracker.Current), shutdownTimeout: .seconds(10))
  for order in orders { mixpanelTracker(.standard(.orderCompleted(order))) }
  let summary = await trackers.shutdown()
  if !summary.isComplete { print(summary) }   // summary MixpanelTracker: delivered=98 keptOnDisk=2 dropped=0
}
// end snippet
