import Foundation
import ShopApp
import Trackers

/// `trackers-bench --count-track <vendor|write2> <events>`: the loop `Benchmarks/instruction-count` runs
/// under callgrind, which counts the instructions inside ``countedTrack(_:_:)`` (or ``countedWrite(_:_:)``)
/// only. It goes live as `--profile-track` does (endpoint down, no redaction, a cap no run reaches), tracks
/// `events` events, one call each, and exits. It never awaits: the first suspension of the top-level code
/// parks the main thread in libdispatch's `_dispatch_sig_thread`, whose `sigsuspend` on a read-only mask
/// kills valgrind 3.19. `write2` instead writes `events` 240-byte records with one `write(2)` each, issue
/// 13's floor. The script grafts this file and its one line in `main.swift` onto older revisions.
enum InstructionCount {
  static let flag = "--count-track"

  /// Runs the mode for `arguments` (what follows the flag) and exits: 0, or 2 for a bad argument or a
  /// report other than the queue's (an event refused or invalid would make the count meaningless).
  static func main(_ arguments: [String]) -> Never {
    guard arguments.count == 2, let events = Int(arguments[1]), events >= 0 else {
      FileHandle.standardError.write(Data("usage: trackers-bench \(flag) <vendor|write2> <events>\n".utf8))
      exit(2)
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackers-bench-count-\(UUID().uuidString)")
    func finish(_ passed: Bool) -> Never {
      try? FileManager.default.removeItem(at: directory)
      exit(passed ? 0 : 2)
    }
    if arguments[0] == "write2" {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let fd = open(directory.appendingPathComponent("write2.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      let record = [UInt8](repeating: UInt8(ascii: "x"), count: 239) + [10]
      let start = ContinuousClock.now
      let written = record.withUnsafeBytes { bytes in (0..<events).reduce(0) { sum, _ in sum + countedWrite(fd, bytes) } }
      let nanoseconds = (ContinuousClock.now - start).nanoseconds
      close(fd)
      print("count-track write2: \(events) writes, \(written) bytes, \(perEvent(nanoseconds, events)) ns/event")
      finish(written == events * record.count)
    }
    guard let vendor = Vendor(rawValue: arguments[0]) else {
      FileHandle.standardError.write(Data("unknown vendor \(arguments[0]): \(Vendor.allCases.map(\.rawValue)) or write2\n".utf8))
      exit(2)
    }
    let reports = Reports()
    let link = VendorLink.forVendor(vendor)
    var settings = VendorLink.LiveSettings(
      endpoint: URL(string: "http://127.0.0.1:9")!, storage: directory, maxPendingBytes: 1 << 30,
      onReport: { report in
        if case .delivery = report.kind {} else { reports.add(report.description) }
      })
    settings.redactor = nil
    do { try link.goLive(settings) } catch {
      FileHandle.standardError.write(Data("goLive: \(error)\n".utf8))
      finish(false)
    }
    let track = TrackBenchmark.moduleTracker(link)
    // Seven-digit sequence numbers: every event encodes to the same length.
    let start = ContinuousClock.now
    for seq in 1_000_000..<(1_000_000 + events) {
      countedTrack(track, TrackBenchmark.event(seq))
    }
    let nanoseconds = (ContinuousClock.now - start).nanoseconds
    print("count-track \(vendor): \(events) events, \(reports.count) reports, \(perEvent(nanoseconds, events)) ns/event"
      + (reports.first.map { "; the first: \($0)" } ?? ""))
    finish(reports.count == 0)
  }

  /// Nanoseconds per event, rounded (the loop's wall time: the script's native runs, not callgrind's).
  static func perEvent(_ nanoseconds: Double, _ events: Int) -> Int {
    events == 0 ? 0 : Int((nanoseconds / Double(events)).rounded())
  }

  /// One `track` call: the instructions counted per event.
  @inline(never) static func countedTrack(_ track: Tracker<AnalyticsData>, _ event: AnalyticsData) {
    track(event)
  }

  /// One `write(2)` of `record` to `fd`: the instructions counted per write (the user-space part only).
  @inline(never) static func countedWrite(_ fd: Int32, _ record: UnsafeRawBufferPointer) -> Int {
    write(fd, record.baseAddress, record.count)
  }

  /// The module's reports other than the queue's, counted from any thread.
  final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var counted = 0
    private var firstReport: String?
    func add(_ report: String) {
      lock.withLock {
        counted += 1
        if firstReport == nil { firstReport = report }
      }
    }
    var count: Int { lock.withLock { counted } }
    var first: String? { lock.withLock { firstReport } }
  }
}
