import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The storage calls whose effect no test can see from outside: forcing a file to stable storage,
/// reserving disk blocks, writing a record, requesting the protection class. The log makes them through
/// this value (``DeliveryConfiguration``'s `storageCalls`, ``live`` unless a test sets another), so a test
/// on Linux records exactly which calls are made on which files, fails one with an `errno` (a full disk),
/// and plays an Apple platform's choices (`F_FULLFSYNC`, the protection class), which Linux can't run.
package struct StorageCalls: Sendable {
  /// Whether ``sync(_:path:)`` asks the drive to flush its volatile cache (`fcntl(F_FULLFSYNC)`) before
  /// falling back to `fsync`: Apple platforms', where `fsync` only hands the data to the drive.
  package var flushesDriveCache: Bool
  /// Whether the queue's directory is given the protection class `completeUntilFirstUserAuthentication`
  /// explicitly (``DataProtection/protectDirectory(_:calls:)``): where Data Protection exists, iOS, iPadOS,
  /// Mac Catalyst, tvOS, watchOS and visionOS.
  package var requestsProtectionClass: Bool
  /// `fsync(2)` of `fd`, the file or directory at `path`: `nil`, or the `errno`.
  package var fsync: @Sendable (_ fd: Int32, _ path: String) -> Int32?
  /// `fcntl(fd, F_FULLFSYNC)`: `nil`, or the `errno` (`ENOTSUP` on Linux, which has no such call).
  package var fullFsync: @Sendable (_ fd: Int32, _ path: String) -> Int32?
  /// `posix_fallocate(fd, offset, length)`: 0, or the error it returns (it sets no `errno`).
  package var fallocate: @Sendable (_ fd: Int32, _ path: String, _ offset: Int64, _ length: Int64) -> Int32
  /// Writes all of `bytes` (one record's frame) to `fd`, retrying short writes and `EINTR`: `nil`, or the
  /// `errno`.
  package var write: @Sendable (_ fd: Int32, _ path: String, _ bytes: UnsafeRawBufferPointer) -> Int32?
  /// Sets the protection class `completeUntilFirstUserAuthentication` on the directory at `path`. A
  /// failure leaves the app's default class: the queue still works whenever that class allows.
  package var protect: @Sendable (_ path: String) -> Void

  /// This platform's calls.
  package static let live: StorageCalls = {
    #if canImport(Darwin)
      let flushesDriveCache = true
      let fullFsync: @Sendable (Int32, String) -> Int32? = { fd, _ in fcntl(fd, F_FULLFSYNC) == 0 ? nil : errno }
    #else
      let flushesDriveCache = false
      let fullFsync: @Sendable (Int32, String) -> Int32? = { _, _ in ENOTSUP }
    #endif
    #if canImport(Glibc) || canImport(Musl)
      let fallocate: @Sendable (Int32, String, Int64, Int64) -> Int32 = { fd, _, offset, length in
        posix_fallocate(fd, off_t(offset), off_t(length))
      }
    #else
      // Darwin has no posix_fallocate, and never maps a segment (see `SegmentWriteMode`).
      let fallocate: @Sendable (Int32, String, Int64, Int64) -> Int32 = { _, _, _, _ in ENOTSUP }
    #endif
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      let requestsProtectionClass = true
      let protect: @Sendable (String) -> Void = { path in
        try? FileManager.default.setAttributes(
          [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: path)
      }
    #else
      let requestsProtectionClass = false
      let protect: @Sendable (String) -> Void = { _ in }
    #endif
    return StorageCalls(
      flushesDriveCache: flushesDriveCache, requestsProtectionClass: requestsProtectionClass,
      fsync: { fd, _ in systemFsync(fd) }, fullFsync: fullFsync, fallocate: fallocate,
      write: { fd, _, bytes in POSIXFile.writeAll(fd, bytes) }, protect: protect)
  }()

  /// Forces the file to stable storage. Where ``flushesDriveCache`` (Apple platforms), `F_FULLFSYNC`, and
  /// `fsync` on a file system that does not support it (some network volumes), as SQLite does; `fsync`
  /// elsewhere.
  func sync(_ fd: Int32, path: String) -> Int32? {
    if flushesDriveCache, fullFsync(fd, path) == nil { return nil }
    return fsync(fd, path)
  }

  /// The call ``sync(_:path:)`` makes, for error messages.
  var syncName: String { flushesDriveCache ? "fcntl(F_FULLFSYNC)" : "fsync" }

  /// Forces the directory's entries (files created, renamed, removed) to stable storage, as
  /// ``sync(_:path:)``.
  func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = sync(fd, path: path)
    _ = close(fd)
  }
}

/// The system's `fsync`, outside ``StorageCalls``, whose own `fsync` would hide it.
private func systemFsync(_ fd: Int32) -> Int32? {
  fsync(fd) == 0 ? nil : errno
}
