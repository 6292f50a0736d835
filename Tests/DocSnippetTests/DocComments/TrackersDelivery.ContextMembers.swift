// The Swift blocks of Sources/TrackersDelivery/ModuleKit/ContextMembers.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryContextMembers1(context: ContextProvider) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/ContextMembers.swift#1
    let members: ContextMembers = [
      ("$lib", .string(context.library.name)),
      ("$os_version", .string(context.os.version)),
      ("$screen_width", context.screen.map { .int($0.width) }),   // nil: not sent
    ]
    members.appendJSON(to: &bytes)   // ,"$lib":"swift-trackers","$os_version":"18.1"
    // end snippet
  }
}
