import Foundation
import Testing
import Trackers
import VendorTestSupport
@testable import ShopApp

/// The load mode and the drain, over real HTTP to the loopback collector.
@Suite struct ShopEndToEndTests {
  /// The `seq` of every event the collector received, in arrival order.
  func receivedSequenceNumbers(_ collector: Collector) async throws -> [Int] {
    var numbers: [Int] = []
    for request in try await collector.requests() {
      for event in try request.json()["events"]?.arrayValue ?? [] {
        if let seq = event["params"]?["seq"]?.intValue { numbers.append(seq) }
      }
    }
    return numbers
  }

  @Test func loadModeDeliversEveryEventOnceAndReportsProgressAndTheSummary() async throws {
    let collector = try Collector.start()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let output = Lines()
    let errors = Lines()
    let status = await withIsolatedEnvironments {
      await ShopApp.run(
        ["--vendor", "ga4", "--endpoint", collector.baseURL.absoluteString, "--storage", storage.path, "--events", "2500"],
        output: output.sink, errors: errors.sink
      )
    }
    #expect(status == 0)
    #expect(errors.all.isEmpty)
    #expect(output.all.filter { $0.hasPrefix("tracked ") } == ["tracked 1000", "tracked 2000"])
    let summary = try #require(output.all.last)
    #expect(summary.hasPrefix("summary vendor=ga4 tracked=2500 delivered=2500 dropped=0 retried=0 pending=0 track_ns_per_event="))
    #expect(try await receivedSequenceNumbers(collector).sorted() == Array(0..<2500))
    let paths = Set(try await collector.requests().map(\.path))
    #expect(paths == ["/mp/collect"])
  }

  @Test func eventsTrackedWhileTheEndpointIsDownStayPendingThenDrainDeliversThem() async throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let down = Lines()
    // Nothing listens on the discard port of the loopback interface: every connection is refused.
    let offlineStatus = await withIsolatedEnvironments {
      await ShopApp.run(
        ["--vendor", "ga4", "--endpoint", "http://127.0.0.1:9", "--storage", storage.path, "--events", "1200"],
        output: down.sink, errors: Lines().sink
      )
    }
    #expect(offlineStatus == 0)
    #expect(down.all.last?.hasPrefix("summary vendor=ga4 tracked=1200 delivered=0 dropped=0 ") == true)
    #expect(down.all.last?.contains(" pending=1200 ") == true)

    let collector = try Collector.start()
    defer { collector.stop() }
    let drained = Lines()
    let drainStatus = await withIsolatedEnvironments {
      await ShopApp.run(
        ["--vendor", "ga4", "--endpoint", collector.baseURL.absoluteString, "--storage", storage.path, "--drain"],
        output: drained.sink, errors: Lines().sink
      )
    }
    #expect(drainStatus == 0)
    #expect(drained.all.last?.hasPrefix("summary vendor=ga4 tracked=0 delivered=1200 dropped=0 ") == true)
    #expect(drained.all.last?.contains(" pending=0 ") == true)
    #expect(try await receivedSequenceNumbers(collector).sorted() == Array(0..<1200))
  }

  @Test func aSmallPendingCapDropsTheOldestAndExitsNonZero() async throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let output = Lines()
    let status = await withIsolatedEnvironments {
      await ShopApp.run(
        ["--vendor", "ga4", "--endpoint", "http://127.0.0.1:9", "--storage", storage.path, "--max-pending-mb", "1",
         "--events", "30000"],
        output: output.sink, errors: Lines().sink
      )
    }
    #expect(status == 1)
    let summary = try #require(output.all.last)
    let fields = Dictionary(uniqueKeysWithValues: summary.split(separator: " ").dropFirst().map {
      let pair = $0.split(separator: "=", maxSplits: 1)
      return (String(pair[0]), String(pair[1]))
    })
    let dropped = try #require(fields["dropped"].flatMap { Int($0) })
    let pending = try #require(fields["pending"].flatMap { Int($0) })
    #expect(fields["tracked"] == "30000")
    #expect(dropped > 0)
    #expect(dropped + pending == 30000)
  }
}
