// The Swift blocks of Sources/TrackersDeliveryTesting/ScriptedTransport.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingScriptedTransport1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/ScriptedTransport.swift#1
    let transport = ScriptedTransport()
    transport.script(.status(503), .status(429, headers: ["Retry-After": "1"]))   // the next two requests
    transport.reply(.status(413), when: { $0.body.count > 100_000 })               // every large body
    transport.reply(.dropConnection, when: { $0.path == "/engage" }, times: 1)      // once
    configuration.transport = transport
    // end snippet
  }
}
