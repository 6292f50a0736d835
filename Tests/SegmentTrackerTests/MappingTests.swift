import Foundation
import SegmentTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct MappingTests {
  @Test func eventIsTrack() {
    let properties: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "price": 9.99, "renews": .date(propertyDate)]
    #expect(segmentMessage(for: .event(name: "Order Completed", properties: properties))
      == .track(event: "Order Completed", properties: properties))
  }

  @Test func screenIsScreen() {
    #expect(segmentMessage(for: .screen(name: "Cart", properties: ["items": 3])) == .screen(name: "Cart", properties: ["items": 3]))
  }

  @Test func errorIsTrackError() {
    #expect(segmentMessage(for: .error(message: "GET /cart timed out", properties: ["status": 504]))
      == .track(event: "Error", properties: ["message": "GET /cart timed out", "status": 504]))
  }

  @Test func userPropertyIsIdentifyWithTraitsAndUserIdIsKept() {
    #expect(segmentMessage(for: .userProperty(name: "tier", value: "gold")) == .identify(traits: ["tier": "gold"]))
    #expect(segmentMessage(for: .userId("user-42")) == .userId("user-42"))
    #expect(segmentMessage(for: .userId(nil)) == .userId(nil))
  }
}
