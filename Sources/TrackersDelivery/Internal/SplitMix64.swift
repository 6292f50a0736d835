/// SplitMix64: a small, fast generator whose sequence depends only on its seed, on every platform and
/// toolchain (the standard library's generators and its `random(in:using:)` may change). The one copy for
/// what must repeat exactly: the queue's seeded back-off (``SeededQueueRandom``), the fuzz tests' values and
/// the benchmark's events.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
