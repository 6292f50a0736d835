import Dispatch
import Foundation
import ShopApp
import Trackers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `shop-server`'s entry point: parses the command line, serves until SIGTERM or SIGINT, drains, prints
/// the summary lines. Its `main.swift` is one call to ``run(_:output:errors:)``.
public enum ShopServerCommand {
  /// Runs `shop-server` with `arguments` (without the program name) and returns the exit status: 0 after
  /// a shutdown (the summary lines say what was delivered and what was not), 1 if it could not start, 2
  /// for a command line it cannot run.
  public static func run(
    _ arguments: [String], output: LogSink = .standardOutput, errors: LogSink = .standardError
  ) async -> Int32 {
    let options: ServerOptions
    do {
      switch try ServerOptions.parse(arguments) {
      case .help:
        output.write(ServerOptions.help)
        return 0
      case let .run(parsed):
        options = parsed
      }
    } catch {
      errors.write("shop-server: \(error)")
      return 2
    }
    // A client that hangs up while its answer is written must not end the process.
    signal(SIGPIPE, SIG_IGN)
    let stop = TerminationSignals()
    let backend: ShopBackend
    do {
      backend = try ShopBackend.start(options, output: output, errors: errors)
    } catch {
      errors.write("shop-server: could not start: \(error)")
      return 1
    }
    let vendors = options.shop.vendors.map(\.rawValue).joined(separator: ",")
    output.write(
      "shop-server: listening on http://\(options.address):\(backend.port) (vendors \(vendors), endpoint "
        + "\(options.shop.endpoint?.absoluteString ?? "")); SIGTERM or SIGINT stops it")
    let name = await stop.next()
    output.write("shop-server: \(name): stopping, draining within \(options.drainSeconds) s")
    await backend.shutdown()
    return 0
  }
}

/// SIGTERM and SIGINT, taken from their default action (ending the process) and delivered as an await.
/// Not `Sendable`: the dispatch sources it keeps alive stay with the task that waits.
final class TerminationSignals {
  private let sources: [any DispatchSourceSignal]
  private let waiting = Locked<(received: String?, continuation: CheckedContinuation<String, Never>?)>((nil, nil))

  init() {
    var sources: [any DispatchSourceSignal] = []
    for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [waiting] in
        let continuation = waiting.withLock { state in
          if state.received == nil { state.received = name }
          return state.continuation.take()
        }
        continuation?.resume(returning: name)
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  /// The first signal's name, once it came.
  func next() async -> String {
    await withCheckedContinuation { continuation in
      let received = waiting.withLock { state in
        if state.received == nil { state.continuation = continuation }
        return state.received
      }
      if let received { continuation.resume(returning: received) }
    }
  }
}
