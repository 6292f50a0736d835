import Foundation
import Trackers
import TrackersDelivery

/// The fuzz test's draws, from the package's seeded generator (`TrackersDelivery`'s `SplitMix64`); the
/// helpers below never go through the standard library's `random(in:using:)`, whose algorithm may change.
extension SplitMix64 {
  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// `true` about once in `odds` draws.
  mutating func oneIn(_ odds: Int) -> Bool { below(odds) == 0 }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}

/// The kinds of hostile value the fuzz test makes, each about as often as the others (``abyss``, the
/// 200,000-level value, is made every 2,000th value instead).
enum HostileKind: String, CaseIterable, Sendable {
  case plain, badDate, badNumber, nearTheDepthLimit, deep, abyss, hugeString, manyProperties, unicode, names, ids,
    userProperty, lifecycle, wideCollections
}

/// Makes hostile `AnalyticsData` from a seed: every category of issue 20 (non-finite and out-of-range
/// dates and numbers, values nested around and far beyond the depth limit, huge strings, thousands of
/// properties, control characters and characters from every Unicode plane, empty and huge names and ids),
/// mixed with plausible values so that both the accepted and the refused paths run.
struct HostileValues {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// How often each kind comes, in a draw: the costly kinds (disk writes of each new identity, megabytes
  /// of text, thousands of members) less often, so that the 10,000 values of a run take seconds.
  static let draw: [HostileKind] = [
    .plain, .plain, .badDate, .badDate, .badNumber, .badNumber, .nearTheDepthLimit, .nearTheDepthLimit, .deep,
    .hugeString, .manyProperties, .unicode, .unicode, .names, .names, .ids, .userProperty, .userProperty,
    .lifecycle, .wideCollections,
  ]

  /// The `index`th value and its kind: the 200,000-level ``HostileKind/abyss`` every 2,500th, else a draw.
  mutating func next(index: Int) -> (HostileKind, AnalyticsData) {
    let kind: HostileKind = index % 2_500 == 2_499 ? .abyss : random.pick(Self.draw)
    return (kind, make(kind))
  }

  // MARK: Scalars

  static let hostileDates: [Date] = [
    Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: .infinity),
    Date(timeIntervalSince1970: -.infinity), .distantPast, .distantFuture,
    Date(timeIntervalSince1970: -1e15), Date(timeIntervalSince1970: 1e15),
    // The edges of ISO-8601's four-digit years.
    Date(timeIntervalSince1970: -62_167_219_200), Date(timeIntervalSince1970: -62_167_219_200.001),
    Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: 253_402_300_800),
    // The edges of 64-bit microseconds, GA4's format.
    Date(timeIntervalSince1970: 9_223_372_036_854), Date(timeIntervalSince1970: 9_223_372_036_855),
    Date(timeIntervalSince1970: -9_223_372_036_855),
    Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude), Date(timeIntervalSince1970: .leastNonzeroMagnitude),
    Date(timeIntervalSince1970: 1_700_000_000.123), Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.0005),
  ]

  mutating func date() -> Date {
    random.oneIn(3)
      ? Date(timeIntervalSince1970: Double(random.int(in: -4_000_000_000...4_000_000_000)) / 3)
      : random.pick(Self.hostileDates)
  }

  static let hostileDoubles: [Double] = [
    .nan, .infinity, -.infinity, -0.0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
    .leastNormalMagnitude, 1e15, -1e15, 1e15 - 1, 0.1, 1e-5, 123_456_789.123_456, 1e300, -1e-300, 4.5, 9.99,
    Double(Int.max), Double(Int.min),
  ]

  mutating func double() -> Double {
    random.oneIn(3) ? Double(random.int(in: -1_000_000...1_000_000)) / 7 : random.pick(Self.hostileDoubles)
  }

  mutating func int() -> Int {
    random.oneIn(2) ? random.pick([Int.min, Int.max, 0, -1, 1_000_000_000_000, 4_111_111_111_111_111])
      : random.int(in: -1_000_000...1_000_000)
  }

  /// Scalars from every plane: control characters, quotes and backslashes, line and paragraph separators,
  /// the byte order mark, noncharacters, combining marks, emoji, and the last scalar of Unicode.
  static let specialScalars: [Unicode.Scalar] = [
    "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1B}", "\u{1F}", "\u{7F}", "\"", "\\", "/",
    "\u{80}", "\u{85}", "\u{A0}", "\u{AD}", "\u{301}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{200D}", "\u{FEFF}",
    "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{1F600}", "\u{1F1EB}", "\u{20000}", "\u{2FFFD}", "\u{E0001}",
    "\u{F0000}", "\u{10FFFD}", "\u{10FFFF}", "@", "+", "é", "\u{D7FF}", "\u{E000}",
  ]

  /// A scalar: ASCII, one of ``specialScalars``, or any scalar of any plane (surrogates aside).
  mutating func scalar() -> Unicode.Scalar {
    switch random.below(4) {
    case 0: return random.pick(Self.specialScalars)
    case 1:
      let plane = UInt32(random.below(17))
      let value = plane << 16 | UInt32(random.below(0x1_0000))
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    default:
      return Unicode.Scalar(UInt8(random.int(in: 0x20...0x7E)))
    }
  }

  mutating func text(length: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length { scalars.append(scalar()) }
    return String(scalars)
  }

  /// Mostly short plain text, sometimes hostile.
  mutating func string() -> String {
    random.oneIn(3) ? text(length: random.int(in: 0...24)) : random.pick(["pro", "Lyon", "order-12345", "", " ", "9.99"])
  }

  mutating func scalarValue() -> PropertyValue {
    switch random.below(9) {
    case 0: .string(string())
    case 1: .int(int())
    case 2: .double(double())
    case 3: .bool(random.oneIn(2))
    case 4: .date(date())
    case 5: .null
    case 6: .date(Date(timeIntervalSince1970: 1_700_000_000))
    case 7: .double(9.99)
    default: .string("plain")
    }
  }

  /// A plausible value: a scalar, or a short list or object of scalars.
  mutating func value() -> PropertyValue {
    switch random.below(10) {
    case 0: .array((0..<random.int(in: 0...3)).map { _ in scalarValue() })
    case 1: .object(Dictionary((0..<random.int(in: 0...3)).map { _ in (name(), scalarValue()) }, uniquingKeysWith: { $1 }))
    default: scalarValue()
    }
  }

  // MARK: Names and ids

  static let hostileNames = [
    "", " ", "\t", "$set", "$screen_name", "distinct_id", "time", "$insert_id", "session_id", "engagement_time_msec",
    "items", "[Amplitude] Screen Name", "mp_lib", "_internal", "firebase_x", "ga_x", "message", "Error Message",
    "user_id", "a-b", "9lives", "null", "\u{0}", "名前", "🎉",
  ]

  /// Mostly a plain property name, sometimes a hostile one.
  mutating func name() -> String {
    switch random.below(8) {
    case 0: random.pick(Self.hostileNames)
    case 1: text(length: random.int(in: 0...12))
    default: random.pick(["plan", "seats", "price", "tags", "address", "coupon", "trial", "level", "score"])
    }
  }

  mutating func eventName() -> String {
    switch random.below(6) {
    case 0: random.pick(Self.hostileNames)
    case 1: text(length: random.int(in: 0...20))
    default: random.pick(["Signed Up", "add_to_cart", "Order Completed", "level_up", "purchase"])
    }
  }

  mutating func userId() -> String? {
    switch random.below(8) {
    case 0: nil
    case 1: random.pick(["", " ", "null", "anonymous", "0", "-1", "guest", "00000000-0000-0000-0000-000000000000"])
    case 2: text(length: random.int(in: 1...300))
    case 3: String(repeating: "u", count: random.int(in: 190...1_100))
    default: "user-\(random.int(in: 10_000...99_999))"
    }
  }

  // MARK: Values of each kind

  mutating func properties(count: Int) -> AnalyticsData.Properties {
    var properties: AnalyticsData.Properties = [:]
    for _ in 0..<count { properties[name()] = value() }
    return properties
  }

  /// An event, screen or error with `properties`, or a user property with `hostile` (else one of them).
  ///
  /// Never drops `hostile`: a deep value released here would overflow the fuzz thread's stack.
  mutating func carrying(_ properties: AnalyticsData.Properties, hostile: PropertyValue? = nil) -> AnalyticsData {
    switch random.below(5) {
    case 0: .screen(name: eventName(), properties: properties)
    case 1: .error(message: string(), properties: properties)
    // The smallest key, not `first`: a dictionary's order changes from one process to the next.
    case 2: .userProperty(name: name(), value: hostile ?? properties.min { $0.key < $1.key }?.value ?? .null)
    default: .event(name: eventName(), properties: properties)
    }
  }

  /// One hostile member among plausible ones.
  mutating func withMember(_ value: PropertyValue) -> AnalyticsData {
    var properties = properties(count: random.int(in: 0...4))
    properties[name()] = value
    return carrying(properties, hostile: value)
  }

  /// Arrays and objects `depth` levels deep, built from the inside out (no recursion).
  mutating func nested(depth: Int, arraysOnly: Bool = false) -> PropertyValue {
    var value = scalarValue()
    let objects = arraysOnly ? 0 : random.below(3)  // 0: arrays, 1: objects, 2: both, alternating
    for level in 0..<depth {
      let useObject = objects == 1 || (objects == 2 && level % 2 == 1)
      if useObject {
        let key = random.oneIn(4) ? name() : "k"
        value = .object([key: value])
      } else {
        value = .array([value])
      }
    }
    return value
  }

  mutating func make(_ kind: HostileKind) -> AnalyticsData {
    switch kind {
    case .plain:
      return carrying(properties(count: random.int(in: 0...6)))
    case .badDate:
      let hostile: PropertyValue = random.oneIn(3) ? .array([.date(date())]) : .date(date())
      return withMember(hostile)
    case .badNumber:
      let number = PropertyValue.double(random.pick(Self.hostileDoubles))
      return withMember(random.oneIn(3) ? .object(["deep": [number]]) : number)
    case .nearTheDepthLimit:
      return withMember(nested(depth: random.int(in: PropertyValue.maximumDepth - 3...PropertyValue.maximumDepth + 3)))
    case .deep:
      return withMember(nested(depth: random.oneIn(20) ? random.int(in: 1_000...5_000) : random.int(in: 40...300)))
    case .abyss:
      // Arrays only: objects would make it several times slower to build and write, for nothing more.
      return withMember(nested(depth: 200_000, arraysOnly: true))
    case .hugeString:
      let length = random.oneIn(20) ? random.int(in: 100_000...200_000) : random.int(in: 200...40_000)
      let huge = random.oneIn(2) ? String(repeating: "x", count: length) : text(length: length / 4)
      return random.oneIn(4) ? carrying([huge: "value"]) : withMember(.string(huge))
    case .manyProperties:
      var properties: AnalyticsData.Properties = [:]
      let count = random.oneIn(20) ? random.int(in: 1_000...3_000) : random.int(in: 20...200)
      for index in 0..<count { properties["p\(index)"] = scalarValue() }
      return carrying(properties)
    case .unicode:
      var properties: AnalyticsData.Properties = [:]
      for _ in 0..<random.int(in: 1...5) { properties[text(length: random.int(in: 0...8))] = .string(text(length: random.int(in: 0...40))) }
      return random.oneIn(3) ? .event(name: text(length: random.int(in: 0...30)), properties: properties) : carrying(properties)
    case .names:
      let name = random.oneIn(3) ? String(repeating: "n", count: random.int(in: 30...5_000)) : random.pick(Self.hostileNames)
      switch random.below(4) {
      case 0: return .event(name: name, properties: properties(count: 2))
      case 1: return .screen(name: name)
      case 2: return .error(message: name, properties: [:])
      default: return .userProperty(name: name, value: value())
      }
    case .ids:
      return .userId(userId())
    case .userProperty:
      let value: PropertyValue = switch random.below(4) {
      case 0: .date(date())
      case 1: .double(double())
      case 2: nested(depth: random.int(in: 1...40))
      default: value()
      }
      return .userProperty(name: name(), value: value)
    case .lifecycle:
      let version: String? = random.oneIn(4) ? nil : string()
      let build: String? = random.oneIn(4) ? nil : text(length: random.int(in: 0...300))
      switch random.below(4) {
      case 0: return .lifecycle(.installed(version: version, build: build))
      case 1: return .lifecycle(.updated(previousVersion: string(), previousBuild: nil, version: version, build: build))
      case 2: return .lifecycle(.opened(fromBackground: random.oneIn(2), version: version, build: build))
      default: return .lifecycle(.backgrounded)
      }
    case .wideCollections:
      let count = random.int(in: 240...300)  // around Mixpanel's 254
      let wide: PropertyValue = random.oneIn(2)
        ? .array((0..<count).map { _ in scalarValue() })
        : .object(Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", scalarValue()) }))
      return withMember(random.oneIn(3) ? .array([wide]) : wide)
    }
  }
}
