/// The key rules of a ``Redactor``, compiled so that checking a key costs a few dozen nanoseconds: keys
/// are normalized on the stack and only positions whose byte starts some pattern are tried.
struct KeyMatcher: Sendable {
  /// What a key match means.
  enum Outcome: Sendable, Equatable {
    /// Redact the whole value with the marker of this rule.
    case redact(ruleIndex: Int)
    /// Values under version-like keys are not scanned for IPv4 addresses.
    case skipIPv4
  }

  private struct Pattern: Sendable {
    var bytes: [UInt8]
    var isExact: Bool
    var ruleIndex: Int
  }

  private var patterns: [Pattern] = []
  private var startsPattern = [Bool](repeating: false, count: 256)
  private var customRules: [(index: Int, matches: @Sendable (String) -> Bool)] = []
  private let versionFragment = Array("version".utf8)

  init(rules: [Redactor.KeyRule]) {
    for (index, rule) in rules.enumerated() {
      switch rule.matcher {
      case let .patterns(names, fragments):
        for (text, isExact) in names.map({ ($0, true) }) + fragments.map({ ($0, false) }) {
          let bytes = Self.normalized(text)
          guard let first = bytes.first else { continue }
          patterns.append(Pattern(bytes: bytes, isExact: isExact, ruleIndex: index))
          startsPattern[Int(first)] = true
        }
      case let .custom(matches):
        customRules.append((index, matches))
      }
    }
  }

  static func normalized(_ text: String) -> [UInt8] {
    text.utf8.compactMap(normalizedByte)
  }

  private static func normalizedByte(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "), UInt8(ascii: "$"): nil
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte | 0x20
    default: byte
    }
  }

  /// The first rule (in the redactor's order) that matches `key`, else whether the key is version-like.
  func firstMatch(_ key: String) -> Outcome? {
    var key = key
    var best: Int? = nil
    var isVersion = false
    do {
      key.withUTF8 { raw in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
          var count = 0
          for byte in raw {
            if let normalized = Self.normalizedByte(byte) {
              buffer[count] = normalized
              count += 1
            }
          }
          let normalized = UnsafeBufferPointer(rebasing: buffer[0..<count])
          for position in 0..<count where startsPattern[Int(normalized[position])] {
            for pattern in patterns where pattern.bytes[0] == normalized[position] {
              if pattern.isExact ? (position == 0 && pattern.bytes.count == count) : position + pattern.bytes.count <= count,
                best.map({ pattern.ruleIndex < $0 }) ?? true,
                pattern.bytes.elementsEqual(normalized[position..<(position + pattern.bytes.count)])
              {
                best = pattern.ruleIndex
              }
            }
          }
          isVersion = Self.contains(versionFragment, in: normalized)
        }
      }
    }
    for rule in customRules where best.map({ rule.index < $0 }) ?? true {
      if rule.matches(key) {
        best = rule.index
        break
      }
    }
    if let best { return .redact(ruleIndex: best) }
    return isVersion ? .skipIPv4 : nil
  }

  private static func contains(_ fragment: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count >= fragment.count else { return false }
    for start in 0...(text.count - fragment.count) where text[start] == fragment[0] {
      if fragment.elementsEqual(text[start..<(start + fragment.count)]) { return true }
    }
    return false
  }
}
