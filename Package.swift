// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-trackers",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Trackers", targets: ["Trackers"]),
    .library(name: "TrackersDelivery", targets: ["TrackersDelivery"]),
    .library(name: "AmplitudeTracker", targets: ["AmplitudeTracker"]),
    .library(name: "SegmentTracker", targets: ["SegmentTracker"]),
    .library(name: "PostHogTracker", targets: ["PostHogTracker"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "Trackers"),
    .testTarget(name: "TrackersTests", dependencies: ["Trackers"]),

    // MARK: Vendor modules (vendors-b)
    .target(name: "AmplitudeTracker", dependencies: ["Trackers"]),
    .testTarget(name: "AmplitudeTrackerTests", dependencies: ["AmplitudeTracker"]),
    .target(name: "SegmentTracker", dependencies: ["Trackers"]),
    .testTarget(name: "SegmentTrackerTests", dependencies: ["SegmentTracker"]),
    .target(name: "PostHogTracker", dependencies: ["Trackers"]),
    .testTarget(name: "PostHogTrackerTests", dependencies: ["PostHogTracker"]),

    // MARK: Example: the shop app (`swift run shop`)
    .target(name: "AppLifecycle", path: "Examples/Shop/AppLifecycle"),
    .target(name: "APIClient", path: "Examples/Shop/APIClient"),
    .target(name: "UserSession", path: "Examples/Shop/UserSession"),
    .target(
      name: "ShopGoogleAnalytics",
      dependencies: ["Trackers", "AppLifecycle"],
      path: "Examples/Shop/ShopGoogleAnalytics"
    ),
    .target(
      name: "ShopFirebase",
      dependencies: ["Trackers", "AppLifecycle", "APIClient"],
      path: "Examples/Shop/ShopFirebase"
    ),
    .target(
      name: "ShopMixpanel",
      dependencies: ["Trackers", "UserSession"],
      path: "Examples/Shop/ShopMixpanel"
    ),
    .executableTarget(
      name: "shop",
      dependencies: ["Trackers", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel"],
      path: "Examples/Shop/shop"
    ),

    // MARK: Delivery: the durable queue every live vendor module sends through
    .target(name: "TrackersDelivery"),
    .executableTarget(name: "DeliveryCrashChild", dependencies: ["TrackersDelivery"], path: "Tests/DeliveryCrashChild"),
    .testTarget(name: "TrackersDeliveryTests", dependencies: ["TrackersDelivery", "DeliveryCrashChild"]),
  ],
  swiftLanguageModes: [.v6]
)
