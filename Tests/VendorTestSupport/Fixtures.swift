import Foundation
import TrackersDelivery

/// A moment with milliseconds, for `Configuration.now`: 2026-11-04T18:46:10.123Z.
public let eventTime = Date(timeIntervalSince1970: 1_793_817_970.123)

/// A date property value: 2023-11-14T22:13:20.000Z.
public let propertyDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A string of `count` ASCII characters, for length limits.
public func text(_ count: Int) -> String { String(repeating: "x", count: count) }

/// A fresh empty directory under the temporary directory, named after the calling test: a live
/// environment's storage, never shared between tests.
public func temporaryDirectory(_ name: String = #function) -> URL {
  let safe = name.filter { $0.isLetter || $0.isNumber }
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swift-trackers-tests/\(safe)-\(RecordID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
