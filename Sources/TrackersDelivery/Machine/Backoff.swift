/// How long the queue pauses after a failed request: the server's `Retry-After` when it gave one (at
/// most ``DeliveryConfiguration/Backoff/maxServerDelay``), otherwise full jitter, a random delay between
/// zero and the exponential ceiling capped at ``DeliveryConfiguration/Backoff/cap``.
///
/// Pure: the random source is passed in, so a seed gives the same delays everywhere.
enum QueueBackoff {
  /// The pause after the `failures`-th consecutive failure.
  static func delay(
    afterFailures failures: Int, serverDelay: Duration?, rules: DeliveryConfiguration.Backoff,
    random: inout any QueueRandom
  ) -> Duration {
    if let serverDelay { return max(.zero, min(serverDelay, rules.maxServerDelay)) }
    // Bounded below Int64's range before the conversion: an app may configure an enormous cap.
    let microseconds = min(ceiling(afterFailures: failures, rules: rules) * random.unit() * 1_000_000, 9e18)
    return .microseconds(Int64(microseconds))
  }

  /// The jitter's upper bound in seconds: `base * 2^(failures - 1)`, at most `cap`.
  static func ceiling(afterFailures failures: Int, rules: DeliveryConfiguration.Backoff) -> Double {
    let base = seconds(rules.base)
    var ceiling = base
    // Doubled step by step rather than `pow`: 62 doublings reach any cap a Duration can hold.
    for _ in 0..<min(max(0, failures - 1), 62) where ceiling < seconds(rules.cap) { ceiling *= 2 }
    return max(0, min(seconds(rules.cap), ceiling))
  }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
