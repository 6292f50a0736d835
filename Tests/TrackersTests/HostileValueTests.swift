import Foundation
import Testing
import Trackers

/// Issue 20: no `PropertyValue` crashes the process. Dates the encoding can't carry become `null`, and every
/// walk of a value (depth, equality, hashing, description, JSON, redaction, Codable, release) is safe at
/// any depth on a 512 KiB stack, the size of a secondary thread on iOS.
@Suite struct HostileValueTests {
  // MARK: Dates

  // Seconds, not dates: Foundation's own `Date.description`, which the test's report uses for its
  // arguments, traps on NaN on Linux.
  @Test(arguments: [
    Double.nan, .infinity, -.infinity, -1e15, 1e15, -62_167_219_200.001, 253_402_300_800, .greatestFiniteMagnitude,
  ])
  func isoDatesWithoutAFourDigitYearAreNull(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(!DateEncoding.iso8601.canEncode(date))
    #expect(PropertyValue.date(date).jsonString() == "null")
    #expect(PropertyValue.date(date).description == "invalid-date(\(date.timeIntervalSince1970))")
  }

  @Test func isoDatesCoverYears0000To9999() {
    let cases: [(Double, String)] = [
      (-62_167_219_200, "0000-01-01T00:00:00.000Z"), (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
      // January 1st of year 1 in the Julian calendar, Foundation's distant past.
      (Date.distantPast.timeIntervalSince1970, "0000-12-30T00:00:00.000Z"),
      (Date.distantFuture.timeIntervalSince1970, "4001-01-01T00:00:00.000Z"), (-0.0005, "1969-12-31T23:59:59.999Z"),
    ]
    for (seconds, text) in cases {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(DateEncoding.iso8601.canEncode(date))
      #expect(PropertyValue.date(date).jsonString() == "\"\(text)\"")
    }
  }

  @Test func numericDatesAreNullWhenTheyDontFitInt64() {
    let tooFar = Date(timeIntervalSince1970: 9_223_372_036_855)  // microseconds past Int64.max
    #expect(!DateEncoding.microsecondsSince1970.canEncode(tooFar))
    #expect(DateEncoding.millisecondsSince1970.canEncode(tooFar))
    #expect(PropertyValue.date(tooFar).jsonString(dates: .microsecondsSince1970) == "null")
    #expect(PropertyValue.date(tooFar).jsonString(dates: .millisecondsSince1970) == "9223372036855000")
    for encoding in [DateEncoding.secondsSince1970, .millisecondsSince1970, .microsecondsSince1970] {
      for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
        #expect(PropertyValue.date(Date(timeIntervalSince1970: seconds)).jsonString(dates: encoding) == "null")
      }
    }
    #expect(PropertyValue.date(Date(timeIntervalSince1970: -1.5)).jsonString(dates: .millisecondsSince1970) == "-1500")
  }

  // MARK: Depth

  @Test func nestingDepthCountsArraysAndObjects() {
    #expect(PropertyValue.int(1).nestingDepth() == 0)
    #expect(PropertyValue.array([]).nestingDepth() == 1)
    #expect(PropertyValue.object(["a": 1, "b": ["c": [2]]]).nestingDepth() == 3)
    #expect(nested(40).nestingDepth() == 33)  // stops one past the limit
    #expect(nested(40).nestingDepth(limit: 100) == 40)
  }

  @Test func everyWalkIsSafeTwoHundredThousandLevelsDownOnA512KiBStack() async throws {
    let results = try await onSmallStack { () -> [String] in
      var failures: [String] = []
      func check(_ condition: Bool, _ what: String) { if !condition { failures.append(what) } }
      var deep = nested(200_000, leaf: "ada@example.com")
      var same = nested(200_000, leaf: "ada@example.com")
      var other = nested(200_000, leaf: "grace@example.com")
      check(deep.nestingDepth() == PropertyValue.maximumDepth + 1, "depth")
      check(deep == same, "equal")
      check(deep != other, "not equal")
      check(deep.hashValue == same.hashValue, "hash")
      let description = deep.description
      check(description.hasPrefix(#"[{"k": [{"k": ["#) && description.contains("[…]"), "description")
      let json = deep.jsonBytes()
      // 100,000 objects `{"k":...}` and as many arrays `[...]` around the leaf.
      check(json.count == 800_000 + #""ada@example.com""#.utf8.count, "JSON size \(json.count)")
      check(json.first == UInt8(ascii: "[") && json.last == UInt8(ascii: "]"), "JSON brackets")
      var redacted = Redactor.default.redact(deep)
      var expected = nested(200_000, leaf: "[redacted:email]")
      check(redacted == expected, "redacted deep down")
      var event = AnalyticsData.event(name: "Deep", properties: ["value": deep, "email": "ada@example.com"])
      var redactedEvent = Redactor.default.redact(event)
      check(redactedEvent.properties["email"] == "[redacted:email]", "redacted event")
      check((try? JSONEncoder().encode(deep)) == nil, "Codable refuses")
      AnalyticsData.dismantleIfDeep(&redactedEvent)
      AnalyticsData.dismantleIfDeep(&event)
      PropertyValue.dismantle(&deep)
      PropertyValue.dismantle(&same)
      PropertyValue.dismantle(&other)
      PropertyValue.dismantle(&redacted)
      PropertyValue.dismantle(&expected)
      return failures
    }
    #expect(results.isEmpty, "\(results)")
  }

  @Test func redactingADeepValueGivesWhatTheRecursiveWalkGives() {
    // 40 levels: the first 32 recursive, the rest on the explicit stack; key rules apply at every level.
    var value: PropertyValue = ["note": "call +33 6 12 34 56 78", "email": ["ada@example.com"], "ok": 1]
    var expected: PropertyValue = ["note": "call [redacted:phone]", "email": ["[redacted:email]"], "ok": 1]
    for level in 0..<40 {
      value = level.isMultiple(of: 2) ? .array([value, "x"]) : .object(["k": value, "password": "hunter2"])
      expected =
        level.isMultiple(of: 2) ? .array([expected, "x"]) : .object(["k": expected, "password": "[redacted:secret]"])
    }
    #expect(Redactor.default.redact(value) == expected)
    let clean = nested(40, leaf: "plain")
    #expect(Redactor.default.redact(clean) == clean)
  }

  @Test func redactingAndSendingADeepEventReleasesItWithoutRecursion() async throws {
    let received = try await onSmallStack { () -> Int in
      let count = LockIsolated(0)
      let send = redacting { _ in count.withLock { $0 += 1 } }
      var event = AnalyticsData.event(name: "Deep", properties: ["value": nested(200_000, leaf: "ada@example.com")])
      send(event)
      AnalyticsData.dismantleIfDeep(&event)
      return count.current
    }
    #expect(received == 1)
  }

  @Test func aBackgroundTrackerReleasesTheLastReferenceToADeepEventWithoutRecursion() async throws {
    let queue = DispatchQueue(label: "HostileValueTests.background")
    let received = LockIsolated(0)
    let send = onSerialQueue({ (_: AnalyticsData) in received.withLock { $0 += 1 } }, queue)
    queue.suspend()
    try await onSmallStack {
      var event = AnalyticsData.event(name: "Deep", properties: ["value": nested(200_000)])
      send(event)
      // The queue's parcel now holds the only other reference; this one goes first.
      event = .userId(nil)
    }
    queue.resume()
    queue.sync {}
    #expect(received.current == 1)
  }

  // MARK: Equality and hashing keep the synthesized semantics

  @Test func equalityAndHashingAreStructural() {
    #expect(PropertyValue.double(.nan) != .double(.nan))
    #expect(PropertyValue.double(0.0) == .double(-0.0))
    #expect(PropertyValue.double(0.0).hashValue == PropertyValue.double(-0.0).hashValue)
    #expect(PropertyValue.int(1) != .double(1))
    #expect(PropertyValue.string("1") != .int(1))
    #expect(PropertyValue.null == .null)
    #expect(PropertyValue.array([1, 2]) != [2, 1])
    #expect(PropertyValue.array([1]) != [1, 1])
    let left: PropertyValue = ["a": 1, "b": ["c": [true, .null]], "d": .date(Date(timeIntervalSince1970: 5))]
    let right: PropertyValue = ["d": .date(Date(timeIntervalSince1970: 5)), "b": ["c": [true, .null]], "a": 1]
    #expect(left == right)
    #expect(left.hashValue == right.hashValue)
    #expect(Set([left, right]).count == 1)
    #expect(left != ["a": 1, "b": ["c": [true, false]], "d": .date(Date(timeIntervalSince1970: 5))])
    #expect(left != ["a": 1, "b": ["c": [true, .null]], "e": .date(Date(timeIntervalSince1970: 5))])
    // Past the recursive part too.
    #expect(nested(100, leaf: 1) == nested(100, leaf: 1))
    #expect(nested(100, leaf: 1) != nested(100, leaf: 2))
    #expect(nested(100, leaf: 1) != nested(101, leaf: 1))
    #expect(nested(100, leaf: 1).hashValue == nested(100, leaf: 1).hashValue)
  }

  @Test func descriptionElidesPastTheMaximumDepth() {
    #expect(nested(2, leaf: 1).description == "[{\"k\": 1}]")
    let description = nested(40, leaf: 1).description
    #expect(description.filter { $0 == "…" }.count == 1)
    #expect(!description.contains("1"))
  }

  @Test func codableRefusesValuesNestedPastTwiceTheMaximumDepth() throws {
    let fine = nested(PropertyValue.maximumDepth, leaf: 1)
    #expect(try JSONDecoder().decode(PropertyValue.self, from: JSONEncoder().encode(fine)) == fine)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(nested(200, leaf: 1)) }
    let deepText = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(PropertyValue.self, from: Data(deepText.utf8)) }
  }
}

/// Arrays and objects alternating, `depth` levels around `leaf`, built without recursion.
private func nested(_ depth: Int, leaf: PropertyValue = .null) -> PropertyValue {
  var value = leaf
  for level in 0..<depth {
    value = level.isMultiple(of: 2) ? .object(["k": value]) : .array([value])
  }
  return value
}

/// Runs `body` on a thread with a 512 KiB stack and returns its result.
private func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async throws -> Result {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = 512 * 1024
    thread.start()
  }
}
