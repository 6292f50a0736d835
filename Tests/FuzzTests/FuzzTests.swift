import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif
import Trackers
import TrackersDeliveryTesting
import VendorTestSupport

@testable import AmplitudeTracker
@testable import GoogleAnalyticsTracker
@testable import MixpanelTracker
@testable import PostHogTracker
@testable import SegmentTracker
@testable import TrackersDelivery

/// Issue 20, "no value crashes the process": seeded hostile `AnalyticsData` through every vendor's
/// `validate`, mapping, encoders (straight, bypassing validation, with hostile clocks too) and live
/// pipeline (`xxxTracker(data)` into a live environment over a scripted transport), on a thread with a
/// 512 KiB stack, the size of a secondary thread on iOS.
///
/// What must hold: nothing traps; every body an encoder writes, accepted or not, is strict JSON; every
/// refused value has an issue naming its rule and is reported once; every accepted value is queued (or
/// kept as identity) and delivered once, or refused live with a report; the sentinel event sent after
/// each value is delivered exactly once. The seeds are fixed: the run is the same every time.
@Suite struct FuzzTests {
  /// 2 × 5,000 values, each through the five vendors: one test case per seed, so that the two run side by
  /// side, each with its own storage and environments.
  static let seeds: [UInt64] = [0x5EED_0020, 0xC0FF_EE20]
  static let valuesPerSeed = 5_000
  static let chunk = 500

  @Test(arguments: FuzzTests.seeds)
  func hostileValuesAreSentAsStrictJSONOrRefusedWithARule(seed: UInt64) async throws {
    let seedIndex = Self.seeds.firstIndex(of: seed) ?? 0
    // In memory: the subject is values, not the disk, and the run writes identity files ~22,000 times. The
    // queues hold their records in memory too, on virtual time: what they send is what is checked.
    let storage = try TemporaryStorage.inMemory("fuzz-\(seedIndex)")
    let vendors = try Vendor.all(storage: storage, queuesInMemory: true)
    var tally = Tally()
    do {
      var generator = HostileValues(seed: seed)
      var index = 0
      while index < Self.valuesPerSeed {
        let count = min(Self.chunk, Self.valuesPerSeed - index)
        let first = index
        // The generator moves to the thread and back: its state carries the run on.
        let (chunkTally, next) = try await onSmallStack { [generator] in
          var generator = generator
          var tally = Tally()
          withIsolatedEnvironments {
            for vendor in vendors { vendor.install() }
            for offset in 0..<count {
              let start = ContinuousClock.now
              var (kind, data) = generator.next(index: first + offset)
              defer { tally.timeByKind[kind.rawValue, default: .zero] += ContinuousClock.now - start }
              for vendor in vendors { vendor.run(data, kind: kind, sentinel: seedIndex * 1_000_000 + first + offset, into: &tally) }
              tally.tried += 1
              tally.triedByKind[kind.rawValue, default: 0] += 1
              // Released the usual way, the 200,000-level value would overflow this stack.
              AnalyticsData.dismantleIfDeep(&data)
            }
          }
          return (tally, generator)
        }
        tally.merge(chunkTally)
        generator = next
        for vendor in vendors { _ = await vendor.environment.deliverPending() }
        index += count
      }
    }
    for vendor in vendors { try await vendor.finish(into: &tally) }

    #expect(tally.tried == Self.valuesPerSeed)
    #expect(tally.failures.isEmpty, "\(tally.failures.prefix(20).joined(separator: "\n"))")
    #expect(tally.lost.values.allSatisfy { $0 == 0 }, "events lost without a count: \(tally.lost)")
    // Every category of the issue came up and was refused by its rule somewhere.
    for rule in ["property-depth", "property-value-date", "property-value-number"] {
      #expect(tally.refusedByRule.keys.contains { $0.hasSuffix(" \(rule)") }, "no value refused by \(rule)")
    }
    print(tally.summary)
  }

  @Test func theFuzzThreadHasA512KiBStack() async throws {
    let size = try await onSmallStack { currentThreadStackSize() }
    #if os(Linux)
    #expect(size == 512 * 1024)
    #else
    #expect(size == nil || size == 512 * 1024)
    #endif
  }
}

/// What the run saw, per vendor.
struct Tally: Sendable {
  var tried = 0
  var triedByKind: [String: Int] = [:]
  var timeByKind: [String: Duration] = [:]
  /// "<vendor> <first rule>": values `validate` refused.
  var refusedByRule: [String: Int] = [:]
  /// "<vendor> <reason>": values `validate` accepted that the live environment refused, with a report.
  var refusedLive: [String: Int] = [:]
  var accepted: [String: Int] = [:]
  /// Values `validate` refused that the pipeline repaired as the vendor's SDK does, and sent.
  var repaired: [String: Int] = [:]
  var sentinelsAccepted: [String: Set<Int>] = [:]
  var lost: [String: Int] = [:]
  var encodedBodies = 0
  var deliveredBodies = 0
  var failures: [String] = []

  mutating func merge(_ other: Tally) {
    tried += other.tried
    triedByKind.merge(other.triedByKind, uniquingKeysWith: +)
    timeByKind.merge(other.timeByKind, uniquingKeysWith: +)
    refusedByRule.merge(other.refusedByRule, uniquingKeysWith: +)
    refusedLive.merge(other.refusedLive, uniquingKeysWith: +)
    accepted.merge(other.accepted, uniquingKeysWith: +)
    repaired.merge(other.repaired, uniquingKeysWith: +)
    sentinelsAccepted.merge(other.sentinelsAccepted) { $0.union($1) }
    encodedBodies += other.encodedBodies
    failures += other.failures
  }

  var summary: String {
    func lines(_ counts: [String: Int]) -> String {
      counts.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
    }
    return """
      Fuzz: \(tried) values tried, each through 5 vendors; \(encodedBodies) bodies encoded straight and \
      \(deliveredBodies) request bodies delivered, all strict JSON; crashes: 0; lost without a count: \
      \(lost.values.reduce(0, +))
      values by kind (count, time on the thread):
      \(triedByKind.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value), \(timeByKind[$0.key] ?? .zero)" }.joined(separator: "\n"))
      refused by validation, by vendor and first rule (\(refusedByRule.values.reduce(0, +))):
      \(lines(refusedByRule))
      refused live with a report (\(refusedLive.values.reduce(0, +))):
      \(lines(refusedLive))
      accepted: \(accepted.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
      """
  }
}

/// One vendor module as the fuzz test drives it.
final class Vendor: Sendable {
  let name: String
  let environment: VendorEnvironmentBox
  let transport: ScriptedTransport
  /// The module's public `validate`.
  let validate: @Sendable (AnalyticsData) -> [ValidationIssue]
  /// The module's tracker, which reads `Current`.
  let track: @Sendable (AnalyticsData) -> Void
  /// Assigns the module's `Current` (inside the caller's isolation scope).
  let install: @Sendable () -> Void
  /// The module's mapping and encoders, straight, bypassing validation: the bodies they write.
  let encode: @Sendable (AnalyticsData, Date) -> [[UInt8]]
  /// The sentinels a request body carries.
  let sentinels: @Sendable (RecordedRequest) throws -> [Int]

  init(
    name: String, environment: VendorEnvironmentBox, transport: ScriptedTransport,
    validate: @escaping @Sendable (AnalyticsData) -> [ValidationIssue],
    track: @escaping @Sendable (AnalyticsData) -> Void, install: @escaping @Sendable () -> Void,
    encode: @escaping @Sendable (AnalyticsData, Date) -> [[UInt8]],
    sentinels: @escaping @Sendable (RecordedRequest) throws -> [Int]
  ) {
    (self.name, self.environment, self.transport, self.validate, self.track, self.install, self.encode, self.sentinels) =
      (name, environment, transport, validate, track, install, encode, sentinels)
  }

  static let sentinelName = "fuzz_sentinel"

  /// `FUZZ_TRACE=1` prints each step, to find the value and stage of a crash.
  static let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

  static func sentinel(_ seq: Int) -> AnalyticsData {
    .event(name: sentinelName, properties: ["fuzz_seq": .int(seq)])
  }

  /// The clocks the straight encoders run with: the fixed one, and those no encoder may trap on.
  static let clocks: [Date] = [
    eventTime, Date(timeIntervalSince1970: .nan), .distantPast, .distantFuture, Date(timeIntervalSince1970: -1e15),
    Date(timeIntervalSince1970: 1e300),
  ]

  /// Validates, maps and encodes `data` straight, then tracks it live, and the sentinel after it.
  func run(_ data: AnalyticsData, kind: HostileKind, sentinel sentinelSeq: Int, into tally: inout Tally) {
    func trace(_ stage: String) {
      if Self.tracing {
        FileHandle.standardError.write(Data("\(sentinelSeq) \(name) \(kind) \(stage)\n".utf8))
      }
    }
    trace("validate")
    let issues = validate(data)
    trace("encode")
    for issue in issues where issue.rule.isEmpty || issue.message.isEmpty {
      tally.failures.append("\(name): an issue without a rule or message for \(kind): \(issue)")
    }
    for (index, body) in encode(data, Self.clocks[sentinelSeq % Self.clocks.count]).enumerated() {
      tally.encodedBodies += 1
      // A refused value's encoding need only be well-formed: its names may clash with the module's own.
      do { try StrictJSON.check(body, allowingDuplicateNames: !issues.isEmpty) } catch {
        tally.failures.append("\(name): straight encoding \(index) of a \(kind) value is not strict JSON: \(error)")
      }
    }
    trace("track")
    let reports = collectingIssues { track(data) }
    trace("sentinel")
    if let first = issues.first {
      // Repaired as the vendor's SDK repairs it and sent, or refused (by a rule the SDK refuses too, or by
      // one the live environment checks on the repaired event): one report either way.
      if reports.count == 1, reports[0].contains("The event was repaired") {
        tally.repaired[name, default: 0] += 1
      } else if reports.count == 1, reports[0].contains("The event was not sent") {
        tally.refusedByRule["\(name) \(first.rule)", default: 0] += 1
      } else {
        tally.failures.append("\(name): a \(kind) value breaking \(first.rule) was reported \(reports.count) times")
      }
    } else if let report = reports.first {
      tally.refusedLive["\(name) \(Self.reason(report))", default: 0] += 1
      if reports.count > 1 { tally.failures.append("\(name): a \(kind) value reported \(reports.count) times: \(reports)") }
    } else {
      tally.accepted[name, default: 0] += 1
    }
    let sentinelReports = collectingIssues { track(Self.sentinel(sentinelSeq)) }
    if sentinelReports.isEmpty {
      tally.sentinelsAccepted[name, default: []].insert(sentinelSeq)
    } else if !sentinelReports.allSatisfy({ $0.contains("message-size") || $0.contains("bytes as JSON") }) {
      // Only a hostile user id signed in before (Segment takes ids of any length) may make it too large.
      tally.failures.append("\(name): the sentinel after a \(kind) value was refused: \(sentinelReports)")
    }
  }

  /// A short reason for a live refusal, from its report.
  static func reason(_ report: String) -> String {
    for reason in ["user-property-count", "message is", "not queued", "payload too large", "too large"]
    where report.contains(reason) {
      return reason
    }
    return String(report.prefix(60))
  }

  /// Checks every request body strictly, finds each accepted sentinel exactly once and balances the
  /// counters: every value tried was refused (by validation or live, with a report), kept as identity,
  /// or queued and delivered.
  func finish(into tally: inout Tally) async throws {
    let counters = await environment.deliverPending()
    await environment.close()
    var seen: [Int: Int] = [:]
    for request in transport.requests {
      tally.deliveredBodies += 1
      do { try StrictJSON.check(request.body) } catch {
        tally.failures.append("\(name): a request body to \(request.path) is not strict JSON: \(error)")
        continue
      }
      for seq in try sentinels(request) { seen[seq, default: 0] += 1 }
    }
    let accepted = tally.sentinelsAccepted[name] ?? []
    let twice = seen.filter { $0.value > 1 }.keys.sorted()
    let missing = accepted.subtracting(seen.keys).sorted()
    let unexpected = Set(seen.keys).subtracting(accepted).sorted()
    if !twice.isEmpty || !missing.isEmpty || !unexpected.isEmpty {
      tally.failures.append(
        "\(name): sentinels delivered twice \(twice.prefix(5)), missing \(missing.prefix(5)), unexpected \(unexpected.prefix(5))")
    }
    let delivery = counters.delivery
    if delivery.delivered != delivery.enqueued || delivery.pendingEvents != 0 || !delivery.dropped.isEmpty {
      tally.failures.append("\(name): not every queued event was delivered once: \(counters)")
    }
    let tried = tally.tried
    let refused = tally.refusedByRule.filter { $0.key.hasPrefix(name + " ") }.values.reduce(0, +)
    let refusedLive = tally.refusedLive.filter { $0.key.hasPrefix(name + " ") }.values.reduce(0, +)
    let sentinelsQueued = accepted.count
    // A repaired value is queued, or kept as local state (a repaired user property): counted as repaired.
    let kept = counters.identityUpdates + counters.repaired + counters.queued - sentinelsQueued
    tally.lost[name] = tried - refused - refusedLive - kept
    if tally.accepted[name, default: 0] + tally.repaired[name, default: 0] != kept
      || tally.repaired[name, default: 0] != counters.repaired
    {
      tally.failures.append(
        "\(name): \(tally.accepted[name, default: 0]) values accepted and \(tally.repaired[name, default: 0]) repaired, but "
          + "\(counters.identityUpdates) identity updates, \(counters.repaired) repaired and \(counters.queued - sentinelsQueued) queued")
    }
  }
}

/// A live environment and its close, whatever the vendor's event type.
struct VendorEnvironmentBox: Sendable {
  let deliverPending: @Sendable () async -> TrackerCounters
  let close: @Sendable () async -> Void
  let counters: @Sendable () -> TrackerCounters

  init<Event>(_ environment: VendorEnvironment<Event>) {
    counters = environment.counters
    deliverPending = { await environment.deliverPending() }
    close = { await environment.close(nil) }
  }

  func deliverPending() async -> TrackerCounters { await deliverPending() }
  func close() async { await close() }
}

/// The clock every live environment runs on.
let eventTime = Date(timeIntervalSince1970: 1_700_000_000.25)

/// Runs `body` on a new thread with a 512 KiB stack, the size of a secondary thread on iOS, and returns
/// its result.
func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
    thread.stackSize = 512 * 1024
    thread.start()
  }
}

/// The stack size of the running thread, where the platform tells it.
func currentThreadStackSize() -> Int? {
  #if os(Linux)
  // A GNU extension Glibc's module map leaves out: looked up by name.
  typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
  let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
  var attributes = pthread_attr_t()
  guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
  defer { pthread_attr_destroy(&attributes) }
  var size = 0
  guard pthread_attr_getstacksize(&attributes, &size) == 0 else { return nil }
  return size
  #elseif canImport(Darwin)
  return pthread_get_stacksize_np(pthread_self())
  #else
  return nil
  #endif
}
