import Dispatch
import Trackers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends frames to the segment file being written.
///
/// A record is durable against a crash of the app once its bytes are in the kernel's page cache: the
/// kernel writes them out whether or not the process lives. On Linux the segment is a shared file mapping,
/// so an append is a copy into pages the kernel already holds, with no system call: `reserve` hands out
/// the mapped bytes, the frame is encoded straight into them, and `commit` counts them. A window of the
/// file is mapped at a time, its disk blocks reserved first with `posix_fallocate`, so a full disk is an
/// error from `reserve` and never a `SIGBUS` on a later write.
///
/// Elsewhere each append is one `write(2)` of the frame, built in a reused buffer. Apple platforms stay
/// there on purpose (``SegmentWriteMode``; Linux runs it too where a test asks, so the code Apple
/// platforms run is the code the tests run): a file under Data Protection can't be read or written while the device is locked,
/// and through a mapping that is a crash rather than an error (`EPERM`) the queue can report; and Darwin
/// has no `posix_fallocate` (its `F_PREALLOCATE` can't be exercised on the Linux machines this package is
/// tested on).
///
/// The first write to each page of a mapping faults into the kernel, which finds the page, marks it dirty
/// and maps it writable: about 3 µs a 4 KiB page here, half a microsecond for a 700-byte record, the
/// biggest cost left in `track`. So each window is prefaulted in the background as soon as it is mapped
/// (`MADV_POPULATE_WRITE`, Linux 5.14 and later; older kernels refuse it and the writer faults as before),
/// and `track` copies into pages that are already there. The work is the same; it moves off the thread
/// that tracks.
///
/// A mapped file is longer than its data until it is closed: the reserved tail reads as zeros. `close`
/// cuts it off; after a crash, the scanner treats an all-zero tail as the end of the data.
final class SegmentWriter {
  let path: String
  let mode: SegmentWriteMode
  /// How the writer reserves, writes and syncs: the system's, or a test's recording of them.
  private let calls: StorageCalls
  /// The bytes committed so far: where the next frame goes.
  private(set) var size: Int64 = 0
  private var fd: Int32
  private var scratch: UnsafeMutableRawBufferPointer = .allocate(byteCount: 0, alignment: 8)

  #if canImport(Glibc) || canImport(Musl)
    /// How much of the file is reserved and mapped at a time: a 1 MiB window holds about 1,500 events,
    /// so the `posix_fallocate` and `mmap` per window cost about 0.03 µs an event.
    static let windowSize = 1 << 20
    private static let pageSize = Int64(sysconf(Int32(_SC_PAGESIZE)))
    private var window: UnsafeMutableRawPointer?
    private var mapped: MappedWindow?
    private var windowOffset: Int64 = 0
    private var windowLength = 0
  #endif

  /// Creates the file, which must not exist: a file from an earlier run may end in a torn record, and is
  /// never appended to.
  init(path: String, mode: SegmentWriteMode = .platformDefault, calls: StorageCalls = .live) throws(DeliveryError) {
    self.path = path
    self.mode = mode
    self.calls = calls
    switch mode {
    case .writePerRecord:
      fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
    #if canImport(Glibc) || canImport(Musl)
      case .mapped:
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    #endif
    }
    guard fd >= 0 else { throw .storage(operation: "open", path: path, errno: errno) }
  }

  deinit {
    close()
    scratch.deallocate()
  }

  /// Room for a frame of `count` bytes at the end of the data, valid until the next call on the writer.
  /// Nothing is committed until `commit(count)`.
  func reserve(_ count: Int) throws(DeliveryError) -> UnsafeMutableRawBufferPointer {
    guard fd >= 0 else { throw .closed }
    #if canImport(Glibc) || canImport(Musl)
      if mode == .mapped {
        if window == nil || size + Int64(count) > windowOffset + Int64(windowLength) {
          try mapWindow(covering: count)
        }
        return UnsafeMutableRawBufferPointer(start: window! + Int(size - windowOffset), count: count)
      }
    #endif
    if scratch.count < count {
      scratch.deallocate()
      scratch = .allocate(byteCount: max(count, scratch.count * 2, 4096), alignment: 8)
    }
    return UnsafeMutableRawBufferPointer(rebasing: scratch[0..<count])
  }

  /// Makes the `count` bytes filled after `reserve(count)` part of the file.
  func commit(_ count: Int) throws(DeliveryError) {
    #if canImport(Glibc) || canImport(Musl)
      if mode == .mapped {
        size += Int64(count)
        return
      }
    #endif
    if let failure = calls.write(fd, path, UnsafeRawBufferPointer(rebasing: scratch[0..<count])) {
      // Cut off a partial write so the next record starts on a clean boundary.
      _ = ftruncate(fd, off_t(size))
      throw .storage(operation: "write", path: path, errno: failure)
    }
    size += Int64(count)
  }

  #if canImport(Glibc) || canImport(Musl)
    private func mapWindow(covering count: Int) throws(DeliveryError) {
      unmapWindow()
      let offset = size & ~(Self.pageSize - 1)
      let needed = (size - offset + Int64(count) + Self.pageSize - 1) & ~(Self.pageSize - 1)
      var length = max(Int64(Self.windowSize), needed)
      // posix_fallocate returns the error instead of setting errno.
      var reserved = calls.fallocate(fd, path, offset, length)
      if reserved == ENOSPC, length > needed {
        // Less than a window is free: use what is left, a record at a time, before refusing.
        length = needed
        reserved = calls.fallocate(fd, path, offset, length)
      }
      guard reserved == 0 else {
        throw .storage(operation: "posix_fallocate", path: path, errno: reserved)
      }
      let mapped = mmap(nil, Int(length), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
      guard let mapped, mapped != MAP_FAILED else {
        throw .storage(operation: "mmap", path: path, errno: errno)
      }
      window = mapped
      windowOffset = offset
      windowLength = Int(length)
      let prefaulted = MappedWindow(base: mapped, length: Int(length))
      self.mapped = prefaulted
      prefaulted.prefaultInTheBackground()
    }

    private func unmapWindow() {
      mapped?.unmapInTheBackground()
      mapped = nil
      window = nil
      windowLength = 0
    }
  #endif

  /// Forces the committed bytes to the disk.
  func sync() -> Int32? {
    guard fd >= 0 else { return nil }
    // On Linux the mapped pages are the file's page cache: fsync writes them like any other.
    return calls.sync(fd, path: path)
  }

  /// Unmaps, cuts the reserved tail off and closes the file.
  func close() {
    guard fd >= 0 else { return }
    #if canImport(Glibc) || canImport(Musl)
      if mode == .mapped {
        unmapWindow()
        _ = ftruncate(fd, off_t(size))
      }
    #endif
    POSIXFile.closeFile(fd)
    fd = -1
  }
}

#if canImport(Glibc) || canImport(Musl)
  /// One mapped window, shared with the background prefault: the lock keeps `munmap` and `madvise` apart,
  /// so the prefault never touches an address range after it was unmapped (and maybe reused).
  private final class MappedWindow: Sendable {
    /// The queue every window's prefault runs on: one at a time, at utility priority, off the tracking
    /// threads and the cooperative pool.
    static let prefaults = DispatchQueue(label: "swift-trackers.prefault", qos: .utility)
    /// How much is prefaulted under the lock at a time: about 0.2 ms, the longest an unmap waits.
    static let chunk = 256 << 10
    /// `MADV_POPULATE_WRITE`, spelled out: Musl's headers may not have it.
    static let populateWrite: Int32 = 23

    private let address: UInt
    private let length: Int
    private let isMapped = LockIsolated(true)
    /// Set when the writer moves on, so a prefault still running stops at its next chunk; a lock of its
    /// own, never held across a system call, so the writer never waits for a chunk.
    private let isRetired = LockIsolated(false)

    init(base: UnsafeMutableRawPointer, length: Int) {
      address = UInt(bitPattern: base)
      self.length = length
    }

    private var base: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: address)! }

    func prefaultInTheBackground() {
      Self.prefaults.async { [self] in
        var offset = 0
        while offset < length, !isRetired.withLock({ $0 }) {
          let populated = isMapped.withLock { isMapped in
            isMapped && madvise(base + offset, min(Self.chunk, length - offset), Self.populateWrite) == 0
          }
          guard populated else { return }
          offset += Self.chunk
        }
      }
    }

    /// Unmaps on the prefault queue, after any prefault still running: tearing down a prefaulted window
    /// costs about 70 ns an event amortized, and nothing reads through the mapping once the writer has
    /// moved on (the sender reads the file).
    func unmapInTheBackground() {
      isRetired.withLock { $0 = true }
      Self.prefaults.async { [self] in
        isMapped.withLock { isMapped in
          guard isMapped else { return }
          _ = munmap(base, length)
          isMapped = false
        }
      }
    }
  }
#endif

/// How a segment is written: through a shared mapping (Linux's default) or with one `write(2)` per record
/// (the only way on Apple platforms, and the default wherever there is no mapping; see ``SegmentWriter``).
/// A package choice so the tests on Linux run Apple's path too.
package enum SegmentWriteMode: Sendable, Hashable, CaseIterable {
  /// One `write(2)` per record, from a reused buffer.
  case writePerRecord
  #if canImport(Glibc) || canImport(Musl)
    /// A copy into the file's mapped pages, a 1 MiB window reserved with `posix_fallocate` at a time.
    case mapped
  #endif

  /// This platform's: mapped on Linux, one `write(2)` per record elsewhere.
  package static var platformDefault: SegmentWriteMode {
    #if canImport(Glibc) || canImport(Musl)
      .mapped
    #else
      .writePerRecord
    #endif
  }
}
