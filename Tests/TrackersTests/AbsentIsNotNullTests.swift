import Testing
import Trackers

/// No value is no key: `nil` is not a property value, and only `.null` is sent as JSON `null`.
@Suite struct AbsentIsNotNullTests {
  @Test func nilIsNotAPropertyValue() {
    // Were it one, `"coupon": nil` in a properties literal would compile to `.null` and be sent as `null`.
    #expect(!(PropertyValue.self is any ExpressibleByNilLiteral.Type))
  }

  @Test func anOptionalLeftOutHasNoKeyAndNullIsExplicit() {
    let coupon: String? = nil
    let optionals: [String: PropertyValue?] = [
      "plan": "pro", "coupon": coupon.map(PropertyValue.string), "referrer": .null, "seats": nil,
    ]
    let properties = optionals.compactMapValues { $0 }
    #expect(properties == ["plan": "pro", "referrer": .null])
    #expect(PropertyValue.object(properties).jsonString(sortedKeys: true) == #"{"plan":"pro","referrer":null}"#)
  }
}
