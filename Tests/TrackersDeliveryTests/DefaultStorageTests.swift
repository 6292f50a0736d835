import Foundation
import Testing
@testable import TrackersDelivery

/// The default storage directory: the app's own on every platform, computed from what the platform says
/// about the process, so every platform's branch runs here.
@Suite struct DefaultStorageTests {
  let support = URL(fileURLWithPath: "/Users/ann/Library/Application Support", isDirectory: true)

  @Test func anAppleAppsDirectoryIsNamedByItsBundleIdentifier() {
    for container in [DefaultStorage.Container.perApp, .sharedByTheUser] {
      let inputs = DefaultStorage.Inputs(
        container: container, applicationSupport: support, bundleIdentifier: "com.example.Shop",
        executableName: "Shop")
      let (directory, _) = DefaultStorage.location(for: "MixpanelTracker", inputs)
      #expect(directory.path == "/Users/ann/Library/Application Support/com.example.Shop/swift-trackers/MixpanelTracker")
    }
  }

  @Test func aToolWithoutABundleIdentifierUsesItsExecutableName() {
    let inputs = DefaultStorage.Inputs(
      container: .sharedByTheUser, applicationSupport: support, bundleIdentifier: nil, executableName: "report-cli")
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
      container: .perApp, applicationSupport: support, bundleIdentifier: "com.example.Shop")
    #expect(
      DefaultStorage.location(for: "PostHogTracker", perApp).legacy?.path
        == "/Users/ann/Library/Application Support/swift-trackers/PostHogTracker")
    var shared = perApp
    shared.container = .sharedByTheUser
    #expect(DefaultStorage.location(for: "PostHogTracker", shared).legacy == nil)
    #expect(DefaultStorage.location(for: "PostHogTracker", .init(container: .notApple, executableName: "x")).legacy == nil)
  }

  @Test func linuxUsesXDGDataHomeThenLocalShareThenTheTemporaryDirectory() {
    let xdg = DefaultStorage.Inputs(
      container: .notApple, executableName: "shop", environment: ["XDG_DATA_HOME": "/data/ann", "HOME": "/home/ann"])
    #expect(DefaultStorage.location(for: "GoogleAnalyticsTracker", xdg).directory.path == "/data/ann/shop/swift-trackers/GoogleAnalyticsTracker")

    // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
    let home = DefaultStorage.Inputs(
      container: .notApple, executableName: "shop", environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann"])
    #expect(DefaultStorage.location(for: "Amplitude", home).directory.path == "/home/ann/.local/share/shop/swift-trackers/Amplitude")

    let homeless = DefaultStorage.Inputs(
      container: .notApple, executableName: "shop", environment: ["HOME": "/"],
      temporary: URL(fileURLWithPath: "/var/tmp", isDirectory: true))
    #expect(DefaultStorage.location(for: "Amplitude", homeless).directory.path == "/var/tmp/shop/swift-trackers/Amplitude")
  }

  @Test func namesThatAreNoPathComponentAreMadeSafe() {
    let inputs = DefaultStorage.Inputs(
      container: .notApple, bundleIdentifier: "..", executableName: "../../etc", environment: ["HOME": "/home/ann"])
    let path = DefaultStorage.location(for: "Mix/panel ü", inputs).directory.path
    #expect(path == "/home/ann/.local/share/.._.._etc/swift-trackers/Mix_panel__")
    let nameless = DefaultStorage.Inputs(container: .notApple, environment: ["HOME": "/home/ann"])
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
}
