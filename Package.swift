// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-trackers",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Trackers", targets: ["Trackers"]),
  ],
  targets: [
    .target(name: "Trackers"),
    .testTarget(name: "TrackersTests", dependencies: ["Trackers"]),
  ],
  swiftLanguageModes: [.v6]
)
