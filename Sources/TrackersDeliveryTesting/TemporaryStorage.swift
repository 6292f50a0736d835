import Foundation
import TrackersDelivery

/// A fresh, empty directory for one test's live environment, deleted when the value is released: keep it
/// alive for as long as the environment uses it.
///
/// ```swift
/// let storage = try TemporaryStorage()
/// configuration.storageDirectory = storage.url
/// ```
public final class TemporaryStorage: Sendable {
  /// The directory.
  public let url: URL

  /// Creates a directory under the system's temporary directory, named after `label` and a random id so
  /// that tests running in parallel never share one.
  public init(_ label: String = "storage") throws {
    let safe = label.filter { $0.isLetter || $0.isNumber }
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-trackers-\(safe)-\(RecordID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A subdirectory, created on first use: one per module when a test runs several.
  public func directory(_ name: String) -> URL {
    let directory = url.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
