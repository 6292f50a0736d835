import Testing
import TrackersDelivery

/// ``ModuleState``: a module's own state, changed from many threads at once without a lock of the module's.
@Suite struct ModuleStateTests {
  @Test func changesFromManyTasksAtOnceAreEachApplied() async {
    let count = ModuleState(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 { group.addTask { count.withLock { $0 += 1 } } }
    }
    #expect(count.current == 1_000)
  }

  @Test func withLockReturnsWhatItsBodyReturnsAndCurrentReplacesTheState() {
    let session = ModuleState<String?>(nil)
    let wasFirst = session.withLock { state -> Bool in
      defer { state = state ?? "session-1" }
      return state == nil
    }
    #expect(wasFirst && session.current == "session-1")
    session.current = nil
    #expect(session.current == nil)
  }
}
