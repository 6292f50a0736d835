import Testing
import Trackers
import TrackersTesting

@Suite(.isolatedEnvironments)
struct TrackerRecorderTests {
  @Test func expectConsumesExactlyTheEventsInOrder() {
    let recorder = TrackerRecorder<String>()
    recorder.tracker("app_launch")
    recorder.tracker("app_foreground")
    recorder.expect("app_launch", "app_foreground")
    #expect(recorder.unconsumedEvents.isEmpty)
    recorder.tracker("app_background_entered")
    recorder.expect(["app_background_entered"])
    #expect(recorder.events == ["app_launch", "app_foreground", "app_background_entered"])
    recorder.expectNoEvents()
  }

  @Test func theVendorNeutralVocabularyReadsWell() {
    let recorder = TrackerRecorder<AnalyticsData>()
    recorder.tracker(.event(name: "Signup", properties: ["plan": "pro"]))
    recorder.tracker("Logout")
    recorder.expect(.event(name: "Signup", properties: ["plan": "pro"]), "Logout")
  }

  @Test func predicatesCheckEventsThatAreNotEquatable() {
    let recorder = TrackerRecorder<TimedEvent>()
    recorder.tracker(TimedEvent(name: "cart_viewed"))
    recorder.expect { $0.name == "cart_viewed" }
    recorder.tracker(TimedEvent(name: "checkout_started"))
    recorder.expect { $0.name == "checkout_started" }
    recorder.tracker(TimedEvent(name: "a"))
    recorder.tracker(TimedEvent(name: "b"))
    recorder.expect({ $0.name == "a" }, { $0.name == "b" })
  }

  @Test func skippedEventsCountAsConsumed() {
    let recorder = TrackerRecorder<String>()
    recorder.tracker("setup")
    recorder.skipUnconsumedEvents()
    recorder.tracker("under_test")
    recorder.expect("under_test")
    #expect(recorder.events == ["setup", "under_test"])
  }

  @Test func aNonExhaustiveRecorderSkipsEventsInBetweenAndLeftovers() {
    let recorder = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
    for name in ["timing", "screen_viewed", "timing", "purchase", "timing"] {
      recorder.tracker(name)
    }
    recorder.expect("screen_viewed", "purchase")
    // Consumed up to the last expected event; the trailing one may stay unconsumed.
    #expect(recorder.unconsumedEvents == ["timing"])
    recorder.tracker("logout")
    recorder.expect { $0 == "logout" }
    #expect(recorder.unconsumedEvents.isEmpty)
  }

  @Test func eventsFromManyTasksAreAllRecordedInArrivalOrder() async {
    let recorder = TrackerRecorder<Int>()
    let track = recorder.tracker
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<250 { track(task * 1_000 + index) }
        }
      }
    }
    let events = recorder.events
    #expect(events.count == 2_000)
    #expect(Set(events).count == 2_000)
    // Each task's own events keep their order.
    for task in 0..<8 {
      let own = events.filter { $0 / 1_000 == task }
      #expect(own == own.sorted())
    }
    recorder.expect(events)
  }
}

/// An event with a field the test can't know in advance, and no `Equatable` conformance.
struct TimedEvent: Sendable {
  var name: String
  var id = UInt64.random(in: 0...UInt64.max)
}
