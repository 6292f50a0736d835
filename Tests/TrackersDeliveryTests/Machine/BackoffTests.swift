import Foundation
import Testing
@testable import TrackersDelivery

/// The backoff on its own: no queue, no clock, a seeded random source.
@Suite struct BackoffTests {
  let rules = DeliveryConfiguration.Backoff(base: .seconds(1), cap: .seconds(300), maxServerDelay: .seconds(3600))

  @Test func retryAfterIsTheDelayExactlyUpToTheMaximum() {
    var random: any QueueRandom = SeededQueueRandom(seed: 7)
    for failures in [1, 5, 40] {
      #expect(QueueBackoff.delay(afterFailures: failures, serverDelay: .seconds(30), rules: rules, random: &random) == .seconds(30))
    }
    #expect(QueueBackoff.delay(afterFailures: 1, serverDelay: .seconds(86_400), rules: rules, random: &random) == .seconds(3600))
  }

  @Test func theCeilingDoublesFromTheBaseUpToTheCap() {
    #expect((1...12).map { QueueBackoff.ceiling(afterFailures: $0, rules: rules) }
      == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
    let huge = DeliveryConfiguration.Backoff(base: .seconds(1), cap: .seconds(Int64.max / 4))
    #expect(QueueBackoff.ceiling(afterFailures: 10_000, rules: huge) > 1e18)
  }

  @Test(arguments: [1, 3, 9, 200])
  func jitterComesFromTheSeedAndStaysUnderTheCeiling(failures: Int) {
    var a: any QueueRandom = SeededQueueRandom(seed: 2026)
    var b: any QueueRandom = SeededQueueRandom(seed: 2026)
    let delays = (0..<50).map { _ in QueueBackoff.delay(afterFailures: failures, serverDelay: nil, rules: rules, random: &a) }
    #expect(delays == (0..<50).map { _ in QueueBackoff.delay(afterFailures: failures, serverDelay: nil, rules: rules, random: &b) })
    let ceiling = Duration.microseconds(Int64(QueueBackoff.ceiling(afterFailures: failures, rules: rules) * 1_000_000))
    #expect(delays.allSatisfy { $0 >= .zero && $0 <= ceiling })
    // Full jitter: spread over the range, not pinned to its top.
    #expect(Set(delays).count > 40)
    #expect(delays.contains { $0 < ceiling / 2 })
  }

  @Test func anEnormousCapDoesNotTrap() {
    var random: any QueueRandom = SeededQueueRandom(seed: 1)
    let huge = DeliveryConfiguration.Backoff(base: .seconds(Int64.max / 2), cap: .seconds(Int64.max / 2))
    let delay = QueueBackoff.delay(afterFailures: 62, serverDelay: nil, rules: huge, random: &random)
    #expect(delay >= .zero)
  }

  @Test func thePaceGrowsWithFailuresAndAnAnswerResetsIt() {
    var random: any QueueRandom = SeededQueueRandom(seed: 3)
    var pace = DeliveryPace()
    let first = pace.failed(serverDelay: .seconds(10), at: .seconds(100), rules: rules, random: &random)
    #expect(first == .seconds(10))
    #expect(pace.backoffUntil == .seconds(110))
    #expect(pace.remainingPause(at: .seconds(104)) == .seconds(6))
    #expect(pace.remainingPause(at: .seconds(110)) == nil)
    let second = pace.failed(serverDelay: nil, at: .seconds(110), rules: rules, random: &random)
    #expect(pace.consecutiveFailures == 2)
    #expect(pace.backoffUntil == .seconds(110) + second)
    pace.answered()
    #expect(pace.consecutiveFailures == 0)
    pace.reset()
    #expect(pace == DeliveryPace())
  }
}
