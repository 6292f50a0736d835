import Foundation

/// How a ``PropertyValue/date(_:)`` is written to JSON: each vendor wants its own format.
///
/// Each format carries a range of dates (``canEncode(_:)``); vendor modules refuse a date outside it with
/// the rule `property-value-date`, and ``JSONWriter/appendDate(_:encoding:to:)`` writes `null` for one that
/// reaches it anyway.
@usableFromInline
package enum DateEncoding: Sendable, Hashable {
  /// `"2026-11-21T09:30:00.123Z"`, always UTC with milliseconds; years 0000 to 9999.
  case iso8601
  /// Whole seconds since 1970 as a number that fits a 64-bit integer.
  case secondsSince1970
  /// Whole milliseconds since 1970 as a number that fits a 64-bit integer.
  case millisecondsSince1970
  /// Whole microseconds since 1970 as a number that fits a 64-bit integer (about ±292,000 years).
  case microsecondsSince1970

  /// Whether this format can write `date`: it is finite and, for ISO-8601, from
  /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z; for the numeric formats, its whole units since 1970
  /// fit a 64-bit integer.
  ///
  /// ```swift
  /// DateEncoding.iso8601.canEncode(.distantFuture)                              // true: year 4001
  /// DateEncoding.iso8601.canEncode(Date(timeIntervalSince1970: -1e15))          // false: year -31,688,765
  /// DateEncoding.microsecondsSince1970.canEncode(Date(timeIntervalSince1970: .nan))  // false
  /// ```
  package func canEncode(_ date: Date) -> Bool {
    switch self {
    case .iso8601: ISO8601.canRepresent(date)
    default: units(of: date) != nil
    }
  }

  /// The whole units since 1970 of a numeric format, or `nil` when they don't fit an `Int64` (or for
  /// ISO-8601).
  func units(of date: Date) -> Int64? {
    let seconds = date.timeIntervalSince1970
    let scaled: Double
    switch self {
    case .iso8601: return nil
    case .secondsSince1970: scaled = seconds
    case .millisecondsSince1970: scaled = seconds * 1_000
    case .microsecondsSince1970: scaled = seconds * 1_000_000
    }
    return Int64(exactly: scaled.rounded(.down))  // nil for NaN, infinities and what doesn't fit
  }
}

/// A small, fast JSON writer that appends UTF-8 bytes to a buffer.
///
/// Vendor modules encode every event on the caller's thread, so this sits on the hot path of `track`.
/// It writes straight into a byte buffer, without `JSONSerialization` (slow on Linux) or `Codable`.
///
/// ```swift
/// var bytes: [UInt8] = []
/// JSONWriter.appendString("Signup", to: &bytes)            // "Signup"
/// PropertyValue.object(["seats": 5]).appendJSON(to: &bytes) // {"seats":5}
/// ```
@usableFromInline
package enum JSONWriter {
  /// Appends `string` as a quoted JSON string, escaping quotes, backslashes and control characters.
  @usableFromInline
  package static func appendString(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    // Runs of bytes that need no escape are copied at once; no copy of `string` is made first (`withUTF8`
    // on a `var` copy measured 20% slower).
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      var runStart = 0
      for index in 0..<utf8.count where needsEscape(utf8[index]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(for: utf8[index], to: &bytes)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    if copied == nil {
      // A bridged string without contiguous UTF-8.
      for byte in string.utf8 {
        if needsEscape(byte) { appendEscape(for: byte, to: &bytes) } else { bytes.append(byte) }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends the UTF-8 bytes of `literal` as they are (JSON punctuation and member names the caller
  /// already wrote as JSON), without going through `String`.
  ///
  /// ```swift
  /// JSONWriter.appendLiteral(#"{"event":"#, to: &bytes)
  /// ```
  @inlinable
  package static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends an integer in decimal.
  @usableFromInline
  package static func appendInt(_ value: Int, to bytes: inout [UInt8]) {
    appendInteger(value, to: &bytes)
  }

  private static func appendInteger<Integer: FixedWidthInteger & SignedInteger>(
    _ value: Integer, to bytes: inout [UInt8]
  ) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // 20 bytes hold the digits of UInt64.max; a typed buffer so that the append is one `memcpy`.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var start = 20
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
    }
  }

  /// Appends a double in its shortest round-tripping form; NaN and infinities, which JSON can't express,
  /// become `null`.
  @usableFromInline
  package static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
    guard value.isFinite else {
      bytes.append(contentsOf: "null".utf8)
      return
    }
    if value == value.rounded(), abs(value) < 1e15 {
      // Integral doubles keep a fraction so they stay doubles when parsed back.
      appendInt(Int(value), to: &bytes)
      bytes.append(contentsOf: ".0".utf8)
      return
    }
    if appendShortDecimal(value, to: &bytes) { return }
    bytes.append(contentsOf: value.description.utf8)
  }

  private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6]

  /// Writes values such as prices (`4.5`, `19.99`) without making a `String`: the digits are those of
  /// `value.description` (its shortest round-tripping form), found as the fewest fraction digits, up to 6,
  /// whose decimal reads back as exactly `value`. Returns `false` for other values.
  private static func appendShortDecimal(_ value: Double, to bytes: inout [UInt8]) -> Bool {
    let magnitude = abs(value)
    // `description` switches to exponent notation below 1e-4; large values have few fraction digits anyway.
    guard magnitude >= 1e-4, magnitude < 1e9 else { return false }
    for digits in 1..<powersOfTen.count {
      let scale = powersOfTen[digits]
      let scaled = (magnitude * scale).rounded()
      guard scaled / scale == magnitude else { continue }
      var units = Int(scaled)
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
        var start = buffer.count
        var written = 0
        while units > 0 || written <= digits {
          if written == digits {
            start -= 1
            buffer[start] = UInt8(ascii: ".")
          }
          start -= 1
          buffer[start] = UInt8(ascii: "0") + UInt8(units % 10)
          units /= 10
          written += 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
      }
      return true
    }
    return false
  }

  /// Appends a date in the given encoding, or `null` for a date the encoding can't carry
  /// (``DateEncoding/canEncode(_:)``): never a trap, whatever the date.
  @usableFromInline
  package static func appendDate(_ date: Date, encoding: DateEncoding, to bytes: inout [UInt8]) {
    switch encoding {
    case .iso8601:
      guard ISO8601.canRepresent(date) else { return bytes.append(contentsOf: "null".utf8) }
      let start = bytes.count
      bytes.append(UInt8(ascii: "\""))
      guard ISO8601.append(date, to: &bytes) else {
        bytes.removeSubrange(start...)
        return bytes.append(contentsOf: "null".utf8)
      }
      bytes.append(UInt8(ascii: "\""))
    case .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970:
      guard let units = encoding.units(of: date) else { return bytes.append(contentsOf: "null".utf8) }
      appendInteger(units, to: &bytes)
    }
  }

  private static func appendEscape(for byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: "u00".utf8)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}

extension PropertyValue {
  /// Appends this value as JSON to `bytes`.
  ///
  /// Strict JSON for any value: NaN, infinities and dates the encoding can't carry become `null`. Recursive
  /// down to ``maximumDepth`` levels; deeper members are written with an explicit stack, so no depth can
  /// exhaust the stack.
  ///
  /// - Parameters:
  ///   - dates: how dates are written, in the vendor's format.
  ///   - sortedKeys: write object members in key order, for output that is the same on every run.
  @usableFromInline
  package func appendJSON(to bytes: inout [UInt8], dates: DateEncoding = .iso8601, sortedKeys: Bool = false) {
    appendJSON(to: &bytes, dates: dates, sortedKeys: sortedKeys, depth: 0)
  }

  private func appendJSON(to bytes: inout [UInt8], dates: DateEncoding, sortedKeys: Bool, depth: Int) {
    switch self {
    case let .string(value): JSONWriter.appendString(value, to: &bytes)
    case let .int(value): JSONWriter.appendInt(value, to: &bytes)
    case let .double(value): JSONWriter.appendDouble(value, to: &bytes)
    case let .bool(value): bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    case let .date(value): JSONWriter.appendDate(value, encoding: dates, to: &bytes)
    case .null: bytes.append(contentsOf: "null".utf8)
    case let .array(values):
      if depth >= PropertyValue.maximumDepth {
        return appendJSONIteratively(to: &bytes, dates: dates, sortedKeys: sortedKeys)
      }
      bytes.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        value.appendJSON(to: &bytes, dates: dates, sortedKeys: sortedKeys, depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "]"))
    case let .object(members):
      if depth >= PropertyValue.maximumDepth {
        return appendJSONIteratively(to: &bytes, dates: dates, sortedKeys: sortedKeys)
      }
      bytes.append(UInt8(ascii: "{"))
      var first = true
      func appendMember(_ key: String, _ value: PropertyValue) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        JSONWriter.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        value.appendJSON(to: &bytes, dates: dates, sortedKeys: sortedKeys, depth: depth + 1)
      }
      if sortedKeys {
        for (key, value) in members.sorted(by: { $0.key < $1.key }) { appendMember(key, value) }
      } else {
        for (key, value) in members { appendMember(key, value) }
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A container being written by ``appendJSONIteratively(to:dates:sortedKeys:)``: its members (with their
  /// keys, for an object) and the next one to write.
  private struct OpenContainer {
    var keys: [String]?
    var values: [PropertyValue]
    var next = 0
  }

  /// `appendJSON` with an explicit stack of the open containers, for what lies below ``maximumDepth``.
  private func appendJSONIteratively(to bytes: inout [UInt8], dates: DateEncoding, sortedKeys: Bool) {
    var open: [OpenContainer] = []
    func start(_ value: PropertyValue) {
      switch value {
      case let .array(values):
        bytes.append(UInt8(ascii: "["))
        open.append(OpenContainer(keys: nil, values: values))
      case let .object(members):
        bytes.append(UInt8(ascii: "{"))
        let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : Array(members)
        open.append(OpenContainer(keys: ordered.map(\.key), values: ordered.map(\.value)))
      default:
        value.appendJSON(to: &bytes, dates: dates, sortedKeys: sortedKeys, depth: 0)
      }
    }
    start(self)
    while let index = open.indices.last {
      let next = open[index].next
      guard next < open[index].values.count else {
        bytes.append(open[index].keys == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        open.removeLast()
        continue
      }
      open[index].next = next + 1
      if next > 0 { bytes.append(UInt8(ascii: ",")) }
      if let keys = open[index].keys {
        JSONWriter.appendString(keys[next], to: &bytes)
        bytes.append(UInt8(ascii: ":"))
      }
      start(open[index].values[next])
    }
  }

  /// This value as JSON bytes.
  ///
  /// ```swift
  /// PropertyValue.object(["plan": "pro"]).jsonBytes()   // {"plan":"pro"}
  /// ```
  package func jsonBytes(dates: DateEncoding = .iso8601, sortedKeys: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128)
    appendJSON(to: &bytes, dates: dates, sortedKeys: sortedKeys)
    return bytes
  }

  /// This value as a JSON string.
  package func jsonString(dates: DateEncoding = .iso8601, sortedKeys: Bool = false) -> String {
    String(decoding: jsonBytes(dates: dates, sortedKeys: sortedKeys), as: UTF8.self)
  }
}
