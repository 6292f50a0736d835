import Foundation
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
@testable import ShopApp

extension ShopProcess {
  /// Runs the shop in this process, live over `transport` instead of a socket: what the built binary does
  /// with `arguments`, as one launch (its own `Current`s, counters and lifecycle), without a child process
  /// or a loopback server. Runs on one storage follow each other like launches of the binary.
  ///
  /// `flushStall` bounds the final flush only when nothing can be delivered (a transport that drops every
  /// connection); it decides no count.
  static func inProcess(
    _ arguments: [String], transport: ScriptedTransport, flushStall: Duration? = nil,
    queueClock: VirtualQueueClock? = nil
  ) async -> ShopProcess {
    let output = Lines()
    let errors = Lines()
    var configureDelivery: (@Sendable (inout DeliveryOptions) -> Void)?
    if let queueClock { configureDelivery = { $0.queueClock = queueClock } }
    let status = await withIsolatedEnvironments {
      await ShopApp.run(
        arguments, output: output.sink, errors: errors.sink, transport: transport,
        flushStall: flushStall ?? ShopApp.flushStall,
        configureDelivery: configureDelivery)
    }
    return ShopProcess(
      status: status,
      output: output.all.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) },
      errors: errors.all.joined(separator: "\n")
    )
  }
}

/// The endpoint the in-process runs name: the transport is scripted, so nothing connects to it.
let scriptedEndpoint = "http://127.0.0.1:9"

extension ScriptedTransport {
  /// Answers each vendor's request with the success its vendor documents (`.success`), as the loopback
  /// collector does (`Tests/Collector/collector.py`, `vendor_success`): the modules count a batch delivered
  /// only on it.
  static func vendorSuccess() -> ScriptedTransport {
    ScriptedTransport()
  }

  /// Drops every connection: the endpoint is down.
  static func down() -> ScriptedTransport {
    ScriptedTransport(answering: .dropConnection)
  }
}
