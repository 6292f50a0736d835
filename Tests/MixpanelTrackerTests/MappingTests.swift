import Foundation
import MixpanelTracker
import Testing
import Trackers

@Suite struct MappingTests {
  @Test func everyVocabularyCase() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    #expect(mixpanelEvent(for: .event(name: "Signed Up", properties: ["seats": 5, "at": .date(date)]))
      == .event(name: "Signed Up", properties: ["seats": 5, "at": .date(date)]))
    #expect(mixpanelEvent(for: .screen(name: "Cart", properties: ["items": 2]))
      == .event(name: "Screen Viewed", properties: ["Screen Name": "Cart", "items": 2]))
    #expect(mixpanelEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
      == .event(name: "App Error", properties: ["Error Message": "timeout", "endpoint": "/cart"]))
    #expect(mixpanelEvent(for: .userProperty(name: "plan", value: "pro")) == .setProfileProperty(name: "plan", value: "pro"))
    #expect(mixpanelEvent(for: .userId("u-1")) == .identify("u-1"))
    #expect(mixpanelEvent(for: .userId(nil)) == .identify(nil))
  }

  @Test func errorMessageIsCutTo255Bytes() {
    let event = mixpanelEvent(for: .error(message: String(repeating: "é", count: 200)))  // 400 bytes
    guard case let .event(_, properties) = event else { Issue.record("not an event"); return }
    #expect(properties["Error Message"]?.stringValue?.utf8.count == 254)
  }

  /// Segment's spec names and properties, as Segment's Mixpanel destination delivers them.
  @Test func lifecycleEventsUseSegmentSpecNamesAndProperties() {
    let expected: [(LifecycleEvent, MixpanelEvent)] = [
      (.installed(version: "2.1.0", build: "142"),
       .event(name: "Application Installed", properties: ["version": "2.1.0", "build": "142"])),
      (.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142"),
       .event(name: "Application Updated", properties: [
         "previous_version": "2.0.0", "previous_build": "130", "version": "2.1.0", "build": "142",
       ])),
      (.opened(fromBackground: false, version: "2.1.0", build: "142"),
       .event(name: "Application Opened", properties: ["from_background": false, "version": "2.1.0", "build": "142"])),
      (.opened(fromBackground: true, version: "2.1.0", build: "142"),
       .event(name: "Application Opened", properties: ["from_background": true, "version": "2.1.0", "build": "142"])),
      (.backgrounded, .event(name: "Application Backgrounded", properties: [:])),
      // An unknown version or build is left out.
      (.opened(fromBackground: true, version: nil, build: nil),
       .event(name: "Application Opened", properties: ["from_background": true])),
    ]
    for (event, mapped) in expected {
      #expect(mixpanelEvent(for: .lifecycle(event)) == mapped, "\(event)")
      #expect(mixpanelIssues(for: .lifecycle(event)).isEmpty, "\(event)")
    }
  }
}
