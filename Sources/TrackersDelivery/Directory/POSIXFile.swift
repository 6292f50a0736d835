#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls the log needs.
///
/// `FileHandle` costs several microseconds per call and hides `errno`; `enqueue` must stay close to the
/// cost of one `write(2)`, so the log talks to the kernel directly.
enum POSIXFile {
  static func openForAppend(_ path: String) throws(DeliveryError) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .storage(operation: "open", path: path, errno: errno) }
    return fd
  }

  static func openForReading(_ path: String) -> Int32? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    return fd >= 0 ? fd : nil
  }

  /// Writes all of `bytes`, retrying short writes and `EINTR`.
  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard var p = bytes.baseAddress else { return nil }
    var remaining = bytes.count
    while remaining > 0 {
      let n = write(fd, p, remaining)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      p += n
      remaining -= n
    }
    return nil
  }

  /// Reads up to `count` bytes at `offset` into `buffer`; returns the number read (short only at EOF).
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, count: Int, at offset: Int64) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < count {
      let n = pread(fd, base + done, count - done, off_t(offset) + off_t(done))
      if n < 0 {
        if errno == EINTR { continue }
        break
      }
      if n == 0 { break }
      done += n
    }
    return done
  }

  /// The file's size, from `lseek` rather than `fstat`: Apple lists `fstat` among the APIs whose use an
  /// app must declare a reason for (file timestamps), and the size is all the log needs. The offset it
  /// moves is never used: every read is a `pread`, every write `O_APPEND` or through a mapping.
  static func size(_ fd: Int32) -> Int64 {
    let end = lseek(fd, 0, SEEK_END)
    return end < 0 ? 0 : Int64(end)
  }

  static func truncate(_ fd: Int32, to size: Int64) {
    _ = ftruncate(fd, off_t(size))
  }

  // Forcing a file to stable storage (`F_FULLFSYNC` on Darwin, `fsync`) is ``StorageCalls/sync(_:path:)``,
  // made through the queue's `StorageCalls` so that the tests see each call.

  /// Makes the writes to `fd` so far reach the disk before any write made after this call, without
  /// waiting for them to be durable: enough where only the order matters (a file's content before the
  /// rename that publishes it). Darwin's `F_BARRIERFSYNC`, falling back to `fsync`; `fsync` elsewhere.
  static func barrier(_ fd: Int32) -> Int32? {
    #if canImport(Darwin)
      if fcntl(fd, F_BARRIERFSYNC) == 0 { return nil }
    #endif
    return fsync(fd) == 0 ? nil : errno
  }

  static func closeFile(_ fd: Int32) {
    _ = close(fd)
  }

  static func remove(_ path: String) {
    _ = unlink(path)
  }

  static func readWholeFile(_ path: String) -> [UInt8]? {
    guard let fd = openForReading(path) else { return nil }
    defer { _ = close(fd) }
    let size = Int(self.size(fd))
    guard size > 0 else { return [] }
    return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = read(fd, into: UnsafeMutableRawBufferPointer(buffer), count: size, at: 0)
    }
  }

  static func makeDirectory(_ path: String) throws(DeliveryError) {
    var components: [String] = []
    var current = path
    while !current.isEmpty, current != "/", access(current, F_OK) != 0 {
      components.append(current)
      current = String(current[..<(current.lastIndex(of: "/") ?? current.startIndex)])
    }
    for directory in components.reversed() where mkdir(directory, 0o700) != 0 && errno != EEXIST {
      throw .storage(operation: "mkdir", path: directory, errno: errno)
    }
  }

  static func listDirectory(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  static func errorDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
