import Foundation
import Trackers

/// Parses JSON bytes into a `PropertyValue`, so tests compare structures, never strings.
func parseJSON(_ bytes: [UInt8]) throws -> PropertyValue {
  try JSONDecoder().decode(PropertyValue.self, from: Data(bytes))
}

/// Parses a JSON literal written in a test.
func parseJSON(_ text: String) throws -> PropertyValue {
  try parseJSON(Array(text.utf8))
}

/// A moment with milliseconds: 2026-11-04T18:46:10.123Z.
let eventTime = Date(timeIntervalSince1970: 1_793_817_970.123)
/// A date property value: 2023-11-14T22:13:20.000Z.
let propertyDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A string of `count` ASCII characters.
func text(_ count: Int) -> String { String(repeating: "x", count: count) }
