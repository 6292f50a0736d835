import Testing
import Trackers
@testable import ShopApp

@Suite struct ShopAppTests {
  /// Run as its own process: the vendor modules count invalid and not-configured events per process, and
  /// other suites of this test process change those counts.
  @Test func theOfflineJourneyShowsOneLinePerVendorPerEventAndASummaryPerVendor() async throws {
    let run = try await ShopProcess.run([])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty, "\(run.errors)")
    let lines = run.output
    let mapped = lines.filter { $0.hasPrefix("  -> ") }
    // The journey's 18 events between the lifecycle's Installed and Opened, and Backgrounded.
    #expect(mapped.count == 21)
    #expect(mapped.prefix(2) == [
      #"  -> lifecycle Application Installed {"build": "142", "version": "2.1.0"}"#,
      #"  -> lifecycle Application Opened {"build": "142", "from_background": false, "version": "2.1.0"}"#,
    ])
    #expect(mapped.last == "  -> lifecycle Application Backgrounded")
    for vendor in Vendor.allCases {
      let vendorLines = lines.filter { $0.hasPrefix("      \(vendor.rawValue) ") }
      #expect(vendorLines.count == mapped.count, "\(vendor)")
    }
    let summaries = lines.filter { $0.hasPrefix("summary ") }
    #expect(summaries.count == 5)
    #expect(summaries.allSatisfy { $0.contains(" tracked=21 delivered=0 dropped=0 retried=0 pending=0 track_ns_per_event=") })
    #expect(lines.contains("      mixpanel  identify \"user-42\""))
    #expect(lines.contains(
      #"      ga4       event sign_up_completed {"email": "[redacted:email]", "method": "email", "phone": "[redacted:phone]"}"#))
  }

  @Test func oneVendorPrintsOnlyThatVendor() async throws {
    let run = try await ShopProcess.run(["--vendor", "posthog"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.output.contains { $0.hasPrefix("      ga4 ") })
    #expect(run.output.filter { $0.hasPrefix("      posthog   ") }.count == 21)
    #expect(run.output.filter { $0.hasPrefix("summary ") } == [run.output.last!])
    #expect(run.summary["vendor"] == "posthog")
    #expect(run.count("tracked") == 21)
  }

  @Test func aBadCommandLineExitsWithTwoAndSaysWhy() async {
    let errors = Lines()
    let status = await withIsolatedEnvironments { await ShopApp.run(["--events", "x"], output: Lines().sink, errors: errors.sink) }
    #expect(status == 2)
    #expect(errors.all == ["shop: \(ShopOptionsError.invalidNumber(option: "--events", value: "x", rule: "a whole number, 0 or more"))"])
  }

  @Test func helpGoesToStandardOutput() async {
    let output = Lines()
    let status = await withIsolatedEnvironments { await ShopApp.run(["--help"], output: output.sink, errors: Lines().sink) }
    #expect(status == 0)
    #expect(output.all == [ShopOptions.help])
  }

  @Test func theSummaryLineHasTheExactShape() {
    let summary = ShopSummary(
      vendor: .segment, tracked: 1000, delivered: 990, dropped: 10, retried: 3, pending: 0,
      trackNanosecondsPerEvent: 2345.678, elapsedSeconds: 1.23456
    )
    #expect(summary.line
      == "summary vendor=segment tracked=1000 delivered=990 dropped=10 retried=3 pending=0 track_ns_per_event=2345.7 elapsed_s=1.235")
  }
}
