import Dispatch
import Testing
import Trackers

private struct Environment: Sendable, Equatable {
  var name: String
}

// Each test uses its own CurrentEnvironment, so tests that touch the process-wide value can't disturb
// one another when they run in parallel.
@Suite struct CurrentEnvironmentTests {
  @Test func outsideAnyScopeThereIsOneProcessWideValue() async {
    let current = CurrentEnvironment(Environment(name: "initial"))
    #expect(current.value.name == "initial")
    current.value.name = "live"
    #expect(current.value.name == "live")
    // Another thread, with no task-locals at all, sees the same value.
    let seenElsewhere = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: current.value.name) }
    }
    #expect(seenElsewhere == "live")
  }

  @Test func aScopeStartsFromTheInitialValueAndKeepsItsWritesToItself() {
    let current = CurrentEnvironment(Environment(name: "initial"))
    current.value.name = "process-wide"
    withIsolatedEnvironments {
      #expect(current.value.name == "initial")
      current.value.name = "scoped"
      #expect(current.value.name == "scoped")
    }
    #expect(current.value.name == "process-wide")
  }

  @Test func hundredParallelTasksEachSeeOnlyTheirOwnValue() async {
    let current = CurrentEnvironment(Environment(name: "initial"))
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 0..<100 {
        group.addTask {
          await withIsolatedEnvironments {
            current.value.name = "task \(index)"
            var mismatches = 0
            for _ in 0..<50 {
              await Task.yield()
              if current.value.name != "task \(index)" { mismatches += 1 }
            }
            return mismatches
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    #expect(current.value.name == "initial")
  }

  @Test func nestedScopesInheritAndDoNotLeakOut() {
    let current = CurrentEnvironment(Environment(name: "initial"))
    withIsolatedEnvironments {
      current.value.name = "outer"
      withIsolatedEnvironments {
        #expect(current.value.name == "outer")
        current.value.name = "inner"
        #expect(current.value.name == "inner")
      }
      #expect(current.value.name == "outer")
    }
  }

  @Test func childTasksReadAndWriteTheirParentsScope() async {
    let current = CurrentEnvironment(Environment(name: "initial"))
    await withIsolatedEnvironments {
      current.value.name = "parent"
      async let childRead = current.value.name
      #expect(await childRead == "parent")
      let unstructured = await Task { current.value.name }.value
      #expect(unstructured == "parent")
      await withTaskGroup(of: Void.self) { group in
        group.addTask { current.value.name = "child" }
      }
      #expect(current.value.name == "child")
    }
  }

  @Test func detachedTasksSeeTheProcessWideValue() async {
    let current = CurrentEnvironment(Environment(name: "initial"))
    current.value.name = "process-wide"
    await withIsolatedEnvironments {
      current.value.name = "scoped"
      let detached = await Task.detached { current.value.name }.value
      #expect(detached == "process-wide")
    }
  }

  @Test func modifyChangesTheValueInOneStep() async {
    let current = CurrentEnvironment(Environment(name: ""))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<200 {
        group.addTask { current.modify { $0.name += "x" } }
      }
    }
    #expect(current.value.name.count == 200)
    withIsolatedEnvironments {
      current.modify { $0.name = "scoped" }
      #expect(current.value.name == "scoped")
      #expect(isInIsolatedEnvironments)
    }
    #expect(!isInIsolatedEnvironments)
  }
}
