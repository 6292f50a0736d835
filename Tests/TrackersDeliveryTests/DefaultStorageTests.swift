import Foundation
import Testing
@testable import TrackersDelivery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default storage directory: the app's own on every platform, computed from what the platform says
/// about the process, so every platform's branch runs here.
@Suite struct DefaultStorageTests {
  let support = URL(fileURLWithPath: "/Users/ann/Library/Application Support", isDirectory: true)

  @Test func anAppleAppsDirectoryIsNamedByItsBundleIdentifier() {
    for platform in [StoragePlatform.iOS, .macOS, .macCatalyst, .watchOS, .visionOS] {
      let inputs = DefaultStorage.Inputs(
        platform: platform, applicationSupport: support, bundleIdentifier: "com.example.Shop",
        executableName: "Shop")
      let (directory, _) = DefaultStorage.location(for: "MixpanelTracker", inputs)
      #expect(directory.path == "/Users/ann/Library/Application Support/com.example.Shop/swift-trackers/MixpanelTracker")
    }
  }

  @Test func aToolWithoutABundleIdentifierUsesItsExecutableName() {
    let inputs = DefaultStorage.Inputs(
      platform: .macOS, applicationSupport: support, bundleIdentifier: nil, executableName: "report-cli")
    #expect(
      DefaultStorage.location(for: "Segment", inputs).directory.path
        == "/Users/ann/Library/Application Support/report-cli/swift-trackers/Segment")
    // Two tools of one user no longer share a queue.
    var other = inputs
    other.executableName = "sync-cli"
    #expect(DefaultStorage.location(for: "Segment", other).directory != DefaultStorage.location(for: "Segment", inputs).directory)
  }

  /// Only where Application Support is the app's own container is the old shared-looking directory
  /// certainly this app's, and moved.
  @Test func theOldDirectoryIsMovedOnlyFromAnAppsOwnContainer() {
    let perApp = DefaultStorage.Inputs(
      platform: .iOS, applicationSupport: support, bundleIdentifier: "com.example.Shop")
    #expect(
      DefaultStorage.location(for: "PostHogTracker", perApp).legacy?.path
        == "/Users/ann/Library/Application Support/swift-trackers/PostHogTracker")
    var sandboxed = perApp
    sandboxed.platform = .macOS
    sandboxed.environment = ["APP_SANDBOX_CONTAINER_ID": "com.example.Shop"]
    #expect(
      DefaultStorage.location(for: "PostHogTracker", sandboxed).legacy?.path
        == "/Users/ann/Library/Application Support/swift-trackers/PostHogTracker")
    var shared = perApp
    shared.platform = .macOS
    #expect(DefaultStorage.location(for: "PostHogTracker", shared).legacy == nil)
    #expect(DefaultStorage.location(for: "PostHogTracker", .init(platform: .other, executableName: "x")).legacy == nil)
  }

  @Test func linuxUsesXDGDataHomeThenLocalShareThenTheTemporaryDirectory() {
    let xdg = DefaultStorage.Inputs(
      platform: .other, executableName: "shop", environment: ["XDG_DATA_HOME": "/data/ann", "HOME": "/home/ann"])
    #expect(DefaultStorage.location(for: "GoogleAnalyticsTracker", xdg).directory.path == "/data/ann/shop/swift-trackers/GoogleAnalyticsTracker")

    // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
    let home = DefaultStorage.Inputs(
      platform: .other, executableName: "shop", environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann"])
    #expect(DefaultStorage.location(for: "Amplitude", home).directory.path == "/home/ann/.local/share/shop/swift-trackers/Amplitude")

    let homeless = DefaultStorage.Inputs(
      platform: .other, executableName: "shop", environment: ["HOME": "/"],
      temporary: URL(fileURLWithPath: "/var/tmp", isDirectory: true))
    #expect(DefaultStorage.location(for: "Amplitude", homeless).directory.path == "/var/tmp/shop/swift-trackers/Amplitude")
  }

  @Test func namesThatAreNoPathComponentAreMadeSafe() {
    let inputs = DefaultStorage.Inputs(
      platform: .other, bundleIdentifier: "..", executableName: "../../etc", environment: ["HOME": "/home/ann"])
    let path = DefaultStorage.location(for: "Mix/panel ü", inputs).directory.path
    #expect(path == "/home/ann/.local/share/.._.._etc/swift-trackers/Mix_panel__")
    let nameless = DefaultStorage.Inputs(platform: .other, environment: ["HOME": "/home/ann"])
    #expect(DefaultStorage.location(for: "", nameless).directory.path == "/home/ann/.local/share/default/swift-trackers/default")
  }

  @Test func thisProcesssDirectoryIsUnderItsExecutablesName() {
    let directory = DeliveryConfiguration.defaultDirectory(for: "Mixpanel")
    #expect(directory.lastPathComponent == "Mixpanel")
    #expect(directory.deletingLastPathComponent().lastPathComponent == "swift-trackers")
    let app = directory.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    #expect(app == DefaultStorage.Inputs.current.bundleIdentifier ?? DefaultStorage.Inputs.current.executableName)
  }

  @Test func migrationMovesTheOldDirectoryOnceAndNeverOverANewOne() throws {
    let root = makeTemporaryDirectory()
    defer { removeDirectory(root) }
    let legacy = root.appendingPathComponent("swift-trackers/Mixpanel", isDirectory: true)
    let directory = root.appendingPathComponent("com.example.Shop/swift-trackers/Mixpanel", isDirectory: true)
    try FileManager.default.createDirectory(at: legacy.appendingPathComponent("queue"), withIntermediateDirectories: true)
    try Data("{\"anonymousId\":\"A\"}".utf8).write(to: legacy.appendingPathComponent("identity.json"))

    #expect(DefaultStorage.migrate(from: legacy, to: directory))
    #expect(try String(contentsOf: directory.appendingPathComponent("identity.json"), encoding: .utf8) == "{\"anonymousId\":\"A\"}")
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("queue").path))
    #expect(!FileManager.default.fileExists(atPath: legacy.path))

    // An old directory that shows up again is left alone once the new one exists.
    try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
    #expect(!DefaultStorage.migrate(from: legacy, to: directory))
    #expect(FileManager.default.fileExists(atPath: legacy.path))
    // Nothing to move: nothing happens.
    #expect(!DefaultStorage.migrate(from: root.appendingPathComponent("none"), to: root.appendingPathComponent("new")))
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("new").path))
  }

  /// A tvOS app can't create Application Support on a device (`EPERM`): everything of the default
  /// directory (queue, identity, super properties) is in Caches, and there is no earlier directory to move.
  @Test func tvOSKeepsItsDataInCaches() {
    let caches = URL(fileURLWithPath: "/private/var/mobile/Containers/Data/Application/A1/Library/Caches", isDirectory: true)
    let tv = DefaultStorage.Inputs(
      platform: .tvOS, applicationSupport: support, caches: caches, bundleIdentifier: "com.example.ShopTV")
    let (directory, legacy) = DefaultStorage.location(for: "SegmentTracker", tv)
    #expect(directory.path == caches.path + "/com.example.ShopTV/swift-trackers/SegmentTracker")
    #expect(legacy == nil)
    // Every other Apple platform keeps Application Support.
    for platform in StoragePlatform.allCases where platform != .tvOS && platform != .other {
      var inputs = tv
      inputs.platform = platform
      #expect(DefaultStorage.location(for: "SegmentTracker", inputs).directory.path.hasPrefix(support.path), "\(platform)")
    }
  }

  /// A Mac Catalyst app distributed outside the App Store may be unsandboxed: then its Application Support
  /// is the user's, as a non-sandboxed Mac app's, and the old directory is not certainly its own.
  @Test func anUnsandboxedMacCatalystAppIsScopedAsAMacAppIs() {
    let unsandboxed = DefaultStorage.Inputs(
      platform: .macCatalyst, applicationSupport: support, bundleIdentifier: "com.example.Shop")
    #expect(unsandboxed.container == .sharedByTheUser)
    let (directory, legacy) = DefaultStorage.location(for: "MixpanelTracker", unsandboxed)
    #expect(directory.path == "/Users/ann/Library/Application Support/com.example.Shop/swift-trackers/MixpanelTracker")
    #expect(legacy == nil)

    var sandboxed = unsandboxed
    sandboxed.environment = ["APP_SANDBOX_CONTAINER_ID": "com.example.Shop"]
    #expect(sandboxed.container == .perApp)
    #expect(DefaultStorage.location(for: "MixpanelTracker", sandboxed).legacy != nil)

    #expect(DefaultStorage.Container(.macOS, environment: [:]) == .sharedByTheUser)
    for platform in [StoragePlatform.iOS, .tvOS, .watchOS, .visionOS] {
      #expect(DefaultStorage.Container(platform, environment: [:]) == .perApp)
    }
    #expect(DefaultStorage.Container(.other, environment: ["APP_SANDBOX_CONTAINER_ID": "x"]) == .notApple)
  }

  /// A file that can't be opened for lack of permission may open later only where Data Protection holds
  /// files until the first unlock; elsewhere the same `errno` is final.
  @Test func onlyIOSWatchOSAndVisionOSWaitForDataProtection() {
    let waiting = StoragePlatform.allCases.filter(\.hasDataProtection)
    #expect(Set(waiting) == [.iOS, .watchOS, .visionOS])
    let denied = DeliveryError.storage(operation: "mkdir", path: "/x", errno: EPERM)
    let forbidden = DeliveryError.storage(operation: "open", path: "/x", errno: EACCES)
    let full = DeliveryError.storage(operation: "open", path: "/x", errno: ENOSPC)
    for platform in StoragePlatform.allCases {
      #expect(DataProtection.mayOpenLater(denied, hasDataProtection: platform.hasDataProtection) == platform.hasDataProtection)
      #expect(DataProtection.mayOpenLater(forbidden, hasDataProtection: platform.hasDataProtection) == platform.hasDataProtection)
      #expect(!DataProtection.mayOpenLater(full, hasDataProtection: platform.hasDataProtection))
    }
    #if os(Linux)
      #expect(StoragePlatform.current == .other)
      #expect(!DeliveryConfiguration(directory: URL(fileURLWithPath: "/x")).hasDataProtection)
    #endif
  }
}
