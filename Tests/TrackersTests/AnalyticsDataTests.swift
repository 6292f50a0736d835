import Foundation
import Testing
import Trackers

@Suite struct AnalyticsDataTests {
  @Test func aStringLiteralIsAnEventWithoutProperties() {
    let logout: AnalyticsData = "Logout"
    #expect(logout == .event(name: "Logout", properties: [:]))
    #expect(logout == .event(name: "Logout"))
    let screen = "Cart"
    let interpolated: AnalyticsData = "Viewed \(screen)"
    #expect(interpolated == .event(name: "Viewed Cart"))
  }

  @Test func propertyLiteralsAreTyped() {
    let data: AnalyticsData = .event(
      name: "Signup",
      properties: [
        "plan": "pro", "seats": 5, "price": 9.5, "trial": false,
        "tags": ["a", 1], "address": ["city": "Lyon"], "coupon": .null,
      ]
    )
    let properties = data.properties
    #expect(properties["plan"] == .string("pro"))
    #expect(properties["seats"] == .int(5))
    #expect(properties["price"] == .double(9.5))
    #expect(properties["trial"] == .bool(false))
    #expect(properties["tags"] == .array([.string("a"), .int(1)]))
    #expect(properties["address"] == .object(["city": .string("Lyon")]))
    #expect(properties["coupon"] == .null)
  }

  @Test func equalityAndHashingTellCasesAndValuesApart() {
    let all: [AnalyticsData] = [
      "Signup",
      .event(name: "Signup", properties: ["plan": "pro"]),
      .event(name: "Signup", properties: ["plan": "free"]),
      .screen(name: "Signup"),
      .userId("u1"),
      .userId(nil),
      .userProperty(name: "tier", value: "gold"),
      .error(message: "Signup"),
    ]
    #expect(Set(all).count == all.count)
    #expect(AnalyticsData.event(name: "A", properties: ["n": 1]) == .event(name: "A", properties: ["n": 1]))
    #expect(PropertyValue.int(1) != .double(1))
  }

  @Test func nameAndProperties() {
    #expect(AnalyticsData.screen(name: "Home", properties: ["from": "push"]).name == "Home")
    #expect(AnalyticsData.screen(name: "Home", properties: ["from": "push"]).properties == ["from": "push"])
    #expect(AnalyticsData.userId("u").name == nil)
    #expect(AnalyticsData.userProperty(name: "tier", value: 1).properties.isEmpty)
    #expect(AnalyticsData.error(message: "x", properties: ["code": 5]).properties == ["code": 5])
  }

  @Test func descriptionsAreOneStableLine() {
    #expect(AnalyticsData.event(name: "Signup", properties: ["seats": 5, "plan": "pro"]).description
      == #"event Signup {"plan": "pro", "seats": 5}"#)
    #expect(AnalyticsData.screen(name: "Cart").description == "screen Cart")
    #expect(AnalyticsData.userId("u\"1").description == #"userId "u\"1""#)
    #expect(AnalyticsData.userId(nil).description == "userId nil")
    #expect(AnalyticsData.userProperty(name: "tier", value: "gold").description == #"userProperty tier = "gold""#)
    #expect(AnalyticsData.error(message: "timeout", properties: ["endpoint": "/cart"]).description
      == #"error "timeout" {"endpoint": "/cart"}"#)
    let date = Date(timeIntervalSince1970: 1_700_000_000.25)
    #expect(AnalyticsData.event(name: "At", properties: ["when": .date(date)]).description
      == #"event At {"when": 2023-11-14T22:13:20.250Z}"#)
  }
}
