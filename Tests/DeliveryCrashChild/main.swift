// The child process of the crash test: enqueues numbered events as fast as it can and prints each
// number after `enqueue` returned, so the parent knows which ones were acknowledged before it sends
// SIGKILL. Usage: DeliveryCrashChild <directory> <collector base URL>
import Foundation
import TrackersDelivery

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

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[2]) else {
  FileHandle.standardError.write(Data("usage: DeliveryCrashChild <directory> <url>\n".utf8))
  exit(2)
}
let queue = try DeliveryQueue(
  destination: CrashTestDestination(url: url),
  configuration: DeliveryConfiguration(directory: URL(fileURLWithPath: arguments[1])),
  onReport: { _ in }
)
var sequence = 0
while true {
  try queue.enqueue(Array("{\"seq\":\(sequence)}".utf8))
  // Unbuffered: a number is visible to the parent only after its enqueue returned.
  FileHandle.standardOutput.write(Data("\(sequence)\n".utf8))
  sequence += 1
  if sequence % 100 == 0 { usleep(1000) }
}
