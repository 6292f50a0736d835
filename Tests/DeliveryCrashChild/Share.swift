// The `--share` mode of the child: one of several processes on one queue directory, driven line by line
// from its standard input so the parent decides the order of every step.
//
// Usage: DeliveryCrashChild <directory> <url> --share <first seq> <count> <handover ms> <close timeout ms>
// Says `ready sender` or `ready writer` once its queue is open, then answers each command with one line:
// `go` enqueues `{"seq":n}` for the next `count` numbers from `first` (`go <n>`: the next n) (`done`), `flush`
// (`flushed <role> enqueued=… adopted=… …`), `relinquish` and `reclaim` (the role after), `close`
// (`closed <role> …`, then exits).
import Dispatch
import Foundation
import TrackersDelivery

/// Writes one line with one `write(2)`, unbuffered.
private func reply(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Runs `operation` on the cooperative pool and waits for it here, on the main thread that reads the
/// commands.
private func waitFor(_ operation: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task {
    await operation()
    done.signal()
  }
  done.wait()
}

private func describe(_ role: DeliveryQueue.Role) -> String {
  switch role {
  case .sender: "sender"
  case .writer: "writer"
  case .relinquished: "relinquished"
  }
}

func runShareMode(directory: URL, url: URL, options: ArraySlice<String>) -> Never {
  let numbers = options.compactMap { Int($0) }
  guard numbers.count == 4 else {
    FileHandle.standardError.write(Data("--share needs <first seq> <count> <handover ms> <close timeout ms>\n".utf8))
    exit(2)
  }
  let (first, count, handoverMs, closeTimeoutMs) = (numbers[0], numbers[1], numbers[2], numbers[3])
  // Room for every event: a cap that dropped some would make "nothing lost" untestable.
  var configuration = DeliveryConfiguration(
    directory: directory, maxPendingBytes: 1 << 30, overflowPolicy: .refuseNew, closeTimeout: .milliseconds(closeTimeoutMs))
  configuration.handoverInterval = .milliseconds(handoverMs)
  let queue: DeliveryQueue
  do {
    queue = try DeliveryQueue(
      destination: CrashTestDestination(url: url), configuration: configuration,
      onReport: { report in FileHandle.standardError.write(Data("\(report)\n".utf8)) })
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
  func summary() -> String {
    let c = queue.counters
    return "\(describe(queue.role)) enqueued=\(c.enqueued) recovered=\(c.recovered) adopted=\(c.adopted) "
      + "handedOver=\(c.handedOver) delivered=\(c.delivered) pending=\(c.pendingEvents)"
  }
  reply("ready " + describe(queue.role))
  var next = first
  while let command = readLine() {
    let words = command.split(separator: " ")
    switch words.first ?? "" {
    case "go":
      // `go` enqueues `count` events, `go <n>` n of them.
      let batch = words.count > 1 ? Int(words[1]) ?? count : count
      defer { next += batch }
      for seq in next..<next + batch {
        do {
          try queue.enqueue(Array("{\"seq\":\(seq)}".utf8))
        } catch {
          reply("failed \(seq): \(error)")
          exit(1)
        }
      }
      reply("done")
    case "flush":
      waitFor { await queue.flush() }
      reply("flushed " + summary())
    case "relinquish":
      waitFor { await queue.relinquishDirectory() }
      reply("relinquished " + summary())
    case "reclaim":
      queue.reclaimDirectory()
      reply("reclaimed " + summary())
    case "close":
      waitFor { await queue.close() }
      reply("closed " + summary())
      exit(0)
    default:
      reply("unknown command \(command)")
    }
  }
  exit(0)
}
