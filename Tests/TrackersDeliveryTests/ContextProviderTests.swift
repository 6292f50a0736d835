import Foundation
import Testing
import Trackers
@testable import TrackersDelivery

@Suite struct ContextProviderTests {
  static let iPhone = TrackingContext(
    os: .init(name: "iOS", version: "18.1"),
    device: .init(model: "iPhone17,3", manufacturer: "Apple"),
    app: .init(name: "Shop", version: "2.1.0", build: "142", namespace: "com.example.shop"),
    locale: "fr-FR", timezone: "Europe/Paris", screen: .init(width: 393, height: 852))

  @Test func theLibraryIsThisOneAtTheVersionTheReadmeStates() throws {
    #expect(TrackingContext.Library.swiftTrackers.name == "swift-trackers")
    #expect(Self.iPhone.library == .swiftTrackers)
    let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    #expect(text.contains("swift-trackers \(TrackingContext.Library.swiftTrackers.version)"))
  }

  @Test func aPinnedProviderKeepsItsContextOnRefresh() {
    let provider = ContextProvider(Self.iPhone)
    provider.refresh()
    #expect(provider.current == Self.iPhone)
  }

  @Test func observersHearEachRealChangeOnceAndStopWhenRemoved() {
    let provider = ContextProvider(Self.iPhone)
    let heard = ModuleState<[String?]>([])
    let token = provider.observe { context in heard.withLock { $0.append(context.app.version) } }
    provider.update { $0.app.version = "2.2.0" }
    provider.update { $0.app.version = "2.2.0" }  // no change: nobody is told
    provider.update { $0.locale = "en-GB" }
    #expect(heard.withLock { $0 } == ["2.2.0", "2.2.0"])
    provider.removeObserver(token)
    provider.update { $0.app.version = "3.0.0" }
    #expect(heard.withLock { $0 }.count == 2)
    #expect(provider.current.app.version == "3.0.0" && provider.current.locale == "en-GB")
  }

  @Test func theLiveContextReadsTheSystemAndAppliesTheAppsOverrides() {
    let provider = ContextProvider.live { $0.app.name = "Shop"; $0.app.version = "2.1.0" }
    let context = provider.current
    #expect(context.library == .swiftTrackers)
    #expect(context.app.name == "Shop" && context.app.version == "2.1.0")
    #expect(!context.os.name.isEmpty && !context.os.version.isEmpty)
    #expect(context.timezone == TimeZone.current.identifier)
    #expect(context.locale.map { !$0.contains("_") && !$0.isEmpty } ?? true)  // a BCP 47 tag: "en-US"
    #if os(Linux)
    #expect(context.os.name == "Linux")
    #expect(context.device.model != nil)  // uname's machine, "x86_64"
    #endif
  }

  @Test func aLiveRefreshKeepsTheScreenTheMainThreadRecorded() {
    let provider = ContextProvider.live()
    provider.update { $0.screen = .init(width: 393, height: 852) }
    provider.refresh()
    #expect(provider.current.screen == .init(width: 393, height: 852))
  }

  @Test func theSharedProviderIsReadOnce() {
    #expect(ContextProvider.shared === ContextProvider.shared)
    #expect(ContextProvider.shared.current.library == .swiftTrackers)
  }
}
