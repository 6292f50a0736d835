import Foundation
import SegmentTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct ValidationTests {
  func rules(_ data: AnalyticsData) -> [String] {
    segmentIssues(for: data).map(\.rule)
  }

  /// The size `validate` reports for an oversized message, read from its message.
  func measuredSize(_ data: AnalyticsData) -> Int? {
    segmentIssues(for: data).first { $0.rule == "message-size" }.flatMap { issue in
      issue.message.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
    }
  }

  /// An event whose message is exactly `size` bytes.
  func event(ofSize size: Int) -> AnalyticsData {
    // An event of 40000 bytes of padding reports its size; the padding scales it byte for byte.
    let probe = 40_000
    let probeSize = measuredSize(.event(name: "Big", properties: ["blob": .string(text(probe))]))!
    return .event(name: "Big", properties: ["blob": .string(text(probe - (probeSize - size)))])
  }

  @Test func everyVocabularyCaseCanBeValid() {
    let valid: [AnalyticsData] = [
      .event(name: "Order Completed", properties: ["plan": "pro", "seats": 5, "price": 9.99]),
      .screen(name: "Cart"), .userId("u"), .userId(nil), .userProperty(name: "tier", value: "gold"),
      .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
    ]
    for data in valid { #expect(segmentIssues(for: data).isEmpty, "\(data)") }
  }

  @Test func messagesNameVendorRuleAndFix() throws {
    let issue = try #require(segmentIssues(for: .event(name: "")).first)
    #expect(issue.vendor == "Segment")
    #expect(issue.rule == "event-name-empty")
    #expect(issue.description.hasPrefix("Segment: track event name is empty"))
    #expect(issue.message.contains("To fix this,"))
  }

  @Test func emptyNamesAndIds() {
    #expect(rules(.event(name: " ")) == ["event-name-empty"])
    #expect(rules(.screen(name: "")) == ["screen-name-empty"])
    #expect(rules(.userId("")) == ["user-id-empty"])
    #expect(rules(.userProperty(name: "", value: 1)) == ["trait-name-empty"])
    #expect(rules(.error(message: "")) == ["error-message-empty"])
    #expect(rules(.error(message: "boom", properties: ["message": "x"])) == ["error-message-property"])
  }

  @Test func messageSizeAtAndPastThirtyTwoKilobytes() {
    #expect(SegmentLimits.messageBytes == 32_000)  // "32 KB", the smaller reading
    let atLimit = event(ofSize: SegmentLimits.messageBytes)
    #expect(rules(atLimit).isEmpty)
    let pastLimit = event(ofSize: SegmentLimits.messageBytes + 1)
    #expect(measuredSize(pastLimit) == 32_001)
    #expect(rules(pastLimit) == ["message-size"])
    #expect(segmentIssues(for: pastLimit).first?.message.contains("32001 bytes") == true)
    #expect(segmentIssues(for: pastLimit).first?.message.contains("at most 32000 bytes") == true)
  }

  @Test func traitsAndUserIdsCountTowardTheSize() {
    #expect(rules(.userProperty(name: "bio", value: .string(text(33_000)))) == ["message-size"])
    #expect(rules(.userId(text(33_000))) == ["message-size"])
  }

  @Test func nonFiniteNumbers() {
    #expect(rules(.event(name: "E", properties: ["ratio": .double(.nan)])) == ["property-value-number"])
    #expect(rules(.screen(name: "S", properties: ["list": [.double(.infinity)]])) == ["property-value-number"])
    #expect(rules(.userProperty(name: "score", value: .double(-.infinity))) == ["property-value-number"])
  }
}
