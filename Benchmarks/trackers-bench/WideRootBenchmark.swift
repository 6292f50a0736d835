import Trackers
import TrackersDelivery

// Generated once (40 features, as .ci/root-typecheck's roots); edit the generator's shape, not single lines.

/// The app-wide event of a 40-feature app: every feature has its own case and optional accessor.
enum WideAppEvent: Sendable {
  case f0(FeatureEvent), f1(FeatureEvent), f2(FeatureEvent), f3(FeatureEvent), f4(FeatureEvent), f5(FeatureEvent), f6(FeatureEvent), f7(FeatureEvent)
  case f8(FeatureEvent), f9(FeatureEvent), f10(FeatureEvent), f11(FeatureEvent), f12(FeatureEvent), f13(FeatureEvent), f14(FeatureEvent), f15(FeatureEvent)
  case f16(FeatureEvent), f17(FeatureEvent), f18(FeatureEvent), f19(FeatureEvent), f20(FeatureEvent), f21(FeatureEvent), f22(FeatureEvent), f23(FeatureEvent)
  case f24(FeatureEvent), f25(FeatureEvent), f26(FeatureEvent), f27(FeatureEvent), f28(FeatureEvent), f29(FeatureEvent), f30(FeatureEvent), f31(FeatureEvent)
  case f32(FeatureEvent), f33(FeatureEvent), f34(FeatureEvent), f35(FeatureEvent), f36(FeatureEvent), f37(FeatureEvent), f38(FeatureEvent), f39(FeatureEvent)

  static let embeds: [@Sendable (FeatureEvent) -> WideAppEvent] = [
    WideAppEvent.f0, WideAppEvent.f1, WideAppEvent.f2, WideAppEvent.f3, WideAppEvent.f4, WideAppEvent.f5, WideAppEvent.f6, WideAppEvent.f7,
    WideAppEvent.f8, WideAppEvent.f9, WideAppEvent.f10, WideAppEvent.f11, WideAppEvent.f12, WideAppEvent.f13, WideAppEvent.f14, WideAppEvent.f15,
    WideAppEvent.f16, WideAppEvent.f17, WideAppEvent.f18, WideAppEvent.f19, WideAppEvent.f20, WideAppEvent.f21, WideAppEvent.f22, WideAppEvent.f23,
    WideAppEvent.f24, WideAppEvent.f25, WideAppEvent.f26, WideAppEvent.f27, WideAppEvent.f28, WideAppEvent.f29, WideAppEvent.f30, WideAppEvent.f31,
    WideAppEvent.f32, WideAppEvent.f33, WideAppEvent.f34, WideAppEvent.f35, WideAppEvent.f36, WideAppEvent.f37, WideAppEvent.f38, WideAppEvent.f39,
  ]

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
  var f16: FeatureEvent? { if case let .f16(e) = self { e } else { nil } }
  var f17: FeatureEvent? { if case let .f17(e) = self { e } else { nil } }
  var f18: FeatureEvent? { if case let .f18(e) = self { e } else { nil } }
  var f19: FeatureEvent? { if case let .f19(e) = self { e } else { nil } }
  var f20: FeatureEvent? { if case let .f20(e) = self { e } else { nil } }
  var f21: FeatureEvent? { if case let .f21(e) = self { e } else { nil } }
  var f22: FeatureEvent? { if case let .f22(e) = self { e } else { nil } }
  var f23: FeatureEvent? { if case let .f23(e) = self { e } else { nil } }
  var f24: FeatureEvent? { if case let .f24(e) = self { e } else { nil } }
  var f25: FeatureEvent? { if case let .f25(e) = self { e } else { nil } }
  var f26: FeatureEvent? { if case let .f26(e) = self { e } else { nil } }
  var f27: FeatureEvent? { if case let .f27(e) = self { e } else { nil } }
  var f28: FeatureEvent? { if case let .f28(e) = self { e } else { nil } }
  var f29: FeatureEvent? { if case let .f29(e) = self { e } else { nil } }
  var f30: FeatureEvent? { if case let .f30(e) = self { e } else { nil } }
  var f31: FeatureEvent? { if case let .f31(e) = self { e } else { nil } }
  var f32: FeatureEvent? { if case let .f32(e) = self { e } else { nil } }
  var f33: FeatureEvent? { if case let .f33(e) = self { e } else { nil } }
  var f34: FeatureEvent? { if case let .f34(e) = self { e } else { nil } }
  var f35: FeatureEvent? { if case let .f35(e) = self { e } else { nil } }
  var f36: FeatureEvent? { if case let .f36(e) = self { e } else { nil } }
  var f37: FeatureEvent? { if case let .f37(e) = self { e } else { nil } }
  var f38: FeatureEvent? { if case let .f38(e) = self { e } else { nil } }
  var f39: FeatureEvent? { if case let .f39(e) = self { e } else { nil } }
}

/// Dispatch through a root of 40 features, each pulled back to one of three vendors, as an app writes it
/// (`combineTrackers`, one line per feature), against the same routing as a hand-written `switch`.
///
/// A pullback's accessor is the only way the root can know whether a feature wants an event, so an event
/// runs every line's accessor: the cost grows linearly with the number of lines, where the switch jumps
/// (measured: about 40 ns a line on the 2-core machine, most of it closure calls and the reabstraction
/// thunks between the generic combinators' closures and the app's concrete accessors; a key path and a
/// closure accessor cost the same).
struct WideRootBenchmark {
  let vendors: [VendorCounter] = (0..<3).map { _ in VendorCounter() }
  let events: [WideAppEvent]

  init(featureCount: Int = 40, eventCount: Int = 4_096) {
    self.events = featureEvents(count: eventCount, features: featureCount, seed: 7, embeds: WideAppEvent.embeds)
  }

  var vendorTrackers: [Tracker<AnalyticsData>] {
    vendors.map { counter in { _ in counter.increment() } }
  }

  /// The 40 lines as an app writes them.
  func composed() -> Tracker<WideAppEvent> {
    let trackers = vendorTrackers
    let v0 = trackers[0], v1 = trackers[1], v2 = trackers[2]
    return combineTrackers {
      pullback(v0, action: \.f0, transform: analytics)
      pullback(v1, action: \.f1, transform: analytics)
      pullback(v2, action: \.f2, transform: analytics)
      pullback(v0, action: \.f3, transform: analytics)
      pullback(v1, action: \.f4, transform: analytics)
      pullback(v2, action: \.f5, transform: analytics)
      pullback(v0, action: \.f6, transform: analytics)
      pullback(v1, action: \.f7, transform: analytics)
      pullback(v2, action: \.f8, transform: analytics)
      pullback(v0, action: \.f9, transform: analytics)
      pullback(v1, action: \.f10, transform: analytics)
      pullback(v2, action: \.f11, transform: analytics)
      pullback(v0, action: \.f12, transform: analytics)
      pullback(v1, action: \.f13, transform: analytics)
      pullback(v2, action: \.f14, transform: analytics)
      pullback(v0, action: \.f15, transform: analytics)
      pullback(v1, action: \.f16, transform: analytics)
      pullback(v2, action: \.f17, transform: analytics)
      pullback(v0, action: \.f18, transform: analytics)
      pullback(v1, action: \.f19, transform: analytics)
      pullback(v2, action: \.f20, transform: analytics)
      pullback(v0, action: \.f21, transform: analytics)
      pullback(v1, action: \.f22, transform: analytics)
      pullback(v2, action: \.f23, transform: analytics)
      pullback(v0, action: \.f24, transform: analytics)
      pullback(v1, action: \.f25, transform: analytics)
      pullback(v2, action: \.f26, transform: analytics)
      pullback(v0, action: \.f27, transform: analytics)
      pullback(v1, action: \.f28, transform: analytics)
      pullback(v2, action: \.f29, transform: analytics)
      pullback(v0, action: \.f30, transform: analytics)
      pullback(v1, action: \.f31, transform: analytics)
      pullback(v2, action: \.f32, transform: analytics)
      pullback(v0, action: \.f33, transform: analytics)
      pullback(v1, action: \.f34, transform: analytics)
      pullback(v2, action: \.f35, transform: analytics)
      pullback(v0, action: \.f36, transform: analytics)
      pullback(v1, action: \.f37, transform: analytics)
      pullback(v2, action: \.f38, transform: analytics)
      pullback(v0, action: \.f39, transform: analytics)
    }
  }

  static let accessors: [@Sendable (WideAppEvent) -> FeatureEvent?] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
    \.f20, \.f21, \.f22, \.f23, \.f24, \.f25, \.f26, \.f27, \.f28, \.f29,
    \.f30, \.f31, \.f32, \.f33, \.f34, \.f35, \.f36, \.f37, \.f38, \.f39,
  ]

  /// The first `featureCount` lines of the same root, for how the cost grows with the number of lines.
  func composed(featureCount: Int) -> Tracker<WideAppEvent> {
    let trackers = vendorTrackers
    return combineTrackers {
      for (index, accessor) in Self.accessors.prefix(featureCount).enumerated() {
        pullback(trackers[index % 3], action: accessor, transform: analytics)
      }
    }
  }

  /// The baseline: one switch, each case straight to its vendor.
  func handWritten() -> Tracker<WideAppEvent> {
    let trackers = vendorTrackers
    let v0 = trackers[0], v1 = trackers[1], v2 = trackers[2]
    return { event in
      switch event {
      case let .f0(e), let .f3(e), let .f6(e), let .f9(e), let .f12(e), let .f15(e), let .f18(e), let .f21(e), let .f24(e), let .f27(e), let .f30(e), let .f33(e), let .f36(e), let .f39(e): v0(analytics(e))
      case let .f1(e), let .f4(e), let .f7(e), let .f10(e), let .f13(e), let .f16(e), let .f19(e), let .f22(e), let .f25(e), let .f28(e), let .f31(e), let .f34(e), let .f37(e): v1(analytics(e))
      case let .f2(e), let .f5(e), let .f8(e), let .f11(e), let .f14(e), let .f17(e), let .f20(e), let .f23(e), let .f26(e), let .f29(e), let .f32(e), let .f35(e), let .f38(e): v2(analytics(e))
      }
    }
  }

  /// Nanoseconds per event through `tracker` (see ``nanosecondsPerEvent(_:over:rounds:passes:)``).
  func nanosecondsPerEvent(_ tracker: Tracker<WideAppEvent>) -> Double {
    trackers_bench.nanosecondsPerEvent(tracker, over: events)
  }
}
