import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDeliveryTesting
import VendorTestSupport

/// The `shop` executable's journey over real HTTP to the loopback collector; its load mode, drain and
/// pending cap in process, over a scripted transport (what they prove is in the counts and the bodies, not
/// the socket).
@Suite struct ShopEndToEndTests {
  /// The `seq` of every event the transport received (GA4 bodies: `{"events": [{"params": {"seq": n}}]}`).
  func receivedSequenceNumbers(_ transport: ScriptedTransport) throws -> [Int] {
    var numbers: [Int] = []
    for request in transport.requests {
      for event in try request.json()["events"]?.arrayValue ?? [] {
        if let seq = event["params"]?["seq"]?.intValue { numbers.append(seq) }
      }
    }
    return numbers
  }

  @Test func loadModeDeliversEveryEventOnceAndReportsProgressAndTheSummary() async throws {
    let transport = ScriptedTransport.vendorSuccess()
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = await ShopProcess.inProcess(
      ["--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--events", "2500"],
      transport: transport)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.filter { $0.hasPrefix("tracked ") } == ["tracked 1000", "tracked 2000"])
    #expect(run.output.filter { $0.hasPrefix("summary ") }.count == 1)
    #expect(run.summary["vendor"] == "ga4")
    #expect(run.count("tracked") == 2500)
    #expect(run.count("delivered") == 2500)
    #expect(run.count("dropped") == 0)
    #expect(run.count("pending") == 0)
    #expect(run.summary["track_ns_per_event"].flatMap { Double($0) }.map { $0 > 0 } == true)
    #expect(try receivedSequenceNumbers(transport).sorted() == Array(0..<2500))
    #expect(Set(transport.requests.map(\.path)) == ["/mp/collect"])
  }

  /// The summary counts what the run's own environments did: events that another environment of the same
  /// module rejected as invalid, or dropped before it was configured, elsewhere in the process (another
  /// test's) are not the run's drops.
  @Test func theSummaryCountsWhatItsOwnRunDidNotTheProcess() async throws {
    let issues = collectingIssues {
      withIsolatedEnvironments {
        // GA4's Current starts not configured: both are counted by the module, process-wide.
        googleAnalyticsTracker(.event(name: "not a GA4 name!"))
        googleAnalyticsTracker("not_configured")
      }
    }
    #expect(issues.contains { $0.contains("not a GA4 name!") }, "\(issues)")
    let module = GoogleAnalyticsEvent.vendorModule.counters
    #expect(module.invalid > 0 && module.notConfigured > 0, "\(module)")
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = await ShopProcess.inProcess(
      ["--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--events", "10"],
      transport: .vendorSuccess())
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.count("tracked") == 10 && run.count("delivered") == 10 && run.count("dropped") == 0)
  }

  @Test func everyVendorDeliversTheJourneyToTheEndpoint() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = try await ShopProcess.run(["--endpoint", collector.baseURL.absoluteString, "--storage", storage.path])
    #expect(run.status == 0, "\(run.errors)")
    let summaries = run.output.filter { $0.hasPrefix("summary ") }
    #expect(summaries.map { $0.split(separator: " ")[1] } == [
      "vendor=ga4", "vendor=mixpanel", "vendor=amplitude", "vendor=segment", "vendor=posthog",
    ])
    for line in summaries {
      #expect(line.contains(" dropped=0 ") && line.contains(" pending=0 ") && !line.contains(" delivered=0 "), "\(line)")
    }
    let paths = Set(try await collector.requests().map(\.path))
    #expect(paths.count >= 5, "\(paths)")
  }

  @Test func eventsTrackedWhileTheEndpointIsDownStayPendingThenDrainDeliversThem() async throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    // Every connection drops: nothing can be delivered, however long the final flush tries.
    let down = await ShopProcess.inProcess(
      ["--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--events", "1200"],
      transport: .down(), flushStall: .zero)
    #expect(down.status == 0, "\(down.errors)")
    #expect(down.count("tracked") == 1200)
    #expect(down.count("delivered") == 0)
    #expect(down.count("dropped") == 0)
    #expect(down.count("pending") == 1200)

    let transport = ScriptedTransport.vendorSuccess()
    let drained = await ShopProcess.inProcess(
      ["--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--drain"], transport: transport)
    #expect(drained.status == 0, "\(drained.errors)")
    #expect(drained.count("tracked") == 0)
    #expect(drained.count("delivered") == 1200)
    #expect(drained.count("pending") == 0)
    #expect(try receivedSequenceNumbers(transport).sorted() == Array(0..<1200))
  }

  @Test func aSmallPendingCapDropsTheOldestExactlyAndExitsNonZero() async throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let down = await ShopProcess.inProcess(
      [
        "--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--max-pending-mb", "1",
        "--events", "20000",
      ],
      transport: .down(), flushStall: .zero)
    #expect(down.status == 1)
    let dropped = down.count("dropped")
    let pending = down.count("pending")
    #expect(dropped > 0)
    #expect(dropped + pending == 20000)

    // What is left is exactly the newest `pending` events: the oldest were dropped, and counted.
    let transport = ScriptedTransport.vendorSuccess()
    let drained = await ShopProcess.inProcess(
      ["--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path, "--drain"], transport: transport)
    #expect(drained.count("delivered") == pending)
    #expect(try receivedSequenceNumbers(transport).sorted() == Array(dropped..<20000))
  }
}
