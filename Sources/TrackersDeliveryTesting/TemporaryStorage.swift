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
  public convenience init(_ label: String = "storage") throws {
    try self.init(label, under: FileManager.default.temporaryDirectory)
  }

  /// A directory in memory (`/dev/shm`, where the system has it; elsewhere the temporary directory), for
  /// tests whose subject is not the disk: there `fsync` returns at once. The hostile-value fuzz writes
  /// identity and super-property files with `fsync` about 22,000 times (95% of the suite's); on a slow
  /// disk that stalled every other test's file writes for minutes.
  package static func inMemory(_ label: String) throws -> TemporaryStorage {
    var isDirectory: ObjCBool = false
    let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let memory = FileManager.default.fileExists(atPath: shm.path, isDirectory: &isDirectory) && isDirectory.boolValue
      && FileManager.default.isWritableFile(atPath: shm.path)
    return try TemporaryStorage(label, under: memory ? shm : FileManager.default.temporaryDirectory)
  }

  private init(_ label: String, under parent: URL) throws {
    let safe = label.filter { $0.isLetter || $0.isNumber }
    url = parent.appendingPathComponent("swift-trackers-\(safe)-\(RecordID().uuidString)", isDirectory: true)
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
