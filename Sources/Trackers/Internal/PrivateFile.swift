import Foundation

/// Writes small files that only the app's user may read, atomically: a reader (or the next launch) sees
/// the old content or the new one, never a mix.
package enum PrivateFile {
  /// Writes `data` to a temporary file created with mode 0600 next to `url`, then renames it over `url`.
  ///
  /// The mode is given to `open(2)`, so the content is never readable by others, not even for a moment;
  /// `Data.write(options: .atomic)` would create the file with the default mode first.
  package static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { throw PrivateFileError(operation: "create", path: temporary.path, code: errno) }
    var written = 0
    let failure: Int32? = data.withUnsafeBytes { bytes in
      while written < bytes.count {
        let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += result
      }
      return orderBeforeRename(descriptor)
    }
    close(descriptor)
    if let failure {
      unlink(temporary.path)
      throw PrivateFileError(operation: "write", path: temporary.path, code: failure)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw PrivateFileError(operation: "rename", path: url.path, code: code)
    }
  }
}

extension PrivateFile {
  /// Makes the content reach the disk before the rename that publishes it, so a power loss leaves the
  /// old file or the new one, never a new name on missing content. Only the order matters here: Darwin's
  /// `F_BARRIERFSYNC` gives it without waiting for the drive to flush its cache (`F_FULLFSYNC`), falling
  /// back to `fsync` where the file system does not support it; elsewhere `fsync`.
  static func orderBeforeRename(_ descriptor: Int32) -> Int32? {
    #if canImport(Darwin)
      if fcntl(descriptor, F_BARRIERFSYNC) == 0 { return nil }
    #endif
    return fsync(descriptor) == 0 ? nil : errno
  }
}

/// A system call on a private file failed.
struct PrivateFileError: Error, CustomStringConvertible {
  var operation: String
  var path: String
  var code: Int32

  var description: String { "could not \(operation) \(path): \(String(cString: strerror(code)))" }
}
