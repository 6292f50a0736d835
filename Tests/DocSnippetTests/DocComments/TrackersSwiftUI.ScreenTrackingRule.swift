// The Swift blocks of Sources/TrackersSwiftUI/ScreenTrackingRule.swift, compiled: see DocSnippetTests.swift.
// (The blocks of View+TrackScreen.swift and of the module's article use SwiftUI: they are marked not compiled,
// and .ci/apple-sdk type-checks the modifier they call.) ScreenTrackingRuleTests runs the same sequence.
import Trackers
import TrackersSwiftUI

private func trackersSwiftUIScreenTrackingRule1() {
  compile {
    // snippet: Sources/TrackersSwiftUI/ScreenTrackingRule.swift#1
    var rule = ScreenTrackingRule<AnalyticsData>()
    for id in ["42", "42", "43"] {
      let screen = AnalyticsData.screen(name: "Product", properties: ["id": .string(id)])
      if rule.appeared(showing: screen) { consoleTracker(screen) }
    }
    // screen Product {"id": "42"}
    // screen Product {"id": "43"}
    // end snippet
  }
}
