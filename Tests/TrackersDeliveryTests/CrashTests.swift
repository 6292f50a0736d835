import Foundation
import Testing
@testable import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

// One at a time: each test runs a child tracking at full speed, and two at once would starve the rest of
// the parallel run on a 2-core machine.
@Suite(.serialized) struct CrashTests {
  /// Each with every way of writing a segment: Linux's mapping and Apple's one `write(2)` per record.
  @Test(arguments: SegmentWriteMode.allCases)
  func everyAcknowledgedEventSurvivesSIGKILL(writeMode: SegmentWriteMode) async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    for round in 0..<3 {
      // Each round's child numbers its events from 0: only this round's requests can prove its events arrived.
      let earlierRequests = try await collector.requestCount()
      // Let it run until a random number of acknowledgements arrived, then kill it without warning. A count,
      // not a time, picks the moment, so a loaded machine can't make the round too short to test anything;
      // the child keeps enqueueing while we read, so the kill still lands anywhere in its work.
      let killAfter = Int.random(in: 150...1_500)
      let acknowledged = try await runChildAndKill(directory: directory, collector: collector, writeMode: writeMode) { text in
        text.lazy.filter { $0 == UInt8(ascii: "\n") }.count >= killAfter
      }
      #expect(acknowledged.count > 100, "round \(round): the child acknowledged too little to test anything")

      _ = try await expectAllArrived(
        acknowledged, directory: directory, collector: collector, earlierRequests: earlierRequests, round: "round \(round)")
      try await collector.script([])
      _ = try await collector.requests()
    }
  }

  /// The round that kills during sustained tracking at full speed: the child enqueues in a tight loop and
  /// reports only every 256th number, so the kill lands in the middle of its appends, often mid-record.
  @Test(arguments: SegmentWriteMode.allCases)
  func everyAcknowledgedEventSurvivesSIGKILLDuringABurst(writeMode: SegmentWriteMode) async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let earlierRequests = try await collector.requestCount()
    // As in the other rounds, a random count, not a time, picks the moment. Up to 100,000: the round runs
    // once per write mode.
    let killAfter = Int.random(in: 20_000...100_000)
    let reports = try await runChildAndKill(
      directory: directory, collector: collector, arguments: ["--burst"], writeMode: writeMode
    ) { text in
      (Self.lastCompleteNumber(text) ?? -1) >= killAfter
    }
    // Every number up to the last one reported was acknowledged.
    let lastAcknowledged = reports.last ?? -1
    #expect(lastAcknowledged >= killAfter, "the child stopped at \(lastAcknowledged) before the kill at \(killAfter)")

    let counters = try await expectAllArrived(
      0..<(lastAcknowledged + 1), directory: directory, collector: collector, earlierRequests: earlierRequests,
      round: "burst killed after \(lastAcknowledged)")
    // A kill can tear the one record being appended, and nothing else.
    let damage = "\(counters.dropped(.corrupt)) damaged regions (\(counters.corruptBytes) bytes)"
    #expect(
      counters.dropped(.corrupt) <= 1, "burst killed after \(lastAcknowledged): \(damage), only the torn tail may be")
  }

  /// Runs the crash-test child on `directory` until its output so far satisfies `killWhen`, kills it
  /// without warning, and returns the numbers of the complete lines it wrote: the acknowledged events.
  private func runChildAndKill(
    directory: URL, collector: Collector, arguments extraArguments: [String] = [], writeMode: SegmentWriteMode,
    killWhen enough: @escaping @Sendable (Data) -> Bool
  ) async throws -> [Int] {
    let childURL = try crashChildExecutable()
    let arguments = [directory.path, collector.url().absoluteString] + extraArguments
    // Reading the child's pipe and waiting for it block: keep that off the cooperative threads.
    let text = try await offThePool { () throws -> Data in
      let child = Process()
      child.executableURL = childURL
      child.arguments = arguments
      child.environment = ProcessInfo.processInfo.environment.merging([writeModeVariable: "\(writeMode)"]) { $1 }
      let output = Pipe()
      child.standardOutput = output
      child.standardError = FileHandle.nullDevice
      try child.run()
      var text = Data()
      while !enough(text) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }  // the child exited on its own: the caller's checks report it
        text.append(chunk)
      }
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
      try? output.fileHandleForWriting.close()
      text.append(output.fileHandleForReading.readDataToEndOfFile())
      return text
    }
    return Self.completeLines(text)
  }

  /// The number on the last complete line of `text`, found from its end: the kill check runs on every chunk
  /// the child writes, and parsing the whole output each time grew with the square of its length.
  private static func lastCompleteNumber(_ text: Data) -> Int? {
    guard let end = text.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
    let start = text[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.startIndex
    return Int(String(decoding: text[start..<end], as: UTF8.self))
  }

  /// The numbers on the complete lines of `text`: the last line may be cut mid-number by the kill.
  private static func completeLines(_ text: Data) -> [Int] {
    let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
    return lines.dropLast(text.last == UInt8(ascii: "\n") ? 0 : 1).compactMap { Int($0) }
  }

  /// Opens a queue on the killed child's `directory`, sends everything it left, and expects every
  /// `acknowledged` event among what arrived: the child's own requests to `collector` after the first
  /// `earlierRequests`, and the drain's, which go to a scripted transport (the kill is the point there, not
  /// the socket). Duplicates are fine, losses are not. Returns the draining queue's counters.
  private func expectAllArrived(
    _ acknowledged: some Sequence<Int>, directory: URL, collector: Collector, earlierRequests: Int, round: String
  ) async throws -> DeliveryCounters {
    let transport = ScriptedTransport()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 500), configuration: testConfiguration(directory),
      transport: transport)
    // Close sends everything pending before it returns: no polling. The bound only ends a broken run.
    await queue.close(timeout: .seconds(120))
    let counters = queue.counters
    #expect(counters.pendingEvents == 0, "\(round): \(counters)")
    let received = Set(try await collector.receivedSeqs(after: earlierRequests))
      .union(transport.records.map(\.event.seq))
    let missing = acknowledged.filter { !received.contains($0) }
    #expect(missing.isEmpty, "\(round): \(missing.count) acknowledged events lost, first \(missing.prefix(5))")
    return counters
  }
}
