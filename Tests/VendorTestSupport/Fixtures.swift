import Foundation
import TrackersDelivery

/// A moment with milliseconds, for `Configuration.now`: 2026-11-04T18:46:10.123Z.
public let eventTime = Date(timeIntervalSince1970: 1_793_817_970.123)

/// A date property value: 2023-11-14T22:13:20.000Z.
public let propertyDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A string of `count` ASCII characters, for length limits.
public func text(_ count: Int) -> String { String(repeating: "x", count: count) }

/// A fresh empty directory under the temporary directory, named after the calling test: a live
/// environment's storage, never shared between tests.
public func temporaryDirectory(_ name: String = #function) -> URL {
  let safe = name.filter { $0.isLetter || $0.isNumber }
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swift-trackers-tests/\(safe)-\(RecordID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Delivery tuning for tests: retries after milliseconds, and a server's Retry-After is capped at 5 ms, so
/// retry paths run fast.
///
/// ```swift
/// configuration.delivery = fastRetries
/// ```
public let fastRetries: @Sendable (inout DeliveryConfiguration) -> Void = {
  $0.backoff = .init(base: .milliseconds(1), cap: .milliseconds(5), maxServerDelay: .milliseconds(5))
}

import Trackers

extension TrackingContext {
  /// A context with every field set and nothing read from the machine, so that wire tests assert exact
  /// values: an iPhone on iOS 18.1, the shop 2.1.0 (142), French in Paris, a 393×852 screen.
  public static let fixture = TrackingContext(
    os: OperatingSystem(name: "iOS", version: "18.1"),
    device: Device(model: "iPhone17,3", manufacturer: "Apple"),
    app: App(name: "Shop", version: "2.1.0", build: "142", namespace: "com.example.shop"),
    locale: "fr-FR",
    timezone: "Europe/Paris",
    screen: Screen(width: 393, height: 852)
  )
}

extension ContextProvider {
  /// A provider of ``Trackers/TrackingContext/fixture``: `configuration.context = .fixture` in a live test.
  public static var fixture: ContextProvider { ContextProvider(.fixture) }
}
