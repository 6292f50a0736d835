// The Swift block of Sources/TrackersDeliveryTesting/Documentation.docc/TrackersDeliveryTesting.md that uses
// no module of its own, compiled: see DocSnippetTests.swift. The others use TelemetryDeckTracker: their twins
// are in Examples/TelemetryDeckTracker/Tests. `environment` is MixpanelTracker's.
import MixpanelTracker
import Testing
import TrackersDelivery
import TrackersDeliveryTesting

private func retriesOnVirtualTime(
  environment: MixpanelEnvironment, event: MixpanelEvent, transport: ScriptedTransport, clock: VirtualQueueClock
) {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/Documentation.docc/TrackersDeliveryTesting.md#3
    transport.script(.status(429, headers: ["Retry-After": "60"]))
    environment.send(event)
    #expect(await environment.deliverPending().delivery.delivered == 1)   // returns at once
    #expect(clock.elapsed == .seconds(60))                                 // the minute the server asked for
    // end snippet
  }
}
