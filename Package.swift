// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-trackers",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Trackers", targets: ["Trackers"]),
    .library(name: "TrackersTesting", targets: ["TrackersTesting"]),
    .library(name: "TrackersDelivery", targets: ["TrackersDelivery"]),
    .library(name: "GoogleAnalyticsTracker", targets: ["GoogleAnalyticsTracker"]),
    .library(name: "MixpanelTracker", targets: ["MixpanelTracker"]),
    .library(name: "AmplitudeTracker", targets: ["AmplitudeTracker"]),
    .library(name: "SegmentTracker", targets: ["SegmentTracker"]),
    .library(name: "PostHogTracker", targets: ["PostHogTracker"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "Trackers"),
    .testTarget(name: "TrackersTests", dependencies: ["Trackers"]),
    .target(name: "TrackersTesting", dependencies: ["Trackers"]),
    .testTarget(name: "TrackersTestingTests", dependencies: ["Trackers", "TrackersTesting"]),

    // MARK: Vendor modules (vendors-a: GA4, Mixpanel; the shared plumbing is in TrackersDelivery/Vendor)
    .target(name: "GoogleAnalyticsTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(
      name: "GoogleAnalyticsTrackerTests",
      dependencies: ["GoogleAnalyticsTracker", "Trackers", "TrackersDelivery", "TrackersTesting", "VendorTestSupport"]
    ),
    .target(name: "MixpanelTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(
      name: "MixpanelTrackerTests",
      dependencies: ["MixpanelTracker", "Trackers", "TrackersDelivery", "TrackersTesting", "VendorTestSupport"]
    ),
    // The loopback collector client, JSON comparison and issue capture shared by the vendor and delivery tests.
    .target(
      name: "VendorTestSupport", dependencies: ["Trackers", "TrackersDelivery"], path: "Tests/VendorTestSupport"
    ),

    // MARK: Vendor modules (vendors-b: Amplitude, Segment, PostHog)
    .target(name: "AmplitudeTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(
      name: "AmplitudeTrackerTests",
      dependencies: ["AmplitudeTracker", "Trackers", "TrackersDelivery", "TrackersTesting", "VendorTestSupport"]
    ),
    .target(name: "SegmentTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(
      name: "SegmentTrackerTests",
      dependencies: ["SegmentTracker", "Trackers", "TrackersDelivery", "TrackersTesting", "VendorTestSupport"]
    ),
    .target(name: "PostHogTracker", dependencies: ["Trackers", "TrackersDelivery"]),
    .testTarget(
      name: "PostHogTrackerTests",
      dependencies: ["PostHogTracker", "Trackers", "TrackersDelivery", "TrackersTesting", "VendorTestSupport"]
    ),

    // MARK: Privacy end to end: consent, opt-out, reset and redaction over loopback HTTP, all vendor modules
    .testTarget(
      name: "VendorPrivacyTests",
      dependencies: [
        "GoogleAnalyticsTracker", "MixpanelTracker", "AmplitudeTracker", "SegmentTracker", "PostHogTracker",
        "Trackers", "TrackersDelivery", "VendorTestSupport",
      ]
    ),

    // MARK: Example: the shop app (`swift run shop`)
    .target(name: "AppLifecycle", dependencies: ["Trackers"], path: "Examples/Shop/AppLifecycle"),
    .testTarget(name: "AppLifecycleTests", dependencies: ["AppLifecycle", "Trackers"]),
    .target(name: "APIClient", dependencies: ["Trackers"], path: "Examples/Shop/APIClient"),
    .testTarget(name: "APIClientTests", dependencies: ["APIClient", "Trackers"]),
    .target(name: "UserSession", dependencies: ["Trackers"], path: "Examples/Shop/UserSession"),
    .testTarget(name: "UserSessionTests", dependencies: ["UserSession", "Trackers"]),
    .target(name: "Checkout", dependencies: ["Trackers"], path: "Examples/Shop/Checkout"),
    .testTarget(name: "CheckoutTests", dependencies: ["Checkout", "Trackers", "TrackersTesting"]),
    // The README's tour, compiled and run.
    .testTarget(
      name: "ReadmeTourTests",
      dependencies: ["Trackers", "TrackersTesting", "GoogleAnalyticsTracker", "MixpanelTracker"]
    ),
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
    .target(name: "Onboarding", dependencies: ["Trackers"], path: "Examples/Shop/Onboarding"),
    .testTarget(name: "OnboardingTests", dependencies: ["Onboarding", "Trackers"]),
    .target(name: "Catalog", dependencies: ["Trackers"], path: "Examples/Shop/Catalog"),
    .testTarget(name: "CatalogTests", dependencies: ["Catalog", "Trackers"]),
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
    // The first, smaller version of the example (`swift run classic`), with its tests below.
    .target(
      name: "ShopAnalytics",
      dependencies: [
        "Trackers", "AppLifecycle", "APIClient", "UserSession",
        "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel",
      ],
      path: "Examples/Shop/ShopAnalytics"
    ),
    .executableTarget(name: "classic", dependencies: ["Trackers", "ShopAnalytics"], path: "Examples/Shop/classic"),

    // The example's tests: each vendor module through its `Current`, then the app's composition.
    .testTarget(
      name: "ShopGoogleAnalyticsTests",
      dependencies: ["Trackers", "TrackersTesting", "AppLifecycle", "ShopGoogleAnalytics"]
    ),
    .testTarget(
      name: "ShopFirebaseTests",
      dependencies: ["Trackers", "TrackersTesting", "AppLifecycle", "APIClient", "ShopFirebase"]
    ),
    .testTarget(
      name: "ShopMixpanelTests",
      dependencies: ["Trackers", "TrackersTesting", "UserSession", "ShopMixpanel"]
    ),
    .testTarget(
      name: "ShopAnalyticsTests",
      dependencies: [
        "Trackers", "TrackersTesting", "ShopAnalytics", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel",
      ]
    ),

    // MARK: Benchmarks (`swift run -c release trackers-bench`; not a product)
    .target(name: "ClassicTrackers", dependencies: ["Trackers"], path: "Benchmarks/ClassicTrackers"),
    .executableTarget(
      name: "trackers-bench",
      dependencies: ["Trackers", "ClassicTrackers", "ShopApp", "GoogleAnalyticsTracker"],
      path: "Benchmarks/trackers-bench"
    ),

    // MARK: Delivery: the durable queue every live vendor module sends through
    .target(name: "TrackersDelivery", dependencies: ["Trackers"]),
    .executableTarget(name: "DeliveryCrashChild", dependencies: ["TrackersDelivery"], path: "Tests/DeliveryCrashChild"),
    .testTarget(
      name: "TrackersDeliveryTests", dependencies: ["TrackersDelivery", "DeliveryCrashChild", "VendorTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
