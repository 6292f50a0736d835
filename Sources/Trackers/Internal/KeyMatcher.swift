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
  /// The patterns, sorted by kind (exact names, then fragments), then by first byte.
  private let patterns: [Pattern]
  /// `patterns[bucketStarts[b]..<bucketStarts[b + 1]]` are the exact names whose first byte is `b`, and
  /// `patterns[bucketStarts[256 + b]..<bucketStarts[256 + b + 1]]` the fragments: names are only tried
  /// at the start of a key, fragments at every position.
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
    func bucket(_ entry: (bytes: [UInt8], isExact: Bool, ruleIndex: Int32)) -> Int {
      (entry.isExact ? 0 : 256) + Int(entry.bytes[0])
    }
    compiled.sort { (bucket($0), $0.ruleIndex) < (bucket($1), $1.ruleIndex) }

    var patternBytes: [UInt8] = []
    var patterns: [Pattern] = []
    var bucketStarts = [Int32](repeating: 0, count: 513)
    for entry in compiled {
      patterns.append(Pattern(
        offset: Int32(patternBytes.count), length: Int32(entry.bytes.count), isExact: entry.isExact,
        ruleIndex: entry.ruleIndex
      ))
      patternBytes.append(contentsOf: entry.bytes)
      bucketStarts[bucket(entry) + 1] += 1
    }
    for index in 0..<512 { bucketStarts[index + 1] += bucketStarts[index] }
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
    guard !key.isEmpty else { return Self.noMatch }
    return patternBytes.withUnsafeBufferPointer { bytes in
      patterns.withUnsafeBufferPointer { patterns in
        bucketStarts.withUnsafeBufferPointer { starts in
          var best = Self.noMatch
          Self.search(key, at: 0, bucket: Int(key[0]), bytes, patterns, starts, &best)
          for position in 0..<key.count {
            Self.search(key, at: position, bucket: 256 + Int(key[position]), bytes, patterns, starts, &best)
          }
          return best
        }
      }
    }
  }

  @inline(__always)
  private static func search(
    _ key: UnsafeBufferPointer<UInt8>,
    at position: Int,
    bucket: Int,
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ patterns: UnsafeBufferPointer<Pattern>,
    _ starts: UnsafeBufferPointer<Int32>,
    _ best: inout Int32
  ) {
    for index in Int(starts[bucket])..<Int(starts[bucket + 1]) {
      let pattern = patterns[index]
      let length = Int(pattern.length)
      guard pattern.ruleIndex < best, pattern.isExact ? length == key.count : position + length <= key.count
      else { continue }
      var offset = 1
      let start = Int(pattern.offset)
      while offset < length, bytes[start + offset] == key[position + offset] { offset += 1 }
      if offset == length { best = pattern.ruleIndex }
    }
  }
}
