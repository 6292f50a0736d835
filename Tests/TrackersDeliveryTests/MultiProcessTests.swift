import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// Several processes on one queue directory, as an app and its extensions in an app group: real child
/// processes (`DeliveryCrashChild --share`), driven step by step over their standard input, so which
/// process does what never depends on timing.
///
/// One test at a time: most run two children tracking at full speed, and several at once would starve the
/// rest of the parallel run on a 2-core machine.
@Suite(.serialized) struct MultiProcessTests {
  /// One `DeliveryCrashChild --share` process: it opens its queue and says its role, then enqueues its
  /// events on `go`, and answers `flush`, `counters` and `close` one line each.
  final class SharingChild {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    init(directory: URL, url: URL, firstSeq: Int, count: Int, closeTimeoutMs: Int) throws {
      process.executableURL = try crashChildExecutable()
      process.arguments = [
        directory.path, url.absoluteString, "--share", String(firstSeq), String(count), "50", String(closeTimeoutMs),
      ]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    /// The next line the child writes (blocking: call it off the cooperative pool).
    func line() -> String {
      while true {
        if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffered[..<newline], as: UTF8.self)
          buffered.removeSubrange(...newline)
          return line
        }
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { return "<exited>" }
        buffered.append(chunk)
      }
    }

    func send(_ command: String) {
      input.fileHandleForWriting.write(Data((command + "\n").utf8))
    }

    /// Sends a command and returns the child's one-line answer.
    func ask(_ command: String) -> String {
      send(command)
      return line()
    }

    func waitUntilExit() {
      process.waitUntilExit()
    }
  }

  /// Two children on one directory, both open before either tracks, so one sends and the other writes
  /// for it; each has tracked its first `perChild` events, one numbering from 0, the other from 100,000.
  final class SharingPair {
    let sender: SharingChild
    let writer: SharingChild
    /// The children's first lines, sorted: `["ready sender", "ready writer"]` when they took their parts.
    let roles: [String]
    /// Where the sender's and the writer's events are numbered from.
    let senderFirstSeq: Int
    var writerFirstSeq: Int { 100_000 - senderFirstSeq }

    init(directory: URL, url: URL, perChild: Int, closeTimeoutMs: Int) throws {
      let children = [
        try SharingChild(directory: directory, url: url, firstSeq: 0, count: perChild, closeTimeoutMs: closeTimeoutMs),
        try SharingChild(directory: directory, url: url, firstSeq: 100_000, count: perChild, closeTimeoutMs: closeTimeoutMs),
      ]
      let roles = children.map { $0.line() }
      for child in children { child.send("go") }
      for child in children { _ = child.line() }  // "done": every enqueue returned
      self.roles = roles.sorted()
      sender = roles[0] == "ready sender" ? children[0] : children[1]
      writer = sender === children[0] ? children[1] : children[0]
      senderFirstSeq = sender === children[0] ? 0 : 100_000
    }
  }

  private func expectEachExactlyOnce(
    _ seqs: [Int], _ expected: Set<Int>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var seen: [Int: Int] = [:]
    for seq in seqs { seen[seq, default: 0] += 1 }
    let missing = expected.subtracting(seen.keys)
    let twice = seen.filter { $0.value > 1 }.keys.sorted()
    let strangers = Set(seen.keys).subtracting(expected)
    let (noneMissing, noneTwice, noStrangers) = (missing.isEmpty, twice.isEmpty, strangers.isEmpty)
    #expect(noneMissing, "\(missing.count) records never arrived, first \(missing.sorted().prefix(5))", sourceLocation: sourceLocation)
    #expect(noneTwice, "\(twice.count) records arrived more than once, first \(twice.prefix(5))", sourceLocation: sourceLocation)
    #expect(noStrangers, "\(strangers.count) records nobody wrote, first \(strangers.sorted().prefix(5))", sourceLocation: sourceLocation)
    #expect(seqs.count == expected.count, sourceLocation: sourceLocation)
  }

  /// Two processes track 20,000 events each into one directory at the same time, with the endpoint
  /// down; then this process drains the directory: exactly 40,000 distinct records arrive, once each.
  @Test func twoProcessesTrackIntoOneDirectoryWithTheEndpointDownThenOneDrainsAll() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let down = URL(string: "http://127.0.0.1:9/x")!
    let perChild = 20_000
    let roles = try await offThePool { () throws -> [String] in
      let pair = try SharingPair(directory: directory, url: down, perChild: perChild, closeTimeoutMs: 100)
      for child in [pair.sender, pair.writer] {
        _ = child.ask("close")
        child.waitUntilExit()
      }
      return pair.roles
    }
    #expect(roles == ["ready sender", "ready writer"])

    // The children never reached a server: this process's drain is the only sender, and a scripted one.
    let transport = ScriptedTransport()
    let drain = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 500), configuration: testConfiguration(directory),
      transport: transport)
    #expect(drain.role == .sender)
    #expect(drain.counters.recovered == 2 * perChild)
    await drain.flush()  // every answer is a 200: it returns with all of them delivered
    #expect(drain.counters.pendingEvents == 0)
    let counters = drain.counters
    await drain.close(timeout: .seconds(1))
    #expect(counters.delivered == 2 * perChild)
    expectBalanced(counters)
    let expected = Set(0..<perChild).union(100_000..<100_000 + perChild)
    expectEachExactlyOnce(transport.records.map(\.event.seq), expected)
    // The writer's directory was taken whole and removed.
    #expect(!Handover.hasWriters(in: directory.path))
  }

  /// The same with the endpoint up while both run. Step by step: the writer seals what it wrote, the
  /// sender takes it and delivers everything; the writer tracks 20,000 more, the sender closes, and the
  /// writer takes over sending. 60,000 records arrive, once each.
  @Test func twoProcessesTrackWhileOneSendsAndTheOtherTakesOverWhenItCloses() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let perChild = 20_000
    let earlier = try await collector.requestCount()
    let url = collector.url()
    let (answers, writerFirstSeq) = try await offThePool { () throws -> ([String], Int) in
      let pair = try SharingPair(directory: directory, url: url, perChild: perChild, closeTimeoutMs: 10_000)
      let (sender, writer) = (pair.sender, pair.writer)
      var answers = pair.roles
      answers.append(writer.ask("flush"))  // seals everything it wrote
      answers.append(sender.ask("flush"))  // takes all of it and sends it with its own
      answers.append(writer.ask("go"))  // 20,000 more
      answers.append(sender.ask("close"))
      sender.waitUntilExit()
      answers.append(writer.ask("flush"))  // the directory is free: it becomes the sender and sends the rest
      answers.append(writer.ask("close"))
      writer.waitUntilExit()
      return (answers, pair.writerFirstSeq)
    }
    #expect(answers[0..<2] == ["ready sender", "ready writer"])
    #expect(answers[2].hasPrefix("flushed writer enqueued=20000 "), "\(answers[2])")
    #expect(
      answers[3] == "flushed sender enqueued=20000 recovered=0 adopted=20000 handedOver=0 delivered=40000 pending=0",
      "\(answers[3])")
    #expect(answers[4] == "done")
    // How much of the second 20,000 the old sender took before it closed depends on timing; all of it is
    // delivered by one or the other.
    #expect(answers[6].hasPrefix("flushed sender enqueued=40000 "), "\(answers[6])")
    #expect(answers[6].hasSuffix(" pending=0"), "\(answers[6])")

    let senderFirstSeq = 100_000 - writerFirstSeq
    let expected = Set(senderFirstSeq..<senderFirstSeq + perChild).union(writerFirstSeq..<writerFirstSeq + 2 * perChild)
    expectEachExactlyOnce(try await collector.receivedSeqs(after: earlier), expected)
    #expect(!Handover.hasWriters(in: directory.path))
  }

  /// A writer killed with SIGKILL hands over everything it acknowledged: its lock dies with it, and the
  /// sender (this process) takes every segment it left, the one it was writing included.
  @Test func aKilledWritersEventsAreTakenByTheSender() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let earlier = try await collector.requestCount()
    let sender = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 500), configuration: testConfiguration(directory))
    #expect(sender.role == .sender)
    let perChild = 20_000
    let (role, done) = try await offThePool { () throws -> (String, String) in
      let child = try SharingChild(
        directory: directory, url: collector.url(), firstSeq: 0, count: perChild, closeTimeoutMs: 100)
      let role = child.line()
      let done = child.ask("go")
      kill(child.process.processIdentifier, SIGKILL)
      child.waitUntilExit()
      return (role, done)
    }
    #expect(role == "ready writer")
    #expect(done == "done")
    await sender.flush()
    let counters = sender.counters
    await sender.close(timeout: .seconds(1))
    #expect(counters.adopted == perChild)
    #expect(counters.delivered == perChild)
    #expect(counters.pendingEvents == 0)
    expectBalanced(counters)
    expectEachExactlyOnce(try await collector.receivedSeqs(after: earlier), Set(0..<perChild))
    #expect(!Handover.hasWriters(in: directory.path))
  }

  /// A process about to be suspended lets go of the directory (iOS kills a suspended app holding a file
  /// lock in a shared container): the other process takes over sending, including what the first left;
  /// what the first tracks meanwhile goes through the inbox; taking the directory back, it writes for
  /// the new sender. 60,500 records, once each.
  @Test func aSenderThatLetsGoOfTheDirectoryHandsEverythingOverAndTakesItBackAsAWriter() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let perChild = 20_000
    let earlier = try await collector.requestCount()
    let url = collector.url()
    let (answers, firstSeq) = try await offThePool { () throws -> ([String], (sender: Int, writer: Int)) in
      let pair = try SharingPair(directory: directory, url: url, perChild: perChild, closeTimeoutMs: 10_000)
      let (first, second) = (pair.sender, pair.writer)
      var answers = pair.roles
      answers.append(first.ask("relinquish"))  // [2] about to be suspended
      answers.append(second.ask("flush"))  // [3] the directory is free: it sends, the first one's records too
      answers.append(first.ask("go 500"))  // [4] 500 tracked while relinquished: one inbox file each
      answers.append(second.ask("flush"))  // [5] takes the inbox
      answers.append(first.ask("reclaim"))  // [6] back, as a writer for the second
      answers.append(first.ask("go"))  // [7] 20,000 more
      answers.append(first.ask("close"))  // [8] hands everything over as it exits
      first.waitUntilExit()
      answers.append(second.ask("flush"))  // [9]
      answers.append(second.ask("close"))
      second.waitUntilExit()
      return (answers, (pair.senderFirstSeq, pair.writerFirstSeq))
    }
    #expect(answers[0..<2] == ["ready sender", "ready writer"])
    #expect(answers[2].hasPrefix("relinquished relinquished enqueued=20000 "), "\(answers[2])")
    #expect(answers[3].hasPrefix("flushed sender "), "\(answers[3])")
    #expect(answers[3].hasSuffix(" pending=0"), "\(answers[3])")
    #expect(answers[4] == "done")
    #expect(answers[5].hasSuffix(" pending=0"), "\(answers[5])")
    #expect(answers[6].hasPrefix("reclaimed writer "), "\(answers[6])")
    #expect(answers[9].hasPrefix("flushed sender "), "\(answers[9])")
    #expect(answers[9].hasSuffix(" pending=0"), "\(answers[9])")
    let expected = Set(firstSeq.sender..<firstSeq.sender + 2 * perChild + 500)
      .union(firstSeq.writer..<firstSeq.writer + perChild)
    expectEachExactlyOnce(try await collector.receivedSeqs(after: earlier), expected)
    #expect(!Handover.hasWriters(in: directory.path))
  }

  /// In one process: letting go releases the lock (another open file description can take it) and keeps
  /// every record, each as an inbox file; taking the directory back sends them all, once.
  @Test func aRelinquishedQueueHoldsNoLockKeepsEveryRecordAndSendsThemOnceBack() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let earlier = try await collector.requestCount()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!, maxEvents: 500),
      configuration: testConfiguration(directory))
    for i in 0..<10 { try queue.enqueue(payload(i)) }
    await queue.relinquishDirectory()
    #expect(queue.role == .relinquished)
    #expect(try await anotherProcessCanLock(directory.path + "/lock"), "the directory's lock is still held")
    for i in 10..<15 { try queue.enqueue(payload(i)) }
    let inbox = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/" + Handover.inboxFolder)
    #expect(inbox.filter { $0.hasSuffix(".log") }.count == 5)
    await queue.flush()  // answered at once: nothing is sent without the directory
    #expect(queue.counters.requests == 0)
    #expect(queue.counters.enqueued == 15)
    #expect(queue.counters.handedOver == 15)
    #expect(queue.counters.pendingEvents == 0)
    expectBalanced(queue.counters)
    await queue.close(timeout: .milliseconds(10))

    let reopened = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 500), configuration: testConfiguration(directory))
    #expect(reopened.counters.recovered == 15)
    await reopened.flush()
    let counters = reopened.counters
    await reopened.close(timeout: .seconds(1))
    #expect(counters.delivered == 15)
    expectEachExactlyOnce(try await collector.receivedSeqs(after: earlier), Set(0..<15))
  }

  /// A consent denial while the queue has let go of the directory: the inbox records it wrote go at once,
  /// what it left in the directory goes when it takes the directory back; nothing is ever sent.
  @Test func aPurgeWhileRelinquishedDeletesTheInboxNowAndTheRestOnTheReturn() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!, maxEvents: 500),
      configuration: testConfiguration(directory))
    for i in 0..<10 { try queue.enqueue(payload(i)) }
    await queue.relinquishDirectory()
    for i in 10..<15 { try queue.enqueue(payload(i)) }
    try queue.purge()
    #expect(queue.counters.dropped(.purged) == 5)
    let inbox = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/" + Handover.inboxFolder)
    #expect(inbox.filter { $0.hasSuffix(".log") }.isEmpty)
    queue.reclaimDirectory()
    #expect(queue.role == .sender)
    #expect(queue.counters.pendingEvents == 0)
    #expect(queue.counters.dropped(.purged) == 15)
    expectBalanced(queue.counters)
    await queue.close(timeout: .milliseconds(10))
  }

  /// Letting go and taking back in one process, with nothing else around: the queue is the sender again
  /// and sends what it had and what it tracked in between.
  @Test func takingTheDirectoryBackMakesItTheSenderAgain() async throws {
    // 503 until the test says otherwise, then 200.
    let failing = LockIsolated(true)
    let transport = ScriptedTransport()
    transport.reply(.status(503), when: { _ in failing.withLock { $0 } })
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 500), configuration: testConfiguration(directory),
      transport: transport)
    for i in 0..<10 { try queue.enqueue(payload(i)) }
    await queue.relinquishDirectory()
    for i in 10..<20 { try queue.enqueue(payload(i)) }
    failing.withLock { $0 = false }
    // The rule is read under the transport's lock: every request counted from here on is answered 200.
    let answered200 = transport.requests.count
    queue.reclaimDirectory()
    #expect(queue.role == .sender)
    await queue.flush()
    await transport.waitForRequests { requests in
      Set(requests.dropFirst(answered200).flatMap(\.records).map(\.event.seq)).isSuperset(of: 0..<20)
    }
    await queue.flush()  // the last answer is applied
    #expect(queue.counters.pendingEvents == 0)
    let counters = queue.counters
    await queue.close(timeout: .seconds(1))
    expectBalanced(counters)
    let received = transport.records.map(\.event.seq)
    // A request answered 503 before the queue let go may have been sent once already: duplicates of a
    // retry are allowed, losses are not.
    #expect(Set(received) == Set(0..<20))
  }

  /// Whether another process can take the lock on `path` now: the queue's locks are the process's own
  /// (POSIX record locks), so only another process can tell whether one is held.
  private func anotherProcessCanLock(_ path: String) async throws -> Bool {
    try await offThePool { () throws -> Bool in
      let probe = Process()
      probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      probe.arguments = [
        "python3", "-c",
        "import fcntl, sys; fcntl.lockf(open(sys.argv[1], 'r+'), fcntl.LOCK_EX | fcntl.LOCK_NB)", path,
      ]
      probe.standardError = FileHandle.nullDevice
      try probe.run()
      probe.waitUntilExit()
      return probe.terminationStatus == 0
    }
  }

  /// The probe itself tells a held lock from a free one.
  @Test func theLockProbeSeesAHeldLock() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: testConfiguration(directory))
    #expect(try await !anotherProcessCanLock(directory.path + "/lock"))
    await queue.close(timeout: .milliseconds(10))
    #expect(try await anotherProcessCanLock(directory.path + "/lock"))
  }

  /// A second queue on one directory in the same process is still a mistake, and says so.
  @Test func aSecondQueueInTheSameProcessIsRefused() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let destination = TestDestination(url: URL(string: "http://127.0.0.1:9/x")!)
    let queue = try DeliveryQueue(destination: destination, configuration: testConfiguration(directory))
    #expect(queue.role == .sender)
    #expect(throws: DeliveryError.directoryInUse(directory.path)) {
      _ = try DeliveryQueue(destination: destination, configuration: testConfiguration(directory))
    }
    await queue.close(timeout: .milliseconds(10))
    let reopened = try DeliveryQueue(destination: destination, configuration: testConfiguration(directory))
    await reopened.close(timeout: .milliseconds(10))
  }
}
