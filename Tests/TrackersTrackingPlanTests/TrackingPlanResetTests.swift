import Foundation
import Testing
import Trackers
import TrackersTesting
@testable import TrackersTrackingPlan

/// Issue 38, item 2: `.reset` in a tracking plan is an entry of kind `reset`, which every vendor's pipeline
/// applies without sending anything, so it breaks no rule.
@Suite struct TrackingPlanResetTests {
  @Test func aResetIsAnEntryThatSendsNothingAndBreaksNoRule() throws {
    let receivers = [traitsOnlyReceiver]
    let tracked = trackedPlan([.userId(nil), .reset], module: "Shop", receivers: receivers)
    #expect(tracked.entries.map(\.title) == [#"reset "reset""#, #"userId "userId""#])
    let entry = try #require(tracked.entry("reset", "reset"))
    #expect(TrackingPlanRecording.sample(entry) == .reset)
    #expect(TrackingPlanRecording.ruleSample(entry) == nil)
    let plan = TrackingPlanCheck.describingWhatEachVendorReceives(tracked, receivers)
    #expect(plan.entry("reset", "reset")?.received["Segment"]
      == "nothing sent: a new anonymous id, and no user id or groups, from now on")
    #expect(TrackingPlanCheck.ruleViolations(plan, receivers).isEmpty)
  }
}
