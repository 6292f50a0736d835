/// The key rules of a ``Redactor``, compiled so that checking a key costs tens of nanoseconds: the key
/// is normalized into a stack buffer, and only the patterns whose first byte is the byte at hand are
/// tried, from flat arrays of plain values (no reference counting on the hot path).
struct KeyMatcher: Sendable {
  /// What a key match means.
  enum Outcome: Sendable, Equatable {
    /// Redact the whole value with the marker of this rule.
    case redact(ruleIndex: Int)
    /// Values under version-like keys are not scanned for IPv4 addresses.
    case skipIPv4
  }

  private struct Pattern: Sendable {
    var offset: Int32
    var length: Int32
    var isExact: Bool
    var ruleIndex: Int32
  }

  /// The rule index of the built-in "version" fragment; any real rule wins over it.
  private static let versionRuleIndex = Int32.max - 1
  /// Larger than every rule index: nothing matched.
  private static let noMatch = Int32.max

  /// Every pattern's bytes, one after the other.
  private let patternBytes: [UInt8]
  /// The patterns, sorted by first byte.
  private let patterns: [Pattern]
  /// `patterns[bucketStarts[b]..<bucketStarts[b + 1]]` are the patterns whose first byte is `b`.
  private let bucketStarts: [Int32]
  private let customRules: [(index: Int, matches: @Sendable (String) -> Bool)]

  init(rules: [Redactor.KeyRule]) {
    var compiled: [(bytes: [UInt8], isExact: Bool, ruleIndex: Int32)] = []
    var customRules: [(index: Int, matches: @Sendable (String) -> Bool)] = []
    for (index, rule) in rules.enumerated() {
      switch rule.matcher {
      case let .patterns(names, fragments):
        for (text, isExact) in names.map({ ($0, true) }) + fragments.map({ ($0, false) }) {
          let bytes = Self.normalized(text)
          if !bytes.isEmpty { compiled.append((bytes, isExact, Int32(index))) }
        }
      case let .custom(matches):
        customRules.append((index, matches))
      }
    }
    compiled.append((Array("version".utf8), false, Self.versionRuleIndex))
    compiled.sort { ($0.bytes[0], $0.ruleIndex) < ($1.bytes[0], $1.ruleIndex) }

    var patternBytes: [UInt8] = []
    var patterns: [Pattern] = []
    var bucketStarts = [Int32](repeating: 0, count: 257)
    for entry in compiled {
      patterns.append(Pattern(
        offset: Int32(patternBytes.count), length: Int32(entry.bytes.count), isExact: entry.isExact,
        ruleIndex: entry.ruleIndex
      ))
      patternBytes.append(contentsOf: entry.bytes)
      bucketStarts[Int(entry.bytes[0]) + 1] += 1
    }
    for byte in 0..<256 { bucketStarts[byte + 1] += bucketStarts[byte] }
    self.patternBytes = patternBytes
    self.patterns = patterns
    self.bucketStarts = bucketStarts
    self.customRules = customRules
  }

  static func normalized(_ text: String) -> [UInt8] {
    text.utf8.compactMap { byte in isIgnored(byte) ? nil : lowercased(byte) }
  }

  private static func isIgnored(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "$")
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// The first rule (in the redactor's order) that matches `key`, else whether the key is version-like.
  func firstMatch(_ key: String) -> Outcome? {
    var key = key
    let patternRule = key.withUTF8 { raw in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
        var count = 0
        for byte in raw where !Self.isIgnored(byte) {
          buffer[count] = Self.lowercased(byte)
          count += 1
        }
        return bestRule(in: UnsafeBufferPointer(rebasing: buffer[0..<count]))
      }
    }
    var best = patternRule
    for rule in customRules where Int32(rule.index) < best {
      if rule.matches(key) {
        best = Int32(rule.index)
        break
      }
    }
    switch best {
    case Self.noMatch: return nil
    case Self.versionRuleIndex: return .skipIPv4
    default: return .redact(ruleIndex: Int(best))
    }
  }

  /// The smallest rule index among the patterns found in the normalized `key`, or `noMatch`.
  private func bestRule(in key: UnsafeBufferPointer<UInt8>) -> Int32 {
    var best = Self.noMatch
    patternBytes.withUnsafeBufferPointer { patternBytes in
      patterns.withUnsafeBufferPointer { patterns in
        bucketStarts.withUnsafeBufferPointer { bucketStarts in
          for position in 0..<key.count {
            let first = Int(key[position])
            for index in Int(bucketStarts[first])..<Int(bucketStarts[first + 1]) {
              let pattern = patterns[index]
              let length = Int(pattern.length)
              guard pattern.ruleIndex < best,
                pattern.isExact ? (position == 0 && length == key.count) : position + length <= key.count
              else { continue }
              var offset = 1
              let start = Int(pattern.offset)
              while offset < length, patternBytes[start + offset] == key[position + offset] { offset += 1 }
              if offset == length { best = pattern.ruleIndex }
            }
          }
        }
      }
    }
    return best
  }
}
