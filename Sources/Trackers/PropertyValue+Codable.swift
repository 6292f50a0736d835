import Foundation

/// `PropertyValue` encodes as plain JSON: strings, numbers, booleans, arrays, objects and `null`.
///
/// Dates encode through the encoder's date strategy (with `JSONEncoder`'s default, seconds since 2001),
/// and decode back as numbers or strings: JSON has no date type, so decoding can't tell a date from the
/// number or string it was written as. Integral numbers decode as `.int`, others as `.double`.
///
/// Both directions refuse, by throwing, a value whose coding path is longer than twice
/// ``maximumDepth`` (64 levels, those of the enclosing types included): `Codable` recurses once per level,
/// and a hostile file or value must not exhaust the stack.
extension PropertyValue: Codable {
  /// The longest coding path a value may sit at.
  private static var maximumCodingDepth: Int { 2 * maximumDepth }

  /// Decodes any JSON value: `null`, a Boolean, an integral or fractional number, a string, an array or
  /// an object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard decoder.codingPath.count <= Self.maximumCodingDepth else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "The value is nested more than \(Self.maximumCodingDepth) levels deep."
      )
    }
    // A container can't say what it holds, only fail to decode it: every type tried before the right one
    // costs a thrown error (and, under a test runner, a backtrace). The common ones go first: strings,
    // then objects (every event is one), then numbers (an integral one before `Double`, which would take
    // it too). No two of these decode the same JSON value, so the order changes no result.
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([String: PropertyValue].self) {
      self = .object(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode([PropertyValue].self) {
      self = .array(value)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "Expected a JSON string, number, boolean, array, object or null."
      )
    }
  }

  /// Encodes the value as the plain JSON it stands for.
  public func encode(to encoder: any Encoder) throws {
    guard encoder.codingPath.count <= Self.maximumCodingDepth else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "The value is nested more than \(Self.maximumCodingDepth) levels deep."
        )
      )
    }
    var container = encoder.singleValueContainer()
    switch self {
    case let .string(value): try container.encode(value)
    case let .int(value): try container.encode(value)
    case let .double(value): try container.encode(value)
    case let .bool(value): try container.encode(value)
    case let .date(value): try container.encode(value)
    case let .array(value): try container.encode(value)
    case let .object(value): try container.encode(value)
    case .null: try container.encodeNil()
    }
  }
}
