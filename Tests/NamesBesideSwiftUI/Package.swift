// swift-tools-version: 6.1
import PackageDescription

// The name check (Architecture, "Names beside SwiftUI, Foundation and swift-case-paths"): an app's root file
// imports SwiftUI, StoreKit, Foundation, swift-case-paths and every product of swift-trackers, and uses their names
// unqualified. This package depends on swift-trackers by path and on nothing else, so SwiftUI (off Apple
// platforms), StoreKit (its `Product`) and swift-case-paths are stand-ins declaring the same names with the same shapes.
let package = Package(
  name: "NamesBesideSwiftUI",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(name: "swift-trackers", path: "../..")
  ],
  targets: [
    .target(name: "SwiftUIStandIn"),
    .target(name: "CasePathsStandIn"),
    .target(name: "StoreKitStandIn"),
    .testTarget(
      name: "NamesBesideSwiftUITests",
      dependencies: [
        "SwiftUIStandIn",
        "CasePathsStandIn",
        "StoreKitStandIn",
        .product(name: "Trackers", package: "swift-trackers"),
        .product(name: "TrackersTesting", package: "swift-trackers"),
        .product(name: "TrackersDelivery", package: "swift-trackers"),
        .product(name: "TrackersDeliveryTesting", package: "swift-trackers"),
        .product(name: "GoogleAnalyticsTracker", package: "swift-trackers"),
        .product(name: "MixpanelTracker", package: "swift-trackers"),
        .product(name: "AmplitudeTracker", package: "swift-trackers"),
        .product(name: "SegmentTracker", package: "swift-trackers"),
        .product(name: "PostHogTracker", package: "swift-trackers"),
        .product(name: "TrackersSwiftUI", package: "swift-trackers"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
