// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-trackers",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Trackers", targets: ["Trackers"]),
    .library(name: "TrackersTesting", targets: ["TrackersTesting"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "Trackers"),
    .testTarget(name: "TrackersTests", dependencies: ["Trackers"]),
    .target(name: "TrackersTesting", dependencies: ["Trackers"]),
    .testTarget(name: "TrackersTestingTests", dependencies: ["Trackers", "TrackersTesting"]),

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
  ],
  swiftLanguageModes: [.v6]
)
