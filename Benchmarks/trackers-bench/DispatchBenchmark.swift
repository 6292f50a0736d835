import ClassicTrackers
import Trackers
import TrackersDelivery

/// One feature's events; every feature of the benchmark uses this shape.
enum FeatureEvent: Sendable {
  case viewed(id: Int)
  case tapped(id: Int)
  case failed(code: Int)
}

/// The app-wide event: sixteen features, of which a run uses the first `featureCount`.
enum AppEvent: Sendable {
  case f0(FeatureEvent), f1(FeatureEvent), f2(FeatureEvent), f3(FeatureEvent)
  case f4(FeatureEvent), f5(FeatureEvent), f6(FeatureEvent), f7(FeatureEvent)
  case f8(FeatureEvent), f9(FeatureEvent), f10(FeatureEvent), f11(FeatureEvent)
  case f12(FeatureEvent), f13(FeatureEvent), f14(FeatureEvent), f15(FeatureEvent)

  static let embeds: [@Sendable (FeatureEvent) -> AppEvent] = [
    AppEvent.f0, AppEvent.f1, AppEvent.f2, AppEvent.f3, AppEvent.f4, AppEvent.f5, AppEvent.f6, AppEvent.f7,
    AppEvent.f8, AppEvent.f9, AppEvent.f10, AppEvent.f11, AppEvent.f12, AppEvent.f13, AppEvent.f14, AppEvent.f15,
  ]

  // Hand-written accessors, as the README teaches.
  var f0: FeatureEvent? { if case let .f0(e) = self { e } else { nil } }
  var f1: FeatureEvent? { if case let .f1(e) = self { e } else { nil } }
  var f2: FeatureEvent? { if case let .f2(e) = self { e } else { nil } }
  var f3: FeatureEvent? { if case let .f3(e) = self { e } else { nil } }
  var f4: FeatureEvent? { if case let .f4(e) = self { e } else { nil } }
  var f5: FeatureEvent? { if case let .f5(e) = self { e } else { nil } }
  var f6: FeatureEvent? { if case let .f6(e) = self { e } else { nil } }
  var f7: FeatureEvent? { if case let .f7(e) = self { e } else { nil } }
  var f8: FeatureEvent? { if case let .f8(e) = self { e } else { nil } }
  var f9: FeatureEvent? { if case let .f9(e) = self { e } else { nil } }
  var f10: FeatureEvent? { if case let .f10(e) = self { e } else { nil } }
  var f11: FeatureEvent? { if case let .f11(e) = self { e } else { nil } }
  var f12: FeatureEvent? { if case let .f12(e) = self { e } else { nil } }
  var f13: FeatureEvent? { if case let .f13(e) = self { e } else { nil } }
  var f14: FeatureEvent? { if case let .f14(e) = self { e } else { nil } }
  var f15: FeatureEvent? { if case let .f15(e) = self { e } else { nil } }
}

/// Each feature's mapping into the vocabulary, precomputed so the benchmark measures dispatch, not
/// dictionary building.
let viewed: AnalyticsData = .event(name: "viewed", properties: ["id": 1])
let tapped: AnalyticsData = .event(name: "tapped", properties: ["id": 1])
let failed: AnalyticsData = .error(message: "failed", properties: ["code": 1])

@Sendable func analytics(_ event: FeatureEvent) -> AnalyticsData {
  switch event {
  case .viewed: viewed
  case .tapped: tapped
  case .failed: failed
  }
}

/// Counts what a vendor tracker received.
///
/// The count lives behind a pointer, not in a stored `var`: a class's stored property is checked for
/// exclusive access at run time unless the optimizer proves it needn't be, and whether it did changed
/// with unrelated code elsewhere in the binary (about 9 ns per vendor call, in all three figures alike),
/// which is not what this benchmark compares.
final class VendorCounter: @unchecked Sendable {
  // @unchecked is safe: the dispatch benchmark sends from one thread only, and reads after it finished.
  private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)

  init() { storage.initialize(to: 0) }
  deinit { storage.deallocate() }

  /// Events received so far.
  var count: Int { storage.pointee }

  @inline(__always)
  func increment() { storage.pointee &+= 1 }
}

struct DispatchBenchmark {
  let featureCount: Int
  let vendors: [VendorCounter] = (0..<5).map { _ in VendorCounter() }
  let events: [AppEvent]

  init(featureCount: Int, eventCount: Int = 4_096) {
    self.featureCount = featureCount
    self.events = featureEvents(count: eventCount, features: featureCount, seed: 42, embeds: AppEvent.embeds)
  }

  var vendorTrackers: [Tracker<AnalyticsData>] {
    vendors.map { counter in { _ in counter.increment() } }
  }

  static let accessors: [@Sendable (AppEvent) -> FeatureEvent?] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9, \.f10, \.f11, \.f12, \.f13, \.f14, \.f15,
  ]
  static let keyPaths: [KeyPath<AppEvent, FeatureEvent?> & Sendable] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9, \.f10, \.f11, \.f12, \.f13, \.f14, \.f15,
  ]

  /// The idiomatic root: every feature pulled back to all vendors, the vendors combined.
  func composed() -> Tracker<AppEvent> {
    let allVendors = combine(vendorTrackers)
    return combine(Self.accessors.prefix(featureCount).map { accessor in
      pullback(allVendors, action: accessor, transform: analytics)
    })
  }

  /// The classic signature: stored key paths applied by a pullback in another module.
  func classic() -> Tracker<AppEvent> {
    let allVendors = classicCombine(vendorTrackers)
    return classicCombine(Self.keyPaths.prefix(featureCount).map { keyPath in
      classicPullback({ allVendors(analytics($0)) }, value: keyPath)
    })
  }

  /// The baseline: one hand-written switch calling the same vendor closures.
  func handWritten() -> Tracker<AppEvent> {
    let trackers = vendorTrackers
    let v0 = trackers[0], v1 = trackers[1], v2 = trackers[2], v3 = trackers[3], v4 = trackers[4]
    return { event in
      let feature: FeatureEvent
      switch event {
      case let .f0(e), let .f1(e), let .f2(e), let .f3(e), let .f4(e), let .f5(e), let .f6(e), let .f7(e),
        let .f8(e), let .f9(e), let .f10(e), let .f11(e), let .f12(e), let .f13(e), let .f14(e), let .f15(e):
        feature = e
      }
      let data = analytics(feature)
      v0(data); v1(data); v2(data); v3(data); v4(data)
    }
  }

  /// Nanoseconds per event through `tracker` (see ``nanosecondsPerEvent(_:over:rounds:passes:)``).
  func nanosecondsPerEvent(_ tracker: Tracker<AppEvent>) -> Double {
    trackers_bench.nanosecondsPerEvent(tracker, over: events)
  }
}

/// `count` events spread over the first `features` features at random (the same for a seed), each a
/// `FeatureEvent` of a random kind wrapped in its feature's case by `embeds`.
func featureEvents<Event>(
  count: Int, features: Int, seed: UInt64, embeds: [@Sendable (FeatureEvent) -> Event]
) -> [Event] {
  var generator = SplitMix64(seed: seed)
  return (0..<count).map { _ in
    let feature = Int(generator.next() % UInt64(features))
    let event: FeatureEvent = switch generator.next() % 3 {
    case 0: .viewed(id: 1)
    case 1: .tapped(id: 1)
    default: .failed(code: 1)
    }
    return embeds[feature](event)
  }
}

/// Nanoseconds per event: the median of `rounds` passes of `passes` times over `events`, after one warm-up.
func nanosecondsPerEvent<Event>(
  _ tracker: Tracker<Event>, over events: [Event], rounds: Int = 15, passes: Int = 60
) -> Double {
  for event in events { tracker(event) }  // warm up
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<passes {
      for event in events { tracker(event) }
    }
    samples.append((ContinuousClock.now - start).nanoseconds / Double(passes * events.count))
  }
  return samples.median
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  var seconds: Double { nanoseconds / 1e9 }
}

extension Array where Element == Double {
  var median: Double {
    let sorted = self.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }
}
