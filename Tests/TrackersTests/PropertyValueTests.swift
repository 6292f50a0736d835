import Foundation
import Testing
import Trackers

@Suite struct PropertyValueTests {
  @Test func codableRoundTripsJSONShapes() throws {
    let value: PropertyValue = [
      "s": "x", "i": 42, "d": 2.5, "b": true, "n": .null, "a": [1, "two", [3.5]], "o": ["k": false],
    ]
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(PropertyValue.self, from: data)
    #expect(decoded == value)
  }

  @Test func decodingTellsIntsFromDoublesAndBools() throws {
    let decoded = try JSONDecoder().decode(PropertyValue.self, from: Data(#"[1, 1.5, true, "1"]"#.utf8))
    #expect(decoded == [.int(1), .double(1.5), .bool(true), .string("1")])
  }

  @Test(arguments: [
    ("plain", #""plain""#),
    ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
    ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
    ("\u{01}\u{1F}", #""\u0001\u001f""#),
    ("héllo 🎉", "\"héllo 🎉\""),
    ("", #""""#),
  ])
  func stringsAreEscaped(input: String, expected: String) {
    #expect(PropertyValue.string(input).jsonString() == expected)
  }

  @Test(arguments: [
    (PropertyValue.int(0), "0"),
    (.int(-45), "-45"),
    (.int(Int.max), "9223372036854775807"),
    (.int(Int.min), "-9223372036854775808"),
    (.double(2.5), "2.5"),
    (.double(3), "3.0"),
    (.double(-0.001), "-0.001"),
    (.double(.nan), "null"),
    (.double(.infinity), "null"),
    (.bool(true), "true"),
    (.null, "null"),
  ])
  func scalars(value: PropertyValue, expected: String) {
    #expect(value.jsonString() == expected)
  }

  @Test func datesFollowTheRequestedEncoding() {
    let date = PropertyValue.date(Date(timeIntervalSince1970: 1_700_000_000.123456))
    #expect(date.jsonString(dates: .iso8601) == #""2023-11-14T22:13:20.123Z""#)
    #expect(date.jsonString(dates: .secondsSince1970) == "1700000000")
    #expect(date.jsonString(dates: .millisecondsSince1970) == "1700000000123")
    #expect(date.jsonString(dates: .microsecondsSince1970) == "1700000000123456")
    let beforeEpoch = PropertyValue.date(Date(timeIntervalSince1970: -1))
    #expect(beforeEpoch.jsonString() == #""1969-12-31T23:59:59.000Z""#)
    let leapDay = PropertyValue.date(Date(timeIntervalSince1970: 951_782_400))
    #expect(leapDay.jsonString() == #""2000-02-29T00:00:00.000Z""#)
  }

  @Test func nestedValuesProduceJSONThatParsesBackToTheSameValue() throws {
    let value: PropertyValue = [
      "name": "Signup \"quoted\"", "seats": 5, "ratio": 0.25, "trial": false, "coupon": .null,
      "tags": ["a", ["b": 1]], "empty": [:], "none": [],
    ]
    let bytes = value.jsonBytes()
    let parsed = try JSONDecoder().decode(PropertyValue.self, from: Data(bytes))
    #expect(parsed == value)
    #expect(value.jsonString(sortedKeys: true)
      == #"{"coupon":null,"empty":{},"name":"Signup \"quoted\"","none":[],"ratio":0.25,"seats":5,"tags":["a",{"b":1}],"trial":false}"#)
  }

  @Test func accessors() {
    let value: PropertyValue = ["plan": "pro", "seats": 3, "ratio": 0.5, "on": true, "list": [1]]
    #expect(value["plan"]?.stringValue == "pro")
    #expect(value["seats"]?.intValue == 3)
    #expect(value["seats"]?.doubleValue == 3)
    #expect(value["ratio"]?.doubleValue == 0.5)
    #expect(value["on"]?.boolValue == true)
    #expect(value["list"]?.arrayValue == [1])
    #expect(value["missing"] == nil)
    #expect(value.objectValue?.count == 5)
    #expect(PropertyValue.int(1)["x"] == nil)
  }
}
