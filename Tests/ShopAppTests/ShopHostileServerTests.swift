import Foundation
import Testing
import Trackers
import TrackersDeliveryTesting
import VendorTestSupport

/// The shop against misbehaving servers (issue 20, "tried through the example"): it exits normally, never
/// sends its keys to a host it was not configured with, and counts every event. The redirect goes through
/// the built binary and a real socket (following it is `URLSession`'s doing); the server's answer alone
/// is scripted in process.
@Suite struct ShopHostileServerTests {
  /// `Retry-After: 1e16` trapped the process (a trap here would end the test process), and the batch is
  /// sent again at every launch. Each launch's queue is on virtual time: its close ends at its deadline,
  /// the capped delay (an hour) being longer than what is left, without waiting on the wall clock; the
  /// shop's own patience for a flush without progress (`flushStall`, wall time) is none.
  @Test func aHugeRetryAfterCrashesNoLaunch() async throws {
    let transport = ScriptedTransport(answering: .status(429, headers: ["Retry-After": "1e16"]))
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let first = await ShopProcess.inProcess(
      ["--vendor", "mixpanel", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--events", "20"],
      transport: transport, flushStall: .zero, queueClock: VirtualQueueClock())
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.count("tracked") == 20 && first.count("pending") == 20 && first.count("dropped") == 0)
    let next = await ShopProcess.inProcess(
      ["--vendor", "mixpanel", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--drain"],
      transport: transport, flushStall: .zero, queueClock: VirtualQueueClock())
    #expect(next.status == 0, "\(next.errors)")
    #expect(next.count("pending") == 20 && next.count("dropped") == 0)
    #expect(transport.requests.count == 2)  // one per launch: each waits the capped delay
  }

  /// A redirect to another host used to take Segment's and Mixpanel's `Authorization` header there, and
  /// its final 200 counted the batch as delivered. "Elsewhere" is the same collector under another host
  /// name: a request that followed the redirect would be recorded at its path.
  @Test(arguments: ["mixpanel", "segment"])
  func aRedirectElsewhereGetsNoKeyAndDeliversNothing(vendor: String) async throws {
    let configured = try await Collector()
    defer { configured.stop() }
    let elsewhere = try #require(URL(string: "http://localhost:\(configured.port)/elsewhere"))
    try await configured.setDefault(.redirect(to: elsewhere, status: 307))
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = try await ShopProcess.run([
      "--vendor", vendor, "--endpoint", configured.baseURL.absoluteString, "--storage", storage.path, "--events", "20",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.count("tracked") == 20 && run.count("delivered") == 0)
    #expect(run.count("pending") + run.count("dropped") == 20)
    let requests = try await configured.requests()
    #expect(!requests.isEmpty)
    #expect(requests.allSatisfy { $0.header("Authorization") != nil })
    #expect(!requests.contains { $0.path == "/elsewhere" })
  }
}
