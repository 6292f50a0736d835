import Foundation
import Testing
import Trackers

/// Issue 38, item 2: `.reset`, the vendors' `reset()`, is a case of its own with no data.
@Suite struct ResetVocabularyTests {
  @Test func aResetHasNoNameNoPropertiesAndTakesNone() {
    let reset = AnalyticsData.reset
    #expect(reset.description == "reset")
    #expect(reset.name == nil)
    #expect(reset.properties.isEmpty)
    #expect(reset.adding(["theme": "dark"]) == .reset)
    #expect(reset != .userId(nil))
  }

  @Test func theRedactorLeavesAResetAsItIs() {
    #expect(Redactor.default.redact(.reset) == .reset)
  }

  @Test func enrichingPassesAResetUnchangedWithoutCallingTheClosure() {
    let sent = LockIsolated<[AnalyticsData]>([])
    let tracker: Tracker<AnalyticsData> = enriching({ data in sent.withLock { $0.append(data) } }) {
      Issue.record("the closure ran for a reset")
      return ["extra": .string("x")]
    }
    tracker(.reset)
    #expect(sent.current == [.reset])
  }
}
