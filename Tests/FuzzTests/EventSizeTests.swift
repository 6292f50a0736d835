import Testing
import Trackers

@testable import AmplitudeTracker
@testable import GoogleAnalyticsTracker
@testable import MixpanelTracker
@testable import PostHogTracker
@testable import SegmentTracker

/// Every event is copied several times between `track` and the queue (the pipeline, the mapping, the
/// rules, the encoder), by value: a case with a large payload inline made every copy move it, whatever the
/// case of the event (a product's or an order's fields cost `track` about 10% before they were made
/// indirect). The vocabulary and each vendor's event stay within the sizes they had before the user model:
/// the largest inline payload is a lifecycle update's four optional strings.
@Suite struct EventSizeTests {
  @Test func eventsStaySmallToCopy() {
    let sizes: [(name: String, size: Int, limit: Int)] = [
      ("AnalyticsData", MemoryLayout<AnalyticsData>.size, 65),
      ("GoogleAnalyticsEvent", MemoryLayout<GoogleAnalyticsEvent>.size, 33),
      ("MixpanelEvent", MemoryLayout<MixpanelEvent>.size, 41),
      ("AmplitudeEvent", MemoryLayout<AmplitudeEvent>.size, 41),
      ("SegmentMessage", MemoryLayout<SegmentMessage>.size, 66),
      ("PostHogEvent", MemoryLayout<PostHogEvent>.size, 41),
    ]
    for (name, size, limit) in sizes {
      #expect(size <= limit, "\(name) is \(size) bytes, more than \(limit): make its largest case indirect")
    }
  }
}
