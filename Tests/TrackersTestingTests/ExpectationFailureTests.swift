import Testing
import Trackers
import TrackersTesting

/// The failure path of every expectation, with the exact message a user reads.
@Suite(.isolatedEnvironments)
struct ExpectationFailureTests {
  @Test func outOfOrderEventsShowOnBothSidesOfTheDiff() {
    let recorder = TrackerRecorder<String>()
    for name in ["app_launch", "logout", "signup"] { recorder.tracker(name) }
    expectIssues(
      [
        """
        Received events differ from the expected events: 1 out of order.
        (− expected but not received, + received but not expected)
              "app_launch"
            − "signup"  (out of order)
              "logout"
            + "signup"  (out of order)
        To fix this, make the code under test send exactly the expected events in this order, or update \
        the expectation if the new events are intended.
        """,
      ],
      atLine: #line + 2
    ) {
      recorder.expect("app_launch", "signup", "logout")
    }
    // The failed expectation consumed everything, so one mistake fails one expectation.
    #expect(recorder.unconsumedEvents.isEmpty)
  }

  @Test func missingAndExtraEventsShowWhereTheyWereExpectedAndWhereTheyArrived() {
    let recorder = TrackerRecorder<String>()
    for name in ["app_launch", "checkout", "purchase"] { recorder.tracker(name) }
    expectIssues(
      [
        """
        Received events differ from the expected events: 1 missing, 1 extra.
        (− expected but not received, + received but not expected)
              "app_launch"
            − "signup"
              "checkout"
            + "purchase"
        To fix this, make the code under test send exactly the expected events in this order, or update \
        the expectation if the new events are intended.
        """,
      ]
    ) {
      recorder.expect("app_launch", "signup", "checkout")
    }
  }

  @Test func vocabularyEventsDifferByTheirProperties() {
    let recorder = TrackerRecorder<AnalyticsData>()
    recorder.tracker(.event(name: "Signup", properties: ["plan": "free"]))
    recorder.tracker("Logout")
    recorder.tracker("Logout")
    expectIssues(
      [
        """
        Received events differ from the expected events: 1 missing, 2 extra.
        (− expected but not received, + received but not expected)
            − event Signup {"plan": "pro"}
            + event Signup {"plan": "free"}
              event Logout
            + event Logout
        To fix this, make the code under test send exactly the expected events in this order, or update \
        the expectation if the new events are intended.
        """,
      ]
    ) {
      recorder.expect(.event(name: "Signup", properties: ["plan": "pro"]), "Logout")
    }
  }

  @Test func expectingEventsWhenNoneArrivedListsThemAllAsMissing() {
    let recorder = TrackerRecorder<String>()
    expectIssues(
      [
        """
        Received events differ from the expected events: 1 missing.
        (− expected but not received, + received but not expected)
            − "app_launch"
        To fix this, make the code under test send exactly the expected events in this order, or update \
        the expectation if the new events are intended.
        """,
      ]
    ) {
      recorder.expect("app_launch")
    }
  }

  @Test func expectNoEventsListsTheEventsThatArrived() {
    let recorder = TrackerRecorder<String>()
    recorder.tracker("app_launch")
    recorder.tracker("")
    expectIssues(
      [
        """
        Expected no events, but received 2 events:
            + "app_launch"
            + ""
        To fix this, expect these events with `recorder.expect(...)`, or stop the code under test from \
        sending them.
        """,
      ],
      atLine: #line + 2
    ) {
      recorder.expectNoEvents()
    }
    #expect(recorder.unconsumedEvents.isEmpty)
  }

  @Test func predicatesReportTheEventThatFailsAndThePredicateWithoutAnEvent() {
    let recorder = TrackerRecorder<String>()
    recorder.tracker("cart_viewed")
    recorder.tracker("checkout_started")
    expectIssues(
      [
        """
        Received events do not satisfy the expected predicates: 1 failing, 1 missing.
        (✗ received but fails its predicate, − no event received for a predicate, + received but not expected)
              "cart_viewed"
            ✗ "checkout_started"  (fails predicate 2)
            − (no event for predicate 3)
        To fix this, make the code under test send exactly the expected events in this order, or update \
        the expectation if the new events are intended.
        """,
      ],
      atLine: #line + 2
    ) {
      recorder.expect({ $0.hasPrefix("cart") }, { $0 == "checkout" }, { $0 == "purchase" })
    }
  }

  @Test func predicatesReportExtraEvents() {
    let recorder = TrackerRecorder<String>()
    recorder.tracker("purchase")
    recorder.tracker("purchase")
    expectIssues(
      [
        """
        Received events do not satisfy the expected predicates: 1 extra.
        (✗ received but fails its predicate, − no event received for a predicate, + received but not expected)
              "purchase"
            + "purchase"
        To fix this, make the code under test send exactly the expected events in this order, or update \
        the expectation if the new events are intended.
        """,
      ]
    ) {
      recorder.expect { $0 == "purchase" }
    }
  }

  @Test func aNonExhaustiveExpectationFailsOnlyOnMissingOrReorderedEvents() {
    let recorder = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
    for name in ["timing", "purchase", "screen_viewed"] { recorder.tracker(name) }
    expectIssues(
      [
        """
        Expected events did not all arrive in this order: 1 out of order.
        (− expected but not received, · received and skipped, as the recorder is non-exhaustive)
            − "screen_viewed"  (out of order)
            · "timing"
              "purchase"
            · "screen_viewed"  (out of order)
        To fix this, make the code under test send the expected events in this order, or update the \
        expectation if the new events are intended.
        """,
      ]
    ) {
      recorder.expect("screen_viewed", "purchase")
    }
  }

  @Test func aNonExhaustivePredicateExpectationNamesThePredicateNoEventSatisfied() {
    let recorder = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
    for name in ["timing", "purchase"] { recorder.tracker(name) }
    expectIssues(
      [
        """
        Expected events did not all arrive in this order: 1 missing.
        (− no event received for a predicate, · received and skipped, as the recorder is non-exhaustive)
            · "timing"
              "purchase"  (satisfies predicate 1)
            − (no event for predicate 2)
        To fix this, make the code under test send the expected events in this order, or update the \
        expectation if the new events are intended.
        """,
      ]
    ) {
      recorder.expect({ $0 == "purchase" }, { $0 == "logout" })
    }
  }
}
