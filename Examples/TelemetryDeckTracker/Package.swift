// swift-tools-version: 6.1
import PackageDescription

// A sixth vendor module, built the way an outside team would build one: its own package, depending on
// swift-trackers by path and using nothing but its public API.
let package = Package(
  name: "TelemetryDeckTracker",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "TelemetryDeckTracker", targets: ["TelemetryDeckTracker"])
  ],
  dependencies: [
    .package(name: "swift-trackers", path: "../..")
  ],
  targets: [
    .target(
      name: "TelemetryDeckTracker",
      dependencies: [
        .product(name: "Trackers", package: "swift-trackers"),
        .product(name: "TrackersDelivery", package: "swift-trackers"),
      ]
    ),
    .testTarget(
      name: "TelemetryDeckTrackerTests",
      dependencies: [
        "TelemetryDeckTracker",
        .product(name: "Trackers", package: "swift-trackers"),
        .product(name: "TrackersDelivery", package: "swift-trackers"),
        .product(name: "TrackersTesting", package: "swift-trackers"),
        .product(name: "TrackersDeliveryTesting", package: "swift-trackers"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
