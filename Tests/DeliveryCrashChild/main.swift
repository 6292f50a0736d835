// The child process of the crash test: enqueues numbered events as fast as it can and tells the parent
// which ones were acknowledged (their `enqueue` returned), so the parent knows what must survive the
// SIGKILL it sends.
//
// Usage: DeliveryCrashChild <directory> <collector base URL> [--burst]
//
// - By default it prints each number after its `enqueue` returned and sleeps 1 ms every 100 events.
// - `--burst` is sustained tracking at full speed: a tight loop with no sleeps and no per-event output.
//   After every 256 enqueues it writes one line (a single `write(2)`) with the highest number whose
//   `enqueue` returned: every number up to it was acknowledged. Its payloads are padded to 180-520 bytes
//   (a length that varies with the number), so several records share a page and their boundaries fall
//   anywhere in it, and a kill often lands in the middle of one.
import Foundation
import TrackersDelivery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

struct CrashTestDestination: DeliveryDestination {
  let url: URL
  var name: String { "CrashTest" }
  var limits: BatchLimits { BatchLimits(maxEvents: 50, maxBytes: 64 << 10, flushInterval: .milliseconds(20)) }

  func makeRequest(for batch: Batch) throws -> HTTPRequest {
    var body: [UInt8] = [UInt8(ascii: "[")]
    for (index, record) in batch.records.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body += record.payload
    }
    body.append(UInt8(ascii: "]"))
    return HTTPRequest(url: url, headers: ["Content-Type": "application/json"], body: body)
  }

  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    .standard(for: response)
  }
}

/// Writes `text` to stdout with one `write(2)`: unbuffered, and a line shorter than `PIPE_BUF` reaches the
/// parent whole.
func report(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var written = 0
    while written < bytes.count {
      let result = write(STDOUT_FILENO, bytes.baseAddress! + written, bytes.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        exit(3)  // the parent is gone
      }
      written += result
    }
  }
}

/// `{"seq":n,"pad":"xx…"}`, 180 to 520 bytes long depending on `n`.
func burstPayload(_ sequence: Int, padding: [UInt8]) -> [UInt8] {
  var payload = Array("{\"seq\":\(sequence),\"pad\":\"".utf8)
  payload.reserveCapacity(540)
  payload += padding[0..<(160 + (sequence &* 97) % 341)]
  payload += Array("\"}".utf8)
  return payload
}

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[3] == "--share", let url = URL(string: arguments[2]) {
  runShareMode(directory: URL(fileURLWithPath: arguments[1]), url: url, options: arguments.dropFirst(4))
}
let burst = arguments.count == 4 && arguments[3] == "--burst"
guard arguments.count == 3 || burst, let url = URL(string: arguments[2]) else {
  FileHandle.standardError.write(Data("usage: DeliveryCrashChild <directory> <url> [--burst]\n".utf8))
  exit(2)
}
let directory = URL(fileURLWithPath: arguments[1])
// A burst outruns the sender to a loopback collector by far; a cap that dropped the oldest events would
// lose acknowledged events by design, so the burst gets room for all of them (and refuses, loudly, past it).
var configuration =
  burst
  ? DeliveryConfiguration(directory: directory, maxPendingBytes: 1 << 30, overflowPolicy: .refuseNew)
  : DeliveryConfiguration(directory: directory)
// The parent runs each crash test with every way of writing a segment, Apple's included.
if let mode = ProcessInfo.processInfo.environment["SWIFT_TRACKERS_WRITE_MODE"] {
  guard let chosen = SegmentWriteMode.allCases.first(where: { "\($0)" == mode }) else {
    FileHandle.standardError.write(Data("unknown SWIFT_TRACKERS_WRITE_MODE \(mode)\n".utf8))
    exit(2)
  }
  configuration.writeMode = chosen
}
let queue = try DeliveryQueue(destination: CrashTestDestination(url: url), configuration: configuration, onReport: { _ in })

var sequence = 0
if burst {
  let padding = [UInt8](repeating: UInt8(ascii: "x"), count: 500)
  while true {
    try queue.enqueue(burstPayload(sequence, padding: padding))
    if sequence % 256 == 255 { report("\(sequence)\n") }
    sequence += 1
  }
} else {
  while true {
    try queue.enqueue(Array("{\"seq\":\(sequence)}".utf8))
    // Unbuffered: a number is visible to the parent only after its enqueue returned.
    FileHandle.standardOutput.write(Data("\(sequence)\n".utf8))
    sequence += 1
    if sequence % 100 == 0 { usleep(1000) }
  }
}
