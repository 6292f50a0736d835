import Trackers

/// A tracker for tests: it records every event it receives, and `expect` checks them, in order, exactly.
///
/// Swap a module's `Current.send` for the recorder's ``tracker``, run the code under test, then say which
/// events you expect. Each `expect` consumes the events it checked; with the default
/// ``Exhaustivity/exhaustive`` exhaustivity, an event that arrives but is never expected fails the test.
///
/// ```swift
/// @Suite(.isolatedEnvironments)
/// struct GoogleAnalyticsTests {
///   @Test func appLaunch() {
///     let recorder = TrackerRecorder<AnalyticsData>()
///     Current.send = recorder.tracker
///     googleAnalyticsTracker(.appLaunched)
///     recorder.expect("app_launch")
///   }
/// }
/// ```
///
/// When the received events differ from the expected ones, the test fails at the `expect` line with a diff
/// (`−` expected but not received, `+` received but not expected):
///
/// ```
/// Received events differ from the expected events: 1 missing, 1 extra.
/// (− expected but not received, + received but not expected)
///       event Signup {"plan": "pro"}
///     − "Logout"
///     + "Log out"
/// To fix this, ...
/// ```
///
/// The recorder is thread-safe: events may arrive from any task or thread, and are kept in arrival order.
/// Every `expect` method takes the caller's `#fileID`, `#filePath`, `#line` and `#column`, so it can be
/// called from a file that imports only XCTest, and fails a Swift Testing test with an `Issue` or an XCTest
/// test with `XCTFail`, at the caller's line.
public final class TrackerRecorder<Event: Sendable>: Sendable {
  /// How strictly expectations hold the test to the received events.
  package let exhaustivity: Exhaustivity

  private let log: RecorderLog<Event>
  /// Whether a test scope (the `.isolatedEnvironments` trait, ``IsolatedEnvironmentsTestCase``) checks
  /// this recorder's unconsumed events when the test ends; otherwise `deinit` does.
  private let isCheckedByTestScope: Bool

  /// Creates an empty recorder.
  ///
  /// - Parameters:
  ///   - exhaustivity: ``Exhaustivity/exhaustive`` (the default) fails the test on any event that no
  ///     expectation consumed; ``Exhaustivity/nonExhaustive`` lets other events come and go.
  ///   - fileID: The file ID where unconsumed events are reported at the end of the test: by default, the
  ///     caller's.
  ///   - filePath: The file path of that location.
  ///   - line: The line of that location: by default, the line that creates the recorder.
  ///   - column: The column of that location.
  public init(
    exhaustivity: Exhaustivity = .exhaustive,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.exhaustivity = exhaustivity
    self.log = RecorderLog(
      exhaustivity: exhaustivity,
      origin: SourceOrigin(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    if let scope = ExhaustivityScope.current {
      scope.register(log)
      isCheckedByTestScope = true
    } else {
      isCheckedByTestScope = false
    }
  }

  deinit {
    // Outside a test scope the end of the recorder's life is the best "end of the test" there is.
    if !isCheckedByTestScope {
      log.failIfEventsAreUnconsumed()
    }
  }

  /// The tracker to install: it records every event it receives.
  ///
  /// ```swift
  /// Current.send = recorder.tracker
  /// ```
  public var tracker: Tracker<Event> {
    let log = self.log
    return { event in
      log.append(event)
      // Inside a tracking-plan scope, the plan notes what the module tracked.
      if let observer = RecordedData.observer, let data = event as? AnalyticsData { observer.observe(data) }
    }
  }

  /// Every event received so far, in arrival order, consumed by an expectation or not.
  public var events: [Event] {
    log.state.withLock { $0.received }
  }

  /// The events received since the last expectation consumed events.
  public var unconsumedEvents: [Event] {
    log.state.withLock { $0.unconsumed }
  }

  /// Marks every event received so far as consumed, without checking it.
  ///
  /// For a test that sets the scene with code whose events another test covers.
  public func skipUnconsumedEvents() {
    log.state.withLock { $0.consumeAll() }
  }

  /// Fails the test if any event arrived since the last expectation, then consumes those events.
  ///
  /// ```swift
  /// googleAnalyticsTracker(.appEnteredForeground)
  /// recorder.expect("app_foreground")
  /// recorder.expectNoEvents()
  /// ```
  public func expectNoEvents(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let unconsumed = log.state.withLock { state in
      defer { state.consumeAll() }
      return state.unconsumed
    }
    guard !unconsumed.isEmpty else { return }
    fail(ExpectationMessage.unexpectedEvents(unconsumed), fileID, filePath, line, column)
  }

  /// Checks the events that arrived since the last expectation against predicates, one predicate per
  /// event, in order, then consumes them.
  ///
  /// For events that are not `Equatable`, or that carry a timestamp or an identifier the test can't know:
  ///
  /// ```swift
  /// recorder.expect { $0.name == "purchase" }
  /// recorder.expect({ $0.name == "cart_viewed" }, { $0.name == "checkout_started" })
  /// ```
  ///
  /// With ``Exhaustivity/exhaustive`` exhaustivity there must be exactly one event per predicate, each
  /// satisfying its predicate. With ``Exhaustivity/nonExhaustive``, the predicates must be satisfied by
  /// events in this order, others may come in between.
  public func expect(
    _ predicates: (Event) -> Bool...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let exhaustivity = self.exhaustivity
    let failure: String? = log.state.withLock { state in
      let unconsumed = state.unconsumed
      switch exhaustivity {
      case .exhaustive:
        state.consumeAll()
        return ExpectationMessage.predicatesMismatch(predicates, received: unconsumed)
      case .nonExhaustive:
        let match = PredicateMatch(predicates, in: unconsumed)
        guard match.isComplete else {
          state.consumeAll()
          return ExpectationMessage.predicatesNotFound(match, received: unconsumed)
        }
        state.consumedCount += match.consumedCount
        return nil
      }
    }
    if let failure {
      fail(failure, fileID, filePath, line, column)
    }
  }

  private func fail(
    _ message: String,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt
  ) {
    TestFailure.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension TrackerRecorder where Event: Equatable {
  /// Checks that exactly these events arrived since the last expectation, in this order, then consumes
  /// them.
  ///
  /// ```swift
  /// recorder.expect(.event(name: "Signup", properties: ["plan": "pro"]), "Logout")
  /// ```
  ///
  /// With ``Exhaustivity/exhaustive`` exhaustivity, a missing, extra or reordered event fails the test
  /// with a diff of the two lists, and every received event is consumed either way, so one mistake fails
  /// one expectation. With ``Exhaustivity/nonExhaustive``, these events must arrive in this order, others
  /// may come in between and are consumed up to the last expected one.
  public func expect(
    _ events: Event...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    expect(events, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks that exactly these events arrived since the last expectation, in this order, then consumes
  /// them; see ``expect(_:fileID:filePath:line:column:)-(Event...,_,_,_,_)``.
  ///
  /// ```swift
  /// recorder.expect(journey.map(googleAnalyticsEvent(for:)))
  /// ```
  public func expect(
    _ events: [Event],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let exhaustivity = self.exhaustivity
    let failure: String? = log.state.withLock { state in
      let unconsumed = state.unconsumed
      switch exhaustivity {
      case .exhaustive:
        state.consumeAll()
        guard unconsumed != events else { return nil }
        return ExpectationMessage.eventsMismatch(EventDiff(expected: events, received: unconsumed))
      case .nonExhaustive:
        let diff = EventDiff(expected: events, received: unconsumed)
        guard diff.matchedCount == events.count else {
          state.consumeAll()
          return ExpectationMessage.eventsNotFound(diff)
        }
        state.consumedCount += diff.lastMatchedReceivedIndex.map { $0 + 1 } ?? 0
        return nil
      }
    }
    if let failure {
      fail(failure, fileID, filePath, line, column)
    }
  }
}
