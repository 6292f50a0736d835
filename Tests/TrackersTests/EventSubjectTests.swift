import Dispatch
import Foundation
import Testing
import Trackers

/// The task-local subject: bound by `withEventSubject` and `about`, read by the vendor modules at track time.
@Suite struct EventSubjectTests {
  let alice = EventSubject(userId: "alice", context: RequestContext(ip: "203.0.113.1", userAgent: "UA/1", locale: "fr-FR"))
  let bob = EventSubject(anonymousId: "anon-bob", timestamp: Date(timeIntervalSince1970: 1_700_000_000))

  @Test func nothingIsBoundOutsideABinding() {
    #expect(EventSubject.current == nil)
  }

  @Test func aBindingHoldsForItsOperationOnlyAndTheInnermostWins() {
    let seen = withEventSubject(alice) { () -> [EventSubject?] in
      let outer = EventSubject.current
      let inner = withEventSubject(bob) { EventSubject.current }
      return [outer, inner, EventSubject.current]
    }
    #expect(seen == [alice, bob, alice])
    #expect(EventSubject.current == nil)
  }

  @Test func theAsyncBindingHoldsAcrossAwaitsAndInChildTasks() async {
    let seen = await withEventSubject(alice) { () async -> [EventSubject?] in
      await Task.yield()
      let afterAwait = EventSubject.current
      let inChild = await Task { EventSubject.current }.value
      let inGroup = await withTaskGroup(of: EventSubject?.self) { group in
        group.addTask { EventSubject.current }
        return await group.next() ?? nil
      }
      return [afterAwait, inChild, inGroup]
    }
    #expect(seen == [alice, alice, alice])
  }

  @Test func aboutTracksEachEventUnderItsSubject() {
    let seen = EventLog<SeenUnderSubject>()
    let tracker: Tracker<String> = { event in seen.append(event, EventSubject.current) }
    let forAlice = about(alice, tracker)
    let forBob = about(bob, tracker)
    forAlice("a1")
    forBob("b1")
    tracker("none")
    withEventSubject(bob) { forAlice("a2") }  // the tracker's own subject wins over the caller's
    #expect(seen.value.map(\.event) == ["a1", "b1", "none", "a2"])
    #expect(seen.value.map(\.subject) == [alice, bob, nil, alice])
  }

  /// The queue hop leaves the task, but not the subject: each event reaches the wrapped tracker under the
  /// subject bound where it was sent.
  @Test func onSerialQueueCarriesEachEventsSubjectAcrossTheHop() {
    let seen = EventLog<SeenUnderSubject>()
    let queue = DispatchQueue(label: "EventSubjectTests")
    let send = onSerialQueue({ (event: String) in seen.append(event, EventSubject.current) }, queue)
    withEventSubject(alice) { send("a") }
    send("none")
    about(bob, send)("b")
    queue.sync {}
    #expect(seen.value.map(\.event) == ["a", "none", "b"])
    #expect(seen.value.map(\.subject) == [alice, nil, bob])
  }

  /// Many tasks, each bound to its own subject, read only their own: asserted per task, not by timing.
  @Test func concurrentTasksEachSeeTheirOwnSubject() async {
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 0..<500 {
        group.addTask {
          await withEventSubject(EventSubject(userId: "user-\(index)")) {
            await Task.yield()
            return EventSubject.current?.userId == "user-\(index)" ? 0 : 1
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}

/// An event and the subject it was seen under.
private struct SeenUnderSubject: Sendable {
  var event: String
  var subject: EventSubject?
}

extension EventLog<SeenUnderSubject> {
  fileprivate func append(_ event: String, _ subject: EventSubject?) {
    tracker(SeenUnderSubject(event: event, subject: subject))
  }
  fileprivate var value: [SeenUnderSubject] { events }
}
