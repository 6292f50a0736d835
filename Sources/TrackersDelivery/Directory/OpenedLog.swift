import Foundation
import Trackers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A log opened on a queue's directory, with what holds it: the directory's sender lock, or, while
/// another process sends, this process's writer directory (see ``Handover``).
struct OpenedLog {
  let log: SegmentLog
  let hold: DirectoryHold

  /// Opens the directory as its sender if the lock is free, as a writer otherwise. Tried once, never
  /// waited for: a process closing its queue may be about to let go, and a writer tries the lock again at
  /// its loop's first look and then on the machine's handover cadence (`.probeSenderLock`).
  static func takingDirectory(_ configuration: DeliveryConfiguration) throws(DeliveryError) -> OpenedLog {
    let directory = configuration.directory.path
    let lock = try takeSenderLock(directory)
    // Another process sends for this directory: write to a directory of our own and hand it over.
    let writer = lock == nil ? try Handover.claimWriterDirectory(in: directory) : nil
    return try opening(configuration, lock: lock, writer: writer)
  }

  /// Opens the directory as its sender, or returns `nil` at once if another queue holds the lock.
  static func takingDirectoryAsSender(_ configuration: DeliveryConfiguration) throws(DeliveryError) -> OpenedLog? {
    guard let lock = try takeSenderLock(configuration.directory.path) else { return nil }
    return try opening(configuration, lock: lock, writer: nil)
  }

  private static func opening(
    _ configuration: DeliveryConfiguration, lock: Int32?, writer: Handover.WriterDirectory?
  ) throws(DeliveryError) -> OpenedLog {
    do {
      let log = try SegmentLog(
        directory: writer?.path ?? configuration.directory.path,
        segmentMaxBytes: Int64(configuration.segmentMaxBytes), role: lock == nil ? .handsOver : .sender,
        writeMode: configuration.writeMode, calls: configuration.storageCalls)
      return OpenedLog(log: log, hold: lock.map { .senderLock($0) } ?? writer.map { .writerDirectory($0) } ?? .none)
    } catch {
      if let lock { close(lock) }
      writer?.release()
      throw error
    }
  }

  /// Undoes `takingDirectory` for a log that was not installed: closes it and lets go of what held it.
  func discard() {
    log.closeFiles()
    hold.release()
  }

  /// Takes the directory's sender lock, or returns `nil` if another queue holds it. One sender per
  /// directory, across processes too; the kernel releases the lock if the process is killed.
  private static func takeSenderLock(_ directory: String) throws(DeliveryError) -> Int32? {
    let lockPath = directory + "/lock"
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .storage(operation: "open", path: lockPath, errno: errno) }
    if Handover.lockExclusively(fd) { return fd }
    close(fd)
    return nil
  }
}

/// The queue directories this process has a queue open on, sending or writing for another process's
/// sender: a second queue here on one of them is a mistake, where a queue in another process is not.
enum QueueDirectories {

  private static let open = LockIsolated<Set<String>>([])

  /// Notes a queue on `directory`; `false` if one is open there already. One step, so two queues
  /// opened at once can't both pass: the registry is all that tells them apart, a process never
  /// conflicting with its own locks.
  static func register(_ directory: String) -> Bool { open.withLock { $0.insert(directory).inserted } }

  static func closed(_ directory: String) { _ = open.withLock { $0.remove(directory) } }
}
