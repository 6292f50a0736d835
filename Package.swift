// swift-tools-version: 6.1
// 6.1, not 6.0: TrackersTesting's traits conform to Swift Testing's `TestScoping`, new in Swift 6.1 (Xcode 16.3).
import PackageDescription

/// The tracking plan a feature's tests keep beside them (`.trackingPlan(...)`): read by the tests from the
/// source tree, not a resource of the test bundle.
let trackingPlanFiles = ["TrackingPlan.json", "TrackingPlan.md"]

let package = Package(
  name: "swift-trackers",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Trackers", targets: ["Trackers"]),
    .library(name: "TrackersTesting", targets: ["TrackersTesting"]),
    .library(name: "TrackersDelivery", targets: ["TrackersDelivery"]),
    .library(name: "TrackersDeliveryTesting", targets: ["TrackersDeliveryTesting"]),
    .library(name: "GoogleAnalyticsTracker", targets: ["GoogleAnalyticsTracker"]),
    .library(name: "MixpanelTracker", targets: ["MixpanelTracker"]),
    .library(name: "AmplitudeTracker", targets: ["AmplitudeTracker"]),
    .library(name: "SegmentTracker", targets: ["SegmentTracker"]),
    .library(name: "PostHogTracker", targets: ["PostHogTracker"]),
  ],
  targets: [
    // MARK: Core: trackers, composition, the vocabulary, privacy, context and lifecycle
    .target(name: "Trackers"),
    .testTarget(name: "TrackersTests", dependencies: ["Trackers"]),

    // MARK: Testing feature code: the recorder and isolated `Current`s (the only module that imports a test framework)
    .target(name: "TrackersTesting", dependencies: ["Trackers"]),
    .testTarget(name: "TrackersTestingTests", dependencies: ["Trackers", "TrackersTesting"]),

    // MARK: Delivery: the durable queue and what every vendor module shares
    // The privacy manifest Apple requires of an SDK that collects data (the device id, the user id, the
    // events): bundled with the module so Xcode merges it into the app's privacy report.
    .target(name: "TrackersDelivery", dependencies: ["Trackers"], resources: [.copy("PrivacyInfo.xcprivacy")]),
    .testTarget(
      name: "TrackersDeliveryTests",
      dependencies: ["TrackersDelivery", "TrackersDeliveryTesting", "DeliveryCrashChild", "VendorTestSupport"]
    ),
    .executableTarget(name: "DeliveryCrashChild", dependencies: ["TrackersDelivery"], path: "Tests/DeliveryCrashChild"),

    // MARK: Testing tracker modules: scripted transport, conformance suite (no test framework, no sockets)
    .target(name: "TrackersDeliveryTesting", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(
      name: "TrackersDeliveryTestingTests", dependencies: ["TrackersDeliveryTesting", "TrackersDelivery", "Trackers"]
    ),

    // MARK: Vendor modules
    .target(name: "GoogleAnalyticsTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(name: "GoogleAnalyticsTrackerTests", dependencies: vendorTestDependencies("GoogleAnalyticsTracker")),
    .target(name: "MixpanelTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(name: "MixpanelTrackerTests", dependencies: vendorTestDependencies("MixpanelTracker")),
    .target(name: "AmplitudeTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(name: "AmplitudeTrackerTests", dependencies: vendorTestDependencies("AmplitudeTracker")),
    .target(name: "SegmentTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(name: "SegmentTrackerTests", dependencies: vendorTestDependencies("SegmentTracker")),
    .target(name: "PostHogTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(name: "PostHogTrackerTests", dependencies: vendorTestDependencies("PostHogTracker")),
    // Consent, opt-out, reset and redaction over loopback HTTP, across the vendor modules.
    .testTarget(
      name: "VendorPrivacyTests",
      dependencies: [
        "GoogleAnalyticsTracker", "MixpanelTracker", "AmplitudeTracker", "SegmentTracker", "PostHogTracker",
        "Trackers", "TrackersDelivery", "TrackersDeliveryTesting", "VendorTestSupport",
      ]
    ),
    // Issue 20: seeded hostile values through every vendor's validate, map, encode and live pipeline, on a
    // 512 KiB stack; and the strict JSON checker it trusts.
    .testTarget(
      name: "FuzzTests",
      dependencies: [
        "GoogleAnalyticsTracker", "MixpanelTracker", "AmplitudeTracker", "SegmentTracker", "PostHogTracker",
        "Trackers", "TrackersDelivery", "TrackersDeliveryTesting", "VendorTestSupport",
      ]
    ),
    // The loopback collector client, fixtures and issue capture of this package's own tests.
    .target(
      name: "VendorTestSupport", dependencies: ["Trackers", "TrackersDelivery"], path: "Tests/VendorTestSupport"
    ),

    // MARK: Example: the shop app (`swift run shop`) and the classic version (`swift run classic`); not products
    .target(name: "AppLifecycle", dependencies: ["Trackers"], path: "Examples/Shop/AppLifecycle"),
    .testTarget(
      name: "AppLifecycleTests", dependencies: ["AppLifecycle", "Trackers", "TrackersTesting", "ShopTrackingPlanSupport"],
      exclude: trackingPlanFiles
    ),
    .target(name: "APIClient", dependencies: ["Trackers"], path: "Examples/Shop/APIClient"),
    .testTarget(
      name: "APIClientTests", dependencies: ["APIClient", "Trackers", "TrackersTesting", "ShopTrackingPlanSupport"],
      exclude: trackingPlanFiles
    ),
    .target(name: "UserSession", dependencies: ["Trackers"], path: "Examples/Shop/UserSession"),
    .testTarget(name: "UserSessionTests", dependencies: ["UserSession", "Trackers"]),
    .target(name: "Onboarding", dependencies: ["Trackers"], path: "Examples/Shop/Onboarding"),
    .testTarget(
      name: "OnboardingTests", dependencies: ["Onboarding", "Trackers", "TrackersTesting", "ShopTrackingPlanSupport"],
      exclude: trackingPlanFiles
    ),
    .target(name: "Catalog", dependencies: ["Trackers"], path: "Examples/Shop/Catalog"),
    .testTarget(
      name: "CatalogTests", dependencies: ["Catalog", "Trackers", "TrackersTesting", "ShopTrackingPlanSupport"],
      exclude: trackingPlanFiles
    ),
    .target(name: "Checkout", dependencies: ["Trackers"], path: "Examples/Shop/Checkout"),
    .testTarget(
      name: "CheckoutTests", dependencies: ["Checkout", "Trackers", "TrackersTesting", "ShopTrackingPlanSupport"],
      exclude: trackingPlanFiles
    ),
    .target(
      name: "ShopApp",
      dependencies: [
        "Trackers", "TrackersDelivery", "GoogleAnalyticsTracker", "MixpanelTracker", "AmplitudeTracker", "SegmentTracker",
        "PostHogTracker", "AppLifecycle", "APIClient", "Onboarding", "Catalog", "Checkout",
      ],
      path: "Examples/Shop/ShopApp"
    ),
    .testTarget(
      name: "ShopAppTests",
      dependencies: [
        "ShopApp", "shop", "Trackers", "Checkout", "Catalog", "Onboarding", "GoogleAnalyticsTracker", "VendorTestSupport",
      ]
    ),
    .executableTarget(name: "shop", dependencies: ["ShopApp"], path: "Examples/Shop/shop"),
    .target(name: "ShopGoogleAnalytics", dependencies: ["Trackers", "AppLifecycle"], path: "Examples/Shop/ShopGoogleAnalytics"),
    .testTarget(
      name: "ShopGoogleAnalyticsTests", dependencies: ["Trackers", "TrackersTesting", "AppLifecycle", "ShopGoogleAnalytics"]
    ),
    .target(name: "ShopFirebase", dependencies: ["Trackers", "AppLifecycle", "APIClient"], path: "Examples/Shop/ShopFirebase"),
    .testTarget(
      name: "ShopFirebaseTests", dependencies: ["Trackers", "TrackersTesting", "AppLifecycle", "APIClient", "ShopFirebase"]
    ),
    .target(name: "ShopMixpanel", dependencies: ["Trackers", "UserSession"], path: "Examples/Shop/ShopMixpanel"),
    .testTarget(name: "ShopMixpanelTests", dependencies: ["Trackers", "TrackersTesting", "UserSession", "ShopMixpanel"]),
    .target(
      name: "ShopAnalytics",
      dependencies: [
        "Trackers", "AppLifecycle", "APIClient", "UserSession", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel",
      ],
      path: "Examples/Shop/ShopAnalytics"
    ),
    .testTarget(
      name: "ShopAnalyticsTests",
      dependencies: [
        "Trackers", "TrackersTesting", "ShopAnalytics", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel",
      ]
    ),
    .executableTarget(name: "classic", dependencies: ["Trackers", "ShopAnalytics"], path: "Examples/Shop/classic"),
    // The shop's five vendors with their rules, for the feature modules' tracking plans.
    .target(
      name: "ShopTrackingPlanSupport",
      dependencies: [
        "Trackers", "TrackersTesting", "ShopApp", "GoogleAnalyticsTracker", "MixpanelTracker", "AmplitudeTracker",
        "SegmentTracker", "PostHogTracker",
      ],
      path: "Tests/ShopTrackingPlanSupport"
    ),
    // Every module's tracking plan as one document (`swift run tracking-plan [--json] [paths...]`).
    .executableTarget(name: "tracking-plan", dependencies: ["TrackersTesting"], path: "Examples/tracking-plan"),
    // The README's tour, compiled and run.
    .testTarget(
      name: "ReadmeTourTests", dependencies: ["Trackers", "TrackersTesting", "GoogleAnalyticsTracker", "MixpanelTracker"]
    ),

    // MARK: Benchmarks (`swift run -c release trackers-bench`); not products
    .target(name: "ClassicTrackers", dependencies: ["Trackers"], path: "Benchmarks/ClassicTrackers"),
    .executableTarget(
      name: "trackers-bench",
      dependencies: ["Trackers", "ClassicTrackers", "ShopApp", "GoogleAnalyticsTracker"],
      path: "Benchmarks/trackers-bench"
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// What a vendor module's tests use: the module, the core, delivery, both test kits, and this package's own
/// loopback collector for the tests that keep the real URLSession path covered.
func vendorTestDependencies(_ module: String) -> [Target.Dependency] {
  [
    .target(name: module), "Trackers", "TrackersDelivery", "TrackersTesting", "TrackersDeliveryTesting",
    "VendorTestSupport",
  ]
}
