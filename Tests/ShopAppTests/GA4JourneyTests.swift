import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
@testable import ShopApp

/// The shop sends GA4 its readable names through `GoogleAnalyticsNaming.snakeCase` (GoogleAnalyticsTracker
/// tests the naming itself, in `NamingTests`).
@Suite struct GA4JourneyTests {
  /// Every value of the journey breaks none of GA4's rules after the naming, but the one search pasted
  /// from a review, whose query GA4 drops (the journey's repaired event); what GA4 does not have is
  /// refused by design (a rule ending in `-unsupported`), which is not a violation. A registered super
  /// property is checked as the pipeline checks it, as an event's properties; a timer is never checked.
  @Test func everyEventOfTheJourneyIsValidForGA4InSnakeCase() {
    let received = Received<AnalyticsData>()
    Journey.play(into: shopTracker(vendors: received.tracker), log: LogSink { _ in })
    let pasted = received.all.filter { $0.description.contains(Journey.pastedQuery) }
    #expect(pasted.count == 1)
    for data in pasted {
      #expect(googleAnalyticsIssues(for: GoogleAnalyticsNaming.snakeCase.adapted(data)).map(\.rule) == ["param-value-length"])
    }
    for data in received.all + [loadTestAnalytics(0)] where !pasted.contains(data) {
      let checked: AnalyticsData
      switch GoogleAnalyticsNaming.snakeCase.adapted(data) {
      case let .superProperties(operation): checked = .event(name: "super_properties", properties: operation.properties)
      case .timeEvent: continue
      case let adapted: checked = adapted
      }
      #expect(googleAnalyticsIssues(for: checked).filter { !Refusals.isByDesign($0.rule) }.isEmpty, "\(data)")
    }
  }

  /// The shop's GA4 link is the module's tracker, configured with the naming: no adapter of its own.
  @Test func theShopConfiguresTheModulesNaming() {
    let lines = Lines()
    withIsolatedEnvironments {
      VendorLink.googleAnalytics.printOffline(lines.sink, "", { Date(timeIntervalSince1970: 0) })
      VendorLink.googleAnalytics.tracker(.event(name: "Coupon Applied", properties: ["Is Valid": true]))
    }
    #expect(lines.all == [#"event coupon_applied {"is_valid": 1}"#])
  }
}
