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
    _ arguments: [String], transport: ScriptedTransport, flushStall: Duration? = nil
  ) async -> ShopProcess {
    let output = Lines()
    let errors = Lines()
    let status = await withIsolatedEnvironments {
      await ShopApp.run(
        arguments, output: output.sink, errors: errors.sink, transport: transport,
        flushStall: flushStall ?? ShopApp.flushStall)
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
  /// Answers each vendor's path with the success its vendor documents, as the loopback collector does
  /// (`Tests/Collector/collector.py`, `vendor_success`): the modules count a batch delivered only on it.
  static func vendorSuccess() -> ScriptedTransport {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"ok": true}"#))
    transport.reply { request in .status(200, body: vendorSuccessBody(request)) }
    return transport
  }

  /// Drops every connection: the endpoint is down.
  static func down() -> ScriptedTransport {
    ScriptedTransport(answering: .dropConnection)
  }

  private static func vendorSuccessBody(_ request: RecordedRequest) -> String {
    let json = try? request.json()
    let records = json?.arrayValue ?? json?["events"]?.arrayValue ?? json?["batch"]?.arrayValue ?? []
    switch request.rawPath {
    case "/import": return #"{"code": 200, "num_records_imported": \#(records.count), "status": "OK"}"#
    case "/engage", "/groups": return #"{"status": 1, "error": null}"#
    case "/2/httpapi", "/batch":
      return #"{"code": 200, "events_ingested": \#(records.count), "payload_size_bytes": \#(request.body.count), "#
        + #""server_upload_time": 1700000000000}"#
    case "/batch/": return #"{"status": 1}"#
    default: return #"{"ok": true}"#
    }
  }
}

extension RecordedRequest {
  /// The path as sent, with its trailing slash: PostHog's `/batch/` (`path` reads it as `/batch`).
  var rawPath: String {
    URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.path ?? path
  }
}
