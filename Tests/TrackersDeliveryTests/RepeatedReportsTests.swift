import Foundation
import Testing
@testable import TrackersDelivery

@Suite struct RepeatedReportsTests {
  @Test func theFirstGoesOutThenRepeatsAreCountedAndToldOnce() {
    let reports = RepeatedReports<String>(interval: .seconds(3_600))
    #expect(reports.admit("queue full", weight: 1) == .send)
    #expect(reports.admit("queue full", weight: 2) == .fold)
    #expect(reports.admit("queue full", weight: 3) == .fold)
    #expect(reports.admit("disk full") == .send)  // another cause has its own window
    let folded = reports.drain()
    #expect(folded.count == 1)
    #expect(folded.first.map { ($0.cause, $0.reports, $0.weight) } ?? ("", 0, 0) == ("queue full", 2, 5))
    #expect(reports.drain().isEmpty)
    #expect(reports.admit("queue full") == .send)  // drained: a new run starts
  }

  @Test func afterTheIntervalTheNextReportCarriesTheSummary() {
    let reports = RepeatedReports<String>(interval: .zero)
    #expect(reports.admit("queue full") == .send)
    #expect(reports.admit("queue full") == .send)  // no interval: nothing is folded
    #expect(reports.drain().isEmpty)
  }

  @Test func sinceIsTheUTCTimeOfDay() {
    #expect(RepeatedReports<String>.since(Date(timeIntervalSince1970: 1_793_817_970.9)) == "since 18:46:10 UTC")
    #expect(RepeatedReports<String>.since(Date(timeIntervalSince1970: 0)) == "since 00:00:00 UTC")
  }

  /// Counters balance, reports: what is folded when the queue closes is told cause by cause in the order
  /// each cause's first report was folded, the same order on every run.
  @Test func drainTellsTheFoldedInTheOrderTheyWereFolded() {
    let reports = RepeatedReports<String>(interval: .seconds(3_600))
    for cause in ["a", "b", "c", "d"] { #expect(reports.admit(cause) == .send) }
    for cause in ["d", "b", "d", "a", "c", "b"] { #expect(reports.admit(cause) == .fold) }
    #expect(reports.drain().map(\.cause) == ["d", "b", "a", "c"])
    #expect(reports.drain().isEmpty)
  }
}
