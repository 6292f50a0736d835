// swift-tools-version: 6.1
// 6.1, not 6.0: TrackersTesting's traits conform to Swift Testing's `TestScoping`, new in Swift 6.1 (Xcode 16.3).
import PackageDescription

// The library: twelve products, each with its test target. Everything after `package` is an example or a
// benchmark that `swift run shop` and `swift test` build from the root; an app that depends on
// swift-trackers builds only the products' targets.
let package = Package(
  name: "swift-trackers",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
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
    .library(name: "TrackersSwiftUI", targets: ["TrackersSwiftUI"]),
    .library(name: "TrackersTrackingPlan", targets: ["TrackersTrackingPlan"]),
    .library(name: "TrackersServer", targets: ["TrackersServer"]),
  ],
  targets: [
    // Core: trackers, composition, the vocabulary, privacy, context and lifecycle.
    .target(name: "Trackers"),
    // Testing feature code: the recorder, isolated `Current`s (the only module that imports a test framework).
    // TrackersTesting holds the tracking plan's Swift Testing trait (it is the one module that imports a test
    // framework); the plan, its check and `withTrackingPlan` are TrackersTrackingPlan's, named only by a test
    // that keeps a plan.
    .target(name: "TrackersTesting", dependencies: ["Trackers", "TrackersTrackingPlan"]),
    .target(name: "TrackersTrackingPlan", dependencies: ["Trackers"]),
    // Delivery: the durable queue and the kit every vendor module builds on. The privacy manifest Apple
    // requires of an SDK that collects data is bundled with it, so Xcode merges it into the app's report.
    .target(name: "TrackersDelivery", dependencies: ["Trackers"], resources: [.copy("PrivacyInfo.xcprivacy")]),
    // Testing tracker modules: scripted transport, conformance suite (no test framework, no sockets).
    .target(name: "TrackersDeliveryTesting", dependencies: ["Trackers", "TrackersDelivery"]),
    vendorModule("GoogleAnalyticsTracker"),
    vendorModule("MixpanelTracker"),
    vendorModule("AmplitudeTracker"),
    vendorModule("SegmentTracker"),
    vendorModule("PostHogTracker"),
    // SwiftUI screens: the `trackScreen` view modifiers, a product of their own so that an app without SwiftUI
    // doesn't link them. Its rule is plain Swift, tested on Linux; the SwiftUI file is type-checked there
    // against .ci/apple-sdk.
    .target(name: "TrackersSwiftUI", dependencies: ["Trackers"]),
    // A process that ends when it is told to (a server, a command-line tool): one service that drains every
    // vendor module at shutdown and says what it left where. A product of its own: an app the system
    // suspends, and a module author, never name it.
    .target(name: "TrackersServer", dependencies: ["Trackers", "TrackersDelivery"]),
  ] + libraryTests,
  swiftLanguageModes: [.v6]
)

package.targets += shopExample + classicExample + serverExample + benchmarks

/// A vendor module: the core and the delivery kit, nothing else.
func vendorModule(_ name: String) -> Target {
  .target(name: name, dependencies: ["Trackers", "TrackersDelivery"])
}

var vendorModules: [Target.Dependency] {
  ["GoogleAnalyticsTracker", "MixpanelTracker", "AmplitudeTracker", "SegmentTracker", "PostHogTracker"]
}

// MARK: - The library's tests

var libraryTests: [Target] {
  [
    .testTarget(name: "TrackersTests", dependencies: ["Trackers"]),
    .testTarget(name: "TrackersTestingTests", dependencies: ["Trackers", "TrackersTesting", "XCTestFailureCapture"]),
    .testTarget(
      name: "TrackersTrackingPlanTests",
      dependencies: ["Trackers", "TrackersTesting", "TrackersTrackingPlan", "XCTestFailureCapture"]
    ),
    // An XCTest case that collects its own failures, so a test asserts their text and location.
    .target(name: "XCTestFailureCapture", dependencies: ["TrackersTesting"], path: "Tests/XCTestFailureCapture"),
    .testTarget(
      name: "TrackersDeliveryTests",
      dependencies: ["TrackersDelivery", "TrackersDeliveryTesting", "DeliveryCrashChild", "VendorTestSupport"]
    ),
    // The process that the crash and multi-process tests kill.
    .executableTarget(name: "DeliveryCrashChild", dependencies: ["TrackersDelivery"], path: "Tests/DeliveryCrashChild"),
    .testTarget(
      name: "TrackersDeliveryTestingTests", dependencies: ["TrackersDeliveryTesting", "TrackersDelivery", "Trackers"]
    ),
    vendorTests("GoogleAnalyticsTracker"),
    vendorTests("MixpanelTracker"),
    vendorTests("AmplitudeTracker"),
    vendorTests("SegmentTracker"),
    vendorTests("PostHogTracker"),
    .testTarget(name: "TrackersSwiftUITests", dependencies: ["TrackersSwiftUI", "Trackers"]),
    // The service on two real vendor modules, a scripted transport and virtual time, as a server's tests would.
    .testTarget(
      name: "TrackersServerTests",
      dependencies: [
        "TrackersServer", "Trackers", "TrackersDelivery", "TrackersDeliveryTesting", "TrackersTesting",
        "MixpanelTracker", "PostHogTracker",
      ]
    ),
    // Consent, opt-out, reset and redaction across the vendor modules.
    .testTarget(name: "VendorPrivacyTests", dependencies: acrossVendors),
    // Seeded hostile values through every vendor's validate, map, encode and live pipeline, on a 512 KiB
    // stack; and the strict JSON checker it trusts.
    .testTarget(name: "FuzzTests", dependencies: acrossVendors),
    // The loopback collector client, fixtures and issue capture of this package's own tests.
    .target(
      name: "VendorTestSupport", dependencies: ["Trackers", "TrackersDelivery"], path: "Tests/VendorTestSupport"
    ),
    // swift-service-lifecycle's `Service` protocol as that package declares it, under its module name, so that
    // the README's one-line conformance compiles verbatim without the dependency.
    .target(name: "ServiceLifecycle", path: "Tests/ServiceLifecycleStandIn"),
    // Every ```swift block of README, the articles and multi-line doc comments, compiled verbatim (and the
    // README's tour run); a test fails on any block without its twin here. The docs use the shop's modules
    // (`shopTracker`, `ShopMixpanel.Current`), so the twins compile against them.
    .testTarget(
      name: "DocSnippetTests",
      dependencies: vendorModules + [
        "Trackers", "TrackersTesting", "TrackersTrackingPlan", "TrackersDelivery", "TrackersDeliveryTesting", "TrackersSwiftUI",
        "TrackersServer", "AppLifecycle",
        "APIClient", "UserSession", "Catalog", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel", "ShopAnalytics",
        "ServiceLifecycle",
      ]
    ),
  ]
}

/// A vendor module's tests: the module, the core, delivery, both test kits, and this package's own loopback
/// collector for the tests that keep the real URLSession path covered.
func vendorTests(_ module: String) -> Target {
  .testTarget(
    name: "\(module)Tests",
    dependencies: [
      .target(name: module), "Trackers", "TrackersDelivery", "TrackersTesting", "TrackersDeliveryTesting",
      "VendorTestSupport",
    ]
  )
}

var acrossVendors: [Target.Dependency] {
  vendorModules + ["Trackers", "TrackersDelivery", "TrackersDeliveryTesting", "VendorTestSupport"]
}

// MARK: - Example: the shop (`swift run shop`), its feature modules and their tests; not products

/// A feature module of the shop (`Examples/Shop/<name>`) and its test target. Features that keep a tracking
/// plan test it against the shop's five vendors.
func shopFeature(
  _ name: String, dependencies: [Target.Dependency] = ["Trackers"], testDependencies: [Target.Dependency] = [],
  keepsTrackingPlan: Bool = true
) -> [Target] {
  let planSupport: [Target.Dependency] = keepsTrackingPlan ? ["TrackersTesting", "ShopTrackingPlanSupport"] : []
  // The tracking plan a feature's tests keep beside them (`.trackingPlan(...)`): read by the tests from the
  // source tree, not a resource of the test bundle.
  let trackingPlanFiles = ["TrackingPlan.json", "TrackingPlan.md"]
  return [
    .target(name: name, dependencies: dependencies, path: "Examples/Shop/\(name)"),
    .testTarget(
      name: "\(name)Tests",
      dependencies: [.target(name: name), "Trackers"] + testDependencies + planSupport,
      exclude: keepsTrackingPlan ? trackingPlanFiles : []
    ),
  ]
}

var shopExample: [Target] {
  shopFeature("AppLifecycle") + shopFeature("APIClient") + shopFeature("UserSession", keepsTrackingPlan: false)
    + shopFeature("Onboarding") + shopFeature("Catalog") + shopFeature("Checkout") + [
      .target(
        name: "ShopApp",
        dependencies: vendorModules + [
          "Trackers", "TrackersDelivery", "AppLifecycle", "APIClient", "Onboarding", "Catalog", "Checkout",
        ],
        path: "Examples/Shop/ShopApp"
      ),
      .testTarget(
        name: "ShopAppTests",
        dependencies: [
          "ShopApp", "shop", "Trackers", "TrackersDelivery", "TrackersDeliveryTesting", "Checkout", "Catalog", "Onboarding",
          "GoogleAnalyticsTracker", "VendorTestSupport", "TrackersTesting", "ShopTrackingPlanSupport",
        ],
        // The root's own tracking plan (the theme's super property, the load generator's event).
        exclude: ["TrackingPlan.json", "TrackingPlan.md"]
      ),
      .executableTarget(name: "shop", dependencies: ["ShopApp"], path: "Examples/Shop/shop"),
      // The shop's five vendors with their rules, for the feature modules' tracking plans.
      .target(
        name: "ShopTrackingPlanSupport",
        dependencies: vendorModules + ["Trackers", "TrackersTesting", "TrackersTrackingPlan", "ShopApp"],
        path: "Tests/ShopTrackingPlanSupport"
      ),
      // Every module's tracking plan as one document (`swift run tracking-plan [--json] [paths...]`).
      .executableTarget(name: "tracking-plan", dependencies: ["TrackersTrackingPlan"], path: "Examples/tracking-plan"),
    ]
}

// MARK: - Example: the classic scenario (`swift run classic`): one tracker module per vendor, composed at the root

var classicExample: [Target] {
  shopFeature("ShopGoogleAnalytics", dependencies: ["Trackers", "AppLifecycle"],
              testDependencies: ["TrackersTesting", "AppLifecycle"], keepsTrackingPlan: false)
    + shopFeature("ShopFirebase", dependencies: ["Trackers", "AppLifecycle", "APIClient"],
                  testDependencies: ["TrackersTesting", "AppLifecycle", "APIClient"], keepsTrackingPlan: false)
    + shopFeature("ShopMixpanel", dependencies: ["Trackers", "UserSession"],
                  testDependencies: ["TrackersTesting", "UserSession"], keepsTrackingPlan: false)
    + shopFeature(
      "ShopAnalytics",
      dependencies: ["Trackers", "AppLifecycle", "APIClient", "UserSession", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel"],
      testDependencies: ["TrackersTesting", "ShopGoogleAnalytics", "ShopFirebase", "ShopMixpanel"], keepsTrackingPlan: false
    ) + [.executableTarget(name: "classic", dependencies: ["Trackers", "ShopAnalytics"], path: "Examples/Shop/classic")]
}

// MARK: - Example: the shop's backend (`swift run shop-server --port 8080 --endpoint URL --vendor all`)

var serverExample: [Target] {
  [
    // The HTTP server (Foundation and the platform's sockets, nothing else), its routes and the vendors'
    // setup, where the tests reach them; `shop-server` is one call into it.
    .target(
      name: "ShopServer", dependencies: ["Trackers", "TrackersDelivery", "ShopApp"], path: "Examples/ShopServer/ShopServer"
    ),
    .executableTarget(
      name: "shop-server", dependencies: ["ShopServer"], path: "Examples/ShopServer/shop-server"
    ),
    .testTarget(
      name: "ShopServerTests",
      dependencies: ["ShopServer", "shop-server", "ShopApp", "Trackers", "TrackersDelivery", "VendorTestSupport"]
    ),
  ]
}

// MARK: - Benchmarks (`swift run -c release trackers-bench`); not products

var benchmarks: [Target] {
  [
    .target(name: "ClassicTrackers", dependencies: ["Trackers"], path: "Benchmarks/ClassicTrackers"),
    .executableTarget(
      name: "trackers-bench",
      dependencies: ["Trackers", "TrackersDelivery", "ClassicTrackers", "ShopApp", "GoogleAnalyticsTracker"],
      path: "Benchmarks/trackers-bench"
    ),
  ]
}
