import Trackers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if !canImport(Darwin)
import Synchronization
#endif

/// 128 random bits per ``RecordID``, without a system call per id.
///
/// On Linux `SystemRandomNumberGenerator` makes one `getrandom(2)` per 64 bits, about 0.5 µs each on the
/// machines we measured: two per `track` were a fifth of its budget. This pool reads kernel randomness
/// (`/dev/urandom`) 4 KB at a time and hands it out under a lock; a forked child throws away what the parent
/// had buffered, so parent and child never hand out the same bits. Apple platforms have `arc4random_buf`,
/// which already does this in user space.
enum RandomPool {
  static func next128() -> (UInt64, UInt64) {
    #if canImport(Darwin)
    var bits: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &bits) { buffer in
      // A 16-byte tuple always has an address; the `if let` only keeps a force-unwrap out of library code.
      if let address = buffer.baseAddress { arc4random_buf(address, buffer.count) }
    }
    return bits
    #else
    return shared.withLock { $0.next128() }
    #endif
  }

  #if !canImport(Darwin)
  private struct Buffer {
    static let words = 512
    var words = [UInt64](repeating: 0, count: Buffer.words)
    var index = Buffer.words
    var generation = -1
    var source: Int32 = -2  // not opened yet; -1: could not be opened

    mutating func next128() -> (UInt64, UInt64) {
      let current = forkGeneration.load(ordering: .acquiring)
      if index + 2 > words.count || generation != current {
        refill()
        generation = current
      }
      defer { index += 2 }
      return (words[index], words[index + 1])
    }

    private mutating func refill() {
      if source == -2 { source = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
      let filled = source >= 0 && words.withUnsafeMutableBytes { buffer in
        var done = 0
        while done < buffer.count {
          let n = read(source, buffer.baseAddress! + done, buffer.count - done)
          if n < 0, errno == EINTR { continue }
          guard n > 0 else { return false }
          done += n
        }
        return true
      }
      if !filled {
        // No /dev/urandom (a sandbox): the standard generator, one system call per word.
        var generator = SystemRandomNumberGenerator()
        for i in words.indices { words[i] = generator.next() }
      }
      index = 0
    }
  }

  /// Bumped in a forked child (by a `pthread_atfork` handler, which may only do async-signal-safe work).
  private static let forkGeneration = Atomic<Int>(0)

  private static let shared: LockIsolated<Buffer> = {
    pthread_atfork(nil, nil) {
      RandomPool.forkGeneration.add(1, ordering: .releasing)
    }
    return LockIsolated(Buffer())
  }()
  #endif
}
