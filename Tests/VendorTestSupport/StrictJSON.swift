/// A strict RFC 8259 JSON checker, for tests that must prove a body is JSON every parser reads alike.
///
/// Refuses what lenient parsers let through: NaN, `Infinity` and other non-JSON numbers (`+1`, `01`,
/// `1.`, `.5`), invalid UTF-8 (overlong forms, encoded surrogates, code points past U+10FFFF, cut
/// sequences), unescaped control characters in strings, unknown escapes, `\u` escapes of a lone surrogate,
/// whitespace other than space, tab, line feed and carriage return, anything after the value, and an object
/// with two members of one name (RFC 8259 says names SHOULD be unique: with duplicates, parsers disagree on
/// which value wins, so a user's property could silently replace the identity the library sets).
///
/// Iterative, with an explicit stack of the open arrays and objects: it checks a body nested 200,000 levels
/// deep on a 512 KiB stack.
///
/// ```swift
/// try StrictJSON.check(request.body)                 // throws StrictJSON.Failure("NaN at byte 12")
/// #expect(StrictJSON.isValid(Array("[1,2]".utf8)))
/// ```
public enum StrictJSON {
  /// Why a text is not strict JSON, and where.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    public var reason: String
    /// The offset of the byte where it was found.
    public var offset: Int
    /// "<reason> at byte <offset>".
    public var description: String { "\(reason) at byte \(offset)" }
  }

  /// Whether `bytes` is one strict JSON value.
  public static func isValid(_ bytes: [UInt8], allowingDuplicateNames: Bool = false) -> Bool {
    (try? check(bytes, allowingDuplicateNames: allowingDuplicateNames)) != nil
  }

  /// Throws unless `bytes` is exactly one strict JSON value, with optional whitespace around it.
  ///
  /// - Parameter allowingDuplicateNames: accept objects with two members of one name, for bodies that only
  ///   need to be well-formed (an encoder's output for a value validation refused).
  public static func check(_ bytes: [UInt8], allowingDuplicateNames: Bool = false) throws(Failure) {
    // Over a buffer pointer: a debug build retains an array on every read of a byte.
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<Void, Failure> in
      var reader = Reader(bytes: buffer, allowingDuplicateNames: allowingDuplicateNames)
      do throws(Failure) { try reader.document() } catch { return .failure(error) }
      return .success(())
    }
    try result.get()
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let allowingDuplicateNames: Bool
    var offset = 0

    func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
      skipWhitespace()
      guard current == byte else { throw fail("expected \(what)") }
      offset += 1
    }

    mutating func document() throws(Failure) {
      // `true` for an open object, `false` for an open array.
      var open: [Bool] = []
      // The member names seen so far, one set per open object, as their raw bytes: the writers under test
      // escape one way only, so equal names have equal bytes.
      var names: [Set<[UInt8]>] = []
      var needsValue = true
      while true {
        skipWhitespace()
        if needsValue {
          guard let byte = current else { throw fail("expected a value") }
          switch byte {
          case UInt8(ascii: "{"):
            offset += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") {
              offset += 1
              needsValue = false
            } else {
              open.append(true)
              names.append([])
              try memberName(into: &names[names.count - 1])
            }
            continue
          case UInt8(ascii: "["):
            offset += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
              offset += 1
              needsValue = false
            } else {
              open.append(false)
            }
            continue
          case UInt8(ascii: "\""):
            try string()
          case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
          case UInt8(ascii: "t"): try literal("true")
          case UInt8(ascii: "f"): try literal("false")
          case UInt8(ascii: "n"): try literal("null")
          default:
            throw fail("unexpected byte 0x\(String(byte, radix: 16)) where a value starts (NaN and Infinity are not JSON)")
          }
          needsValue = false
          continue
        }
        // After a value: the end of the document, or a separator or the end of the open container.
        guard let isObject = open.last else {
          guard current == nil else { throw fail("trailing bytes after the value") }
          return
        }
        guard let byte = current else { throw fail("unterminated \(isObject ? "object" : "array")") }
        offset += 1
        switch byte {
        case UInt8(ascii: ","):
          if isObject {
            skipWhitespace()
            try memberName(into: &names[names.count - 1])
          }
          needsValue = true
        case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
          open.removeLast()
          if isObject { names.removeLast() }
        default:
          offset -= 1
          throw fail("expected ',' or the end of the \(isObject ? "object" : "array")")
        }
      }
    }

    mutating func literal(_ word: String) throws(Failure) {
      let expected = Array(word.utf8)
      guard offset + expected.count <= bytes.count, bytes[offset..<offset + expected.count].elementsEqual(expected)
      else { throw fail("not a JSON literal (NaN and Infinity are not JSON)") }
      offset += expected.count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func number() throws(Failure) {
      func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
      if current == UInt8(ascii: "-") { offset += 1 }
      guard isDigit(current) else { throw fail("a number without digits (Infinity is not JSON)") }
      if current == UInt8(ascii: "0") {
        offset += 1
        if isDigit(current) { throw fail("a number with a leading zero") }
      } else {
        while isDigit(current) { offset += 1 }
      }
      if current == UInt8(ascii: ".") {
        offset += 1
        guard isDigit(current) else { throw fail("a fraction without digits") }
        while isDigit(current) { offset += 1 }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        offset += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
        guard isDigit(current) else { throw fail("an exponent without digits") }
        while isDigit(current) { offset += 1 }
      }
    }

    /// A string at `offset` (which must be its opening quote): valid UTF-8, no unescaped control
    /// characters, known escapes, surrogate escapes in pairs.
    /// A member's name and its colon; a name the object already has is a failure.
    mutating func memberName(into seen: inout Set<[UInt8]>) throws(Failure) {
      let start = offset
      try string()
      let name = Array(bytes[start..<offset])
      guard allowingDuplicateNames || seen.insert(name).inserted else {
        offset = start
        throw fail("duplicate member name \(String(decoding: name.prefix(64), as: UTF8.self))")
      }
      try expect(UInt8(ascii: ":"), "':' after a member name")
    }

    mutating func string() throws(Failure) {
      guard current == UInt8(ascii: "\"") else { throw fail("expected a string") }
      offset += 1
      while true {
        guard let byte = current else { throw fail("unterminated string") }
        switch byte {
        case UInt8(ascii: "\""):
          offset += 1
          return
        case UInt8(ascii: "\\"):
          offset += 1
          try escape()
        case 0x00..<0x20:
          throw fail("unescaped control character 0x\(String(byte, radix: 16)) in a string")
        case 0x20..<0x80:
          offset += 1
        default:
          try utf8Sequence()
        }
      }
    }

    mutating func escape() throws(Failure) {
      guard let byte = current else { throw fail("unterminated escape") }
      offset += 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        return
      case UInt8(ascii: "u"):
        let unit = try hex4()
        switch unit {
        case 0xD800...0xDBFF:
          guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
            throw fail("a lone high surrogate escape")
          }
          offset += 2
          guard (0xDC00...0xDFFF).contains(try hex4()) else { throw fail("a high surrogate escape without its low half") }
        case 0xDC00...0xDFFF:
          throw fail("a lone low surrogate escape")
        default:
          return
        }
      default:
        offset -= 1
        throw fail("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
      }
    }

    mutating func hex4() throws(Failure) -> UInt16 {
      var value: UInt16 = 0
      for _ in 0..<4 {
        guard let byte = current else { throw fail("a cut \\u escape") }
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw fail("a \\u escape with a non-hex digit")
        }
        value = value << 4 | UInt16(digit)
        offset += 1
      }
      return value
    }

    /// One multi-byte UTF-8 sequence (RFC 3629's table): no overlong forms, no surrogates, nothing past
    /// U+10FFFF.
    mutating func utf8Sequence() throws(Failure) {
      let lead = bytes[offset]
      let count: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: count = 1
      case 0xE0: count = 2; secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: count = 2
      case 0xED: count = 2; secondRange = 0x80...0x9F
      case 0xF0: count = 3; secondRange = 0x90...0xBF
      case 0xF1...0xF3: count = 3
      case 0xF4: count = 3; secondRange = 0x80...0x8F
      default: throw fail("invalid UTF-8 lead byte 0x\(String(lead, radix: 16))")
      }
      for index in 1...count {
        guard offset + index < bytes.count else { throw fail("a cut UTF-8 sequence") }
        let byte = bytes[offset + index]
        guard (index == 1 ? secondRange : 0x80...0xBF).contains(byte) else { throw fail("invalid UTF-8 sequence") }
      }
      offset += count + 1
    }
  }
}
