import Foundation
import Testing
import Trackers

/// `AnalyticsData.userProperties(_:)`: several properties of the user in one value.
@Suite struct UserPropertiesVocabularyTests {
  let properties: AnalyticsData.Properties = ["tier": "gold", "seats": 5, "beta": true]

  @Test func describesItselfWithSortedKeysAndHasNoEventNameOrProperties() {
    let data = AnalyticsData.userProperties(properties)
    #expect(data.description == #"userProperties {"beta": true, "seats": 5, "tier": "gold"}"#)
    #expect(data.name == nil)
    #expect(data.properties.isEmpty)
  }

  /// The redactor scans the values as it scans an event's properties.
  @Test func isRedactedLikeAnEventsProperties() {
    let redactor = Redactor.default
    #expect(redactor.redact(.userProperties(["email": "ada@example.com", "tier": "gold"]))
      == .userProperties(["email": "[redacted:email]", "tier": "gold"]))
    #expect(redactor.redact(.userProperties(properties)) == .userProperties(properties))
  }

  /// A value nested past the limit is dismantled like any other case's.
  @Test func aValueTooDeepIsDismantledLikeAnEventsProperties() {
    var deep: PropertyValue = "leaf"
    for _ in 0...PropertyValue.maximumDepth { deep = .array([deep]) }
    var data = AnalyticsData.userProperties(["deep": deep])
    AnalyticsData.dismantleIfDeep(&data)
    #expect(data == .userId(nil))
  }
}
