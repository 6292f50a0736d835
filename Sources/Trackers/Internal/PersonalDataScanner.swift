/// Finds e-mail addresses, phone numbers, card numbers and IP addresses in UTF-8 text, by hand.
///
/// This runs on every `track` call, whose whole budget is a few microseconds, so there is no regular
/// expression: one pass over the bytes counts what each pattern needs ('@', digits, dots, colons), and a
/// string that cannot hold any pattern (most property values: "pro", "Lyon", "order-12345") is done
/// after that pass, without allocating.
enum PersonalDataScanner {
  /// The patterns the scanner knows.
  struct Patterns: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let emailAddresses = Patterns(rawValue: 1 << 0)
    static let phoneNumbers = Patterns(rawValue: 1 << 1)
    static let cardNumbers = Patterns(rawValue: 1 << 2)
    static let ipv4Addresses = Patterns(rawValue: 1 << 3)
    static let ipv6Addresses = Patterns(rawValue: 1 << 4)
  }

  enum Kind: Int, Sendable {
    case email, phone, card, ip

    var marker: String {
      switch self {
      case .email: Redactor.marker("email")
      case .phone: Redactor.marker("phone")
      case .card: Redactor.marker("card")
      case .ip: Redactor.marker("ip")
      }
    }
  }

  private struct Match {
    var start: Int
    var end: Int
    var kind: Kind
  }

  /// `string` with every match replaced by its marker, or `nil` when nothing matched.
  static func redact(_ string: String, patterns: Patterns) -> String? {
    guard !patterns.isEmpty else { return nil }
    var string = string
    return string.withUTF8 { redact($0, patterns: patterns) }
  }

  static func redact(_ bytes: UnsafeBufferPointer<UInt8>, patterns: Patterns) -> String? {
    var ats = 0, digits = 0, dots = 0, colons = 0
    for byte in bytes {
      if byte &- UInt8(ascii: "0") < 10 {
        digits += 1
      } else if byte == UInt8(ascii: "@") {
        ats += 1
      } else if byte == UInt8(ascii: ".") {
        dots += 1
      } else if byte == UInt8(ascii: ":") {
        colons += 1
      }
    }
    var wanted = patterns
    if ats == 0 { wanted.remove(.emailAddresses) }
    if digits < 13 { wanted.remove(.cardNumbers) }
    if digits < 8 { wanted.remove(.phoneNumbers) }
    if digits < 4 || dots < 3 { wanted.remove(.ipv4Addresses) }
    if colons < 2 { wanted.remove(.ipv6Addresses) }
    guard !wanted.isEmpty else { return nil }

    var matches: [Match] = []
    if wanted.contains(.emailAddresses) { findEmailAddresses(bytes, into: &matches) }
    if wanted.contains(.cardNumbers) { findCardNumbers(bytes, into: &matches) }
    if wanted.contains(.ipv6Addresses) { findIPv6Addresses(bytes, into: &matches) }
    if wanted.contains(.ipv4Addresses) { findIPv4Addresses(bytes, into: &matches) }
    if wanted.contains(.phoneNumbers) { findPhoneNumbers(bytes, into: &matches) }
    guard !matches.isEmpty else { return nil }

    matches.sort { $0.start < $1.start }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    var copied = 0
    for match in matches {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<match.start]))
      output.append(contentsOf: match.kind.marker.utf8)
      copied = match.end
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
    return String(decoding: output, as: UTF8.self)
  }

  /// Adds `match` unless an earlier pattern already claimed part of it.
  private static func add(_ match: Match, to matches: inout [Match]) {
    for other in matches where match.start < other.end && other.start < match.end { return }
    matches.append(match)
  }

  // MARK: Character classes

  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
  private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }
  /// Letters, digits, '_' and every non-ASCII byte: what a word is made of, for boundaries.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || isLetter(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  // MARK: E-mail addresses

  private static func isLocalPartByte(_ byte: UInt8) -> Bool {
    isWordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-")
  }

  private static func isDomainByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || isLetter(byte) || byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// `local@domain.tld`: a local part of word bytes and `. % + -`, a domain with at least one dot and a
  /// top-level label of two letters or more.
  private static func findEmailAddresses(_ bytes: UnsafeBufferPointer<UInt8>, into matches: inout [Match]) {
    for at in bytes.indices where bytes[at] == UInt8(ascii: "@") {
      var start = at
      while start > 0, isLocalPartByte(bytes[start - 1]) { start -= 1 }
      while start < at, bytes[start] == UInt8(ascii: ".") { start += 1 }
      guard start < at else { continue }
      var end = at + 1
      while end < bytes.count, isDomainByte(bytes[end]) { end += 1 }
      while end > at + 1, bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
      guard end > at + 1, isWordByte(bytes[at + 1]) else { continue }
      var lastDot = end - 1
      while lastDot > at, bytes[lastDot] != UInt8(ascii: ".") { lastDot -= 1 }
      guard lastDot > at + 1, end - lastDot - 1 >= 2 else { continue }
      guard bytes[(lastDot + 1)..<end].allSatisfy({ isLetter($0) || $0 >= 0x80 }) else { continue }
      add(Match(start: start, end: end, kind: .email), to: &matches)
    }
  }

  // MARK: Card numbers

  /// 13 to 19 digits, optionally grouped by single spaces or dashes, starting with 2 to 6 (the major
  /// industry identifiers of payment cards) and passing the Luhn check. Starting digits 1 and 7-9 are
  /// left alone: timestamps in milliseconds ("1700000000000") and many ids start that way.
  private static func findCardNumbers(_ bytes: UnsafeBufferPointer<UInt8>, into matches: inout [Match]) {
    var index = 0
    while index < bytes.count {
      guard isDigit(bytes[index]), index == 0 || !isWordByte(bytes[index - 1]) else {
        index += 1
        continue
      }
      let start = index
      var digits = 0
      var end = index
      var cursor = index
      while cursor < bytes.count {
        let byte = bytes[cursor]
        if isDigit(byte) {
          digits += 1
          cursor += 1
          end = cursor
        } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-"),
          cursor + 1 < bytes.count, isDigit(bytes[cursor + 1]), isDigit(bytes[cursor - 1])
        {
          cursor += 1
        } else {
          break
        }
      }
      index = end
      guard (13...19).contains(digits), end == bytes.count || !isWordByte(bytes[end]) else { continue }
      guard (UInt8(ascii: "2")...UInt8(ascii: "6")).contains(bytes[start]) else { continue }
      guard passesLuhn(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { continue }
      add(Match(start: start, end: end, kind: .card), to: &matches)
    }
  }

  private static func passesLuhn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var sum = 0
    var doubles = false
    for byte in bytes.reversed() where isDigit(byte) {
      var digit = Int(byte - UInt8(ascii: "0"))
      if doubles {
        digit *= 2
        if digit > 9 { digit -= 9 }
      }
      sum += digit
      doubles.toggle()
    }
    return sum % 10 == 0
  }

  // MARK: IP addresses

  /// Four dot-separated decimal numbers from 0 to 255, not part of a longer dotted run and not glued to a
  /// word: "10.0.0.1" and "192.168.1.20:8080" match; "1.2.3.4.5" and "v1.2.3.4" don't. A four-part
  /// version such as "1.2.3.4" does match; ``Redactor`` skips this pattern under version-like keys.
  private static func findIPv4Addresses(_ bytes: UnsafeBufferPointer<UInt8>, into matches: inout [Match]) {
    var index = 0
    while index < bytes.count {
      guard isDigit(bytes[index]),
        index == 0 || (!isWordByte(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: "."))
      else {
        index += 1
        continue
      }
      let start = index
      var cursor = index
      var octets = 0
      var valid = true
      while true {
        var value = 0
        var length = 0
        while cursor < bytes.count, isDigit(bytes[cursor]), length < 4 {
          value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
          length += 1
          cursor += 1
        }
        guard length >= 1, length <= 3, value <= 255 else {
          valid = false
          break
        }
        octets += 1
        guard octets < 4, cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "."), isDigit(bytes[cursor + 1])
        else { break }
        cursor += 1
      }
      let end = cursor
      let followedByMore = end < bytes.count
        && (isWordByte(bytes[end])
          || (bytes[end] == UInt8(ascii: ".") && end + 1 < bytes.count && isDigit(bytes[end + 1])))
      if valid, octets == 4, !followedByMore {
        add(Match(start: start, end: end, kind: .ip), to: &matches)
      }
      // Skip the rest of this run of digits and dots, so its inner numbers are not new starts.
      index = max(end, start + 1)
      while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
    }
  }

  /// Colon-separated groups of one to four hex digits: eight groups, or fewer with one "::", the last two
  /// groups optionally written as an IPv4 address. Clock times ("10:30:00") have too few groups.
  private static func findIPv6Addresses(_ bytes: UnsafeBufferPointer<UInt8>, into matches: inout [Match]) {
    func isCandidateByte(_ byte: UInt8) -> Bool {
      isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard isHexDigit(byte) || byte == UInt8(ascii: ":"),
        index == 0 || !(isWordByte(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ":")
          || bytes[index - 1] == UInt8(ascii: "."))
      else {
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, isCandidateByte(bytes[end]) { end += 1 }
      let runEnd = end
      while end > index, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
      if runEnd == bytes.count || !isWordByte(bytes[runEnd]),
        isIPv6(UnsafeBufferPointer(rebasing: bytes[index..<end]))
      {
        add(Match(start: index, end: end, kind: .ip), to: &matches)
      }
      index = runEnd == index ? index + 1 : runEnd
    }
  }

  private static func isIPv6(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var groups = 0
    var compressed = false
    var index = 0
    let count = text.count
    guard count >= 2 else { return false }
    if text[0] == UInt8(ascii: ":") {
      guard text[1] == UInt8(ascii: ":") else { return false }
      compressed = true
      index = 2
      if index == count { return false }  // "::" alone says nothing about anyone
    }
    while index < count {
      var length = 0
      var hasDot = false
      let groupStart = index
      while index < count, text[index] != UInt8(ascii: ":") {
        if text[index] == UInt8(ascii: ".") { hasDot = true } else if !isHexDigit(text[index]) { return false }
        length += 1
        index += 1
      }
      if hasDot {
        // An embedded IPv4 address ends the address and counts as two groups.
        guard index == count, isDottedQuad(UnsafeBufferPointer(rebasing: text[groupStart..<index])) else {
          return false
        }
        groups += 2
        break
      }
      guard (1...4).contains(length) else { return false }
      groups += 1
      guard index < count else { break }
      index += 1  // the ':'
      if index < count, text[index] == UInt8(ascii: ":") {
        guard !compressed else { return false }
        compressed = true
        index += 1
      } else if index == count {
        return false  // a single trailing ':'
      }
    }
    return compressed ? groups <= 7 && groups >= 1 : groups == 8
  }

  private static func isDottedQuad(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var octets = 0
    var value = 0
    var length = 0
    for byte in text {
      if byte == UInt8(ascii: ".") {
        guard length > 0 else { return false }
        octets += 1
        value = 0
        length = 0
      } else {
        guard isDigit(byte), length < 3 else { return false }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        length += 1
        guard value <= 255 else { return false }
      }
    }
    return length > 0 && octets == 3
  }

  // MARK: Phone numbers

  /// Phone numbers as people write them:
  /// - international: '+' then 8 to 15 digits, grouped by spaces, dashes, dots or parentheses
  ///   ("+33 6 12 34 56 78", "+1 (555) 123-4567", "+447911123456");
  /// - a parenthesized area code then 10 or 11 digits in all ("(555) 123-4567");
  /// - 10 or 11 digits in 3 groups or more of at most 4 digits, with one kind of separator throughout
  ///   ("06 12 34 56 78", "555-123-4567", "555.123.4567").
  /// Dates ("2024-01-15") and short numbers have too few digits; ids glued to a word or a dash
  /// ("order-5551234567") are left alone.
  private static func findPhoneNumbers(_ bytes: UnsafeBufferPointer<UInt8>, into matches: inout [Match]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let previous: UInt8? = index > 0 ? bytes[index - 1] : nil
      let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
      enum Form { case international, areaCode, plain }
      let form: Form
      if byte == UInt8(ascii: "+"), let next, isDigit(next), previous.map({ !isWordByte($0) }) ?? true {
        form = .international
      } else if byte == UInt8(ascii: "("), let next, isDigit(next), previous.map({ !isWordByte($0) }) ?? true {
        form = .areaCode
      } else if isDigit(byte), previous.map(canPrecedePlainNumber) ?? true {
        form = .plain
      } else {
        index += 1
        continue
      }

      var cursor = form == .plain ? index : index + 1
      var digits = 0, groups = 0, longestGroup = 0, groupLength = 0, separatorsInARow = 0
      var separatorKinds: UInt8 = 0  // a bit per separator, see `separatorBit`
      var end = cursor
      while cursor < bytes.count {
        let byte = bytes[cursor]
        if isDigit(byte) {
          if groupLength == 0 { groups += 1 }
          groupLength += 1
          longestGroup = max(longestGroup, groupLength)
          digits += 1
          separatorsInARow = 0
          cursor += 1
          end = cursor
        } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
        {
          separatorsInARow += 1
          guard separatorsInARow <= 2 else { break }
          separatorKinds |= separatorBit(byte)
          groupLength = 0
          cursor += 1
        } else {
          break
        }
      }
      let isolated = end == bytes.count || !isWordByte(bytes[end])
      let accepted: Bool
      switch form {
      case .international:
        accepted = (8...15).contains(digits)
      case .areaCode:
        accepted = (10...11).contains(digits) && groups >= 3
      case .plain:
        let kinds = separatorKinds
        let oneKind = kinds == separatorBit(UInt8(ascii: " ")) || kinds == separatorBit(UInt8(ascii: "-"))
          || kinds == separatorBit(UInt8(ascii: "."))
        accepted = (10...11).contains(digits) && groups >= 3 && longestGroup <= 4 && oneKind
      }
      if accepted, isolated {
        add(Match(start: index, end: end, kind: .phone), to: &matches)
      }
      index = max(end, index + 1)
    }
  }

  private static func separatorBit(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: " "): 1
    case UInt8(ascii: "-"): 2
    case UInt8(ascii: "."): 4
    case UInt8(ascii: "("): 8
    default: 16
    }
  }

  /// What may come right before a phone number written without '+' or '(': the start of a field, a
  /// space or punctuation that separates fields, but not a dash, a dot, a slash or a word (ids, dates).
  private static func canPrecedePlainNumber(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\""), UInt8(ascii: "'"),
      UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "["),
      UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: ">"):
      true
    default:
      false
    }
  }
}
