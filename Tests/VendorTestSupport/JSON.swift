import Foundation
import Trackers

/// Parses JSON text into a `PropertyValue`, so tests compare parsed structures with `==`, never strings:
/// member order and spacing don't matter, numbers keep their type (`5` is not `5.0`).
///
/// ```swift
/// #expect(try request.json() == parseJSON(#"{"api_key": "k", "events": [{"event_type": "E"}]}"#))
/// ```
public func parseJSON(_ text: String) throws -> PropertyValue {
  try parseJSON(Array(text.utf8))
}

/// Parses JSON bytes (a request body a destination built) into a `PropertyValue`.
public func parseJSON(_ bytes: [UInt8]) throws -> PropertyValue {
  try JSONDecoder().decode(PropertyValue.self, from: Data(bytes))
}

extension PropertyValue {
  /// This object without the top-level members named `keys`, for comparing events minus generated ids;
  /// any other value unchanged.
  ///
  /// ```swift
  /// #expect(events.map { $0.removing(["insert_id"]) } == expected)
  /// ```
  public func removing(_ keys: Set<String>) -> PropertyValue {
    guard case let .object(members) = self else { return self }
    return .object(members.filter { !keys.contains($0.key) })
  }
}
