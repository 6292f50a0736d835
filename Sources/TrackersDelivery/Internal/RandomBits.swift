#if canImport(Glibc)
  import Glibc
#endif

/// Random bits for ``RecordID``, from the system's generator.
///
/// On Linux, `SystemRandomNumberGenerator` makes one `getrandom(2)` call per 64 bits: two syscalls per
/// id, a fifth of `track`'s cost. This reads 4 KiB at a time from `/dev/urandom` (the same kernel source;
/// Glibc's Swift module does not expose `getrandom`) and hands the words out under a lock. Elsewhere the
/// system generator is already a user-space one (`arc4random`), so it is used directly.
enum RandomBits {
  #if canImport(Glibc)
    private static let pool = LockIsolated(Pool())

    private struct Pool {
      var words = [UInt64](repeating: 0, count: 512)
      var next = 512
      var device: Int32 = -1

      mutating func pair() -> (UInt64, UInt64) {
        if next + 2 > words.count { refill() }
        defer { next += 2 }
        return (words[next], words[next + 1])
      }

      private mutating func refill() {
        if device < 0 { device = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
        let file = device
        let filled = file >= 0 && words.withUnsafeMutableBytes { buffer -> Bool in
          var offset = 0
          while offset < buffer.count {
            let count = read(file, buffer.baseAddress! + offset, buffer.count - offset)
            if count <= 0 { return false }
            offset += count
          }
          return true
        }
        if !filled {
          // No /dev/urandom (a sandbox without /dev): the system generator, one syscall per word.
          var generator = SystemRandomNumberGenerator()
          for index in words.indices { words[index] = generator.next() }
        }
        next = 0
      }
    }

    static func pair() -> (UInt64, UInt64) {
      pool.withLock { $0.pair() }
    }
  #else
    static func pair() -> (UInt64, UInt64) {
      var generator = SystemRandomNumberGenerator()
      return (generator.next(), generator.next())
    }
  #endif
}
