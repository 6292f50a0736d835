import Foundation
import Trackers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How several processes share one queue directory: an app and its extensions in an app group.
///
/// The process holding the directory's `lock` is the sender: it appends to the directory's own segments
/// and sends everything pending. Any other process that opens a queue there writes to a directory of its
/// own under `writers/`, locked by it for as long as it lives, and hands its segments over:
///
/// - every ``DeliveryConfiguration/handoverInterval`` (and on `flush()`) it starts a new segment, which
///   seals the one before: a segment with a newer one beside it is never written again;
/// - the sender, as often, renames the sealed segments into its own log, then sends them like its own;
/// - when a writer exits (or is killed) the kernel drops its lock, and the sender takes every segment it
///   left, the one it was writing included (its torn tail, if any, is skipped and counted), and removes
///   its directory;
/// - when the sender closes or exits, a writer takes the directory's `lock` at its next interval and
///   becomes the sender, taking its own segments first.
///
/// A process about to be suspended lets go of its locks (iOS terminates an app that holds a file lock in
/// a shared container while suspended, exception `0xdead10cc`): its segments go to whoever sends next, and
/// what it tracks until it resumes is written one record per file into `inbox/`, each file written under
/// a `.tmp` name and renamed when complete, so it needs no lock. The sender takes inbox files like sealed
/// segments.
///
/// A rename within one directory tree is atomic, so each segment is in exactly one log at any moment:
/// nothing is sent twice and nothing is lost, whoever dies when.
enum Handover {
  static let writersFolder = "writers"
  static let inboxFolder = "inbox"

  /// Takes an exclusive POSIX record lock on the whole file behind `fd` without waiting; `false` if
  /// another process holds one.
  ///
  /// Not `flock`: a `flock` belongs to the open file description, which a child process shares from
  /// `fork` until it calls `exec`, so a lock a closed queue let go of could stay held for a moment by
  /// any process the app spawns. A record lock belongs to the process: children never hold it, and the
  /// kernel drops it when the process exits or is killed. The price: closing any descriptor of the file
  /// in this process drops it, so each lock file is opened once per process (the queues' registry and
  /// `heldWriterDirectories` see to that), and this process's own locks are known without asking the
  /// kernel.
  static func lockExclusively(_ fd: Int32) -> Bool {
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 0
    lock.l_len = 0
    return fcntl(fd, F_SETLK, &lock) == 0
  }

  /// The writer directories the queues of this process hold: alive, whatever a lock test in this process
  /// would say (a process never conflicts with its own record locks).
  static let heldWriterDirectories = LockIsolated<Set<String>>([])

  /// Writes one record (a whole frame) as a file of its own in `directory/inbox`, for a queue that holds no
  /// lock: complete when it appears under its final name. `date` is the queue clock's wall time of the
  /// enqueue, which orders the files.
  static func writeToInbox(_ frame: [UInt8], in directory: String, at date: Date) throws(DeliveryError) {
    let inbox = directory + "/" + inboxFolder
    try POSIXFile.makeDirectory(inbox)
    // Named by process and time, so the sender takes them in the order they were written.
    let name = String(max(0, Int(saturating: date.timeIntervalSince1970 * 1_000_000))) + "-\(getpid())-" + RecordID().uuidString.prefix(8)
    let staging = inbox + "/" + name + ".tmp"
    let fd = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .storage(operation: "open", path: staging, errno: errno) }
    let failure = frame.withUnsafeBytes { POSIXFile.writeAll(fd, $0) }
    _ = close(fd)
    if let failure {
      POSIXFile.remove(staging)
      throw .storage(operation: "write", path: staging, errno: failure)
    }
    guard rename(staging, inbox + "/" + name + ".log") == 0 else {
      let code = errno
      POSIXFile.remove(staging)
      throw .storage(operation: "rename", path: staging, errno: code)
    }
  }

  /// A writer directory of this process, locked until it is released.
  struct WriterDirectory {
    let path: String
    let lockFD: Int32

    /// Unlocks the directory: the sender takes what is left in it.
    func release() {
      Handover.heldWriterDirectories.withLock { _ = $0.remove(path) }
      if lockFD >= 0 { _ = close(lockFD) }
    }
  }

  /// Creates and locks a directory of this process's own under `directory/writers`.
  ///
  /// It is prepared under a `.tmp` name and renamed into place locked, so a sender never mistakes a
  /// directory that is being created for one whose writer has died.
  static func claimWriterDirectory(in directory: String) throws(DeliveryError) -> WriterDirectory {
    let writers = directory + "/" + writersFolder
    try POSIXFile.makeDirectory(writers)
    let name = "\(getpid())-" + RecordID().uuidString.prefix(8)
    let staging = writers + "/" + name + ".tmp"
    try POSIXFile.makeDirectory(staging)
    let lockPath = staging + "/lock"
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .storage(operation: "open", path: lockPath, errno: errno) }
    guard lockExclusively(fd) else {
      let code = errno
      _ = close(fd)
      throw .storage(operation: "fcntl(F_SETLK)", path: lockPath, errno: code)
    }
    let path = writers + "/" + name
    heldWriterDirectories.withLock { _ = $0.insert(path) }
    guard rename(staging, path) == 0 else {
      let code = errno
      heldWriterDirectories.withLock { _ = $0.remove(path) }
      _ = close(fd)
      throw .storage(operation: "rename", path: staging, errno: code)
    }
    return WriterDirectory(path: path, lockFD: fd)
  }

  /// What the sender may take from the writer directories, found by `collect(in:)`.
  struct Collected {
    /// Segment files to take, oldest first within each writer.
    var segments: [String] = []
    /// Directories of writers that have exited, locked by the sender until `removeFinishedWriters()`.
    var finishedWriters: [WriterDirectory] = []

    /// Removes what is left of the exited writers once their segments are taken, and unlocks them. A
    /// segment file still there (its move failed) keeps its directory for the next look.
    func removeFinishedWriters() {
      for writer in finishedWriters {
        for name in POSIXFile.listDirectory(writer.path) where SegmentLog.segmentNumber(fileName: name) == nil {
          POSIXFile.remove(writer.path + "/" + name)
        }
        _ = rmdir(writer.path)
        writer.release()
      }
    }

    /// Unlocks the exited writers' directories without touching them.
    func releaseFinishedWriters() {
      for writer in finishedWriters { writer.release() }
    }
  }

  /// Deletes the inbox records process `pid` wrote that no sender has taken yet; returns how many.
  static func removeInboxRecords(writtenBy pid: Int32, in directory: String) -> Int {
    let inbox = directory + "/" + inboxFolder
    let mark = "-\(pid)-"
    var removed = 0
    for name in POSIXFile.listDirectory(inbox) where name.hasSuffix(".log") && name.contains(mark) {
      // A failed unlink: a sender took it first, and it is that sender's to purge.
      if unlink(inbox + "/" + name) == 0 { removed += 1 }
    }
    return removed
  }

  /// Whether another process writes into `directory`, or has left segments or inbox records there.
  static func hasWriters(in directory: String) -> Bool {
    POSIXFile.listDirectory(directory + "/" + writersFolder).contains { !$0.hasSuffix(".tmp") }
      || POSIXFile.listDirectory(directory + "/" + inboxFolder).contains { $0.hasSuffix(".log") }
  }

  /// The segments the sender may take: every one of a writer that has exited, every one but the newest
  /// of a writer still running.
  static func collect(in directory: String) -> Collected {
    let writers = directory + "/" + writersFolder
    var collected = Collected()
    for name in POSIXFile.listDirectory(writers).sorted() where !name.hasSuffix(".tmp") {
      let path = writers + "/" + name
      let finished: Bool
      if heldWriterDirectories.withLock({ $0.contains(path) }) {
        // This process's own writer: alive, and its lock file must not be opened (or closed) here.
        finished = false
      } else {
        // A writer's lock exists before its directory has its name: no lock file, no writer.
        let fd = open(path + "/lock", O_RDWR | O_CLOEXEC)
        finished = fd < 0 || lockExclusively(fd)
        if finished {
          collected.finishedWriters.append(WriterDirectory(path: path, lockFD: fd))
        } else {
          _ = close(fd)
        }
      }
      var numbered: [(UInt64, String)] = []
      for file in POSIXFile.listDirectory(path) {
        if let number = SegmentLog.segmentNumber(fileName: file) { numbered.append((number, path + "/" + file)) }
      }
      numbered.sort { $0.0 < $1.0 }
      // A running writer may still be writing its newest segment; every older one is sealed.
      if !finished { numbered = numbered.dropLast() }
      collected.segments += numbered.map(\.1)
    }
    let inbox = directory + "/" + inboxFolder
    collected.segments += POSIXFile.listDirectory(inbox).filter { $0.hasSuffix(".log") }.sorted().map { inbox + "/" + $0 }
    return collected
  }
}
