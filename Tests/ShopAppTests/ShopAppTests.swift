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
    let journey = OfflineJourney(lines)
    // The journey's values between the lifecycle's Installed and Opened, and Backgrounded.
    #expect(journey.steps.count == OfflineJourney.trackedPerVendor)
    #expect(journey.steps.prefix(2).map(\.value) == [
      #"lifecycle Application Installed {"build": "142", "version": "2.1.0"}"#,
      #"lifecycle Application Opened {"build": "142", "from_background": false, "version": "2.1.0"}"#,
    ])
    #expect(journey.steps.last?.value == "lifecycle Application Backgrounded")
    // No vendor refuses anything for a broken rule.
    #expect(!lines.contains { $0.contains("REFUSED") }, "\(lines.filter { $0.contains("REFUSED") })")
    for step in journey.steps {
      if step.isKeptByThePipeline {
        // Kept by each vendor's pipeline, nothing sent: no vendor line, and the value's line says so.
        #expect(step.lines.isEmpty, "\(step.value): \(step.lines)")
        #expect(step.value.contains("nothing sent"), "\(step.value)")
      } else {
        #expect(Set(step.lines.keys) == Set(Vendor.allCases), "\(step.value): \(step.lines)")
      }
    }
    // What a vendor does not have is refused by design, each on its vendor's line: exactly these.
    #expect(journey.refusalsByDesign == OfflineJourney.expectedRefusals)
    let summaries = lines.filter { $0.hasPrefix("summary ") }
    #expect(summaries.count == 5)
    for vendor in Vendor.allCases {
      let summary = try #require(summaries.first { $0.hasPrefix("summary vendor=\(vendor) ") })
      let unsupported = OfflineJourney.expectedRefusals.filter { $0.vendor == vendor }.count
      // GA4 drops the pasted search's query, as Firebase does, and sends the search: one repaired event.
      let repaired = vendor == .ga4 ? 1 : 0
      #expect(summary.contains(
        " tracked=\(OfflineJourney.trackedPerVendor) delivered=0 unsupported=\(unsupported) repaired=\(repaired) dropped=0 retried=0 pending=0 "
          + "track_ns_per_event="), "\(summary)")
    }
    #expect(lines.contains("      mixpanel  identify \"user-42\""))
    #expect(lines.contains { $0.hasPrefix("      segment   track Signed Up ") && $0.contains(#""email": "[redacted:email]""#) })
  }

  /// The user model on every vendor's line: the theme registered at launch on every later event, the
  /// order's duration from the scripted clock (one step of 5 seconds), the first order's date by it.
  @Test func theOfflineJourneyShowsTheUserModelOnEveryVendor() async throws {
    let run = try await ShopProcess.run([])
    let journey = OfflineJourney(run.output)
    let afterTheme = journey.steps.drop { !$0.value.hasPrefix("superProperties") }.dropFirst()
    for step in afterTheme where step.value.hasPrefix("screen ") || step.value.hasPrefix("event ") {
      for vendor in [Vendor.mixpanel, .amplitude, .segment, .posthog] {
        #expect(step.lines[vendor]?.contains(#""theme": "dark""#) == true, "\(vendor): \(step.value)")
      }
    }
    let order = try #require(journey.steps.first { $0.value.hasPrefix("standard Order Completed") })
    for (vendor, line) in order.lines {
      let key = vendor == .mixpanel ? "$duration" : "duration"
      #expect(line.contains(#""\#(key)": 5.0"#), "\(vendor): \(line)")
      #expect(line.contains("order-1001"), "\(vendor): \(line)")
    }
    let firstOrder = try #require(journey.steps.first { $0.value.hasPrefix("profile set once first_order_at") })
    // Eleven steps of 5 seconds after 18:46:10: the payment's.
    #expect(firstOrder.value == "profile set once first_order_at = 2026-11-04T18:47:35.000Z")
    #expect(journey.steps.contains { $0.value == #"group company acme {"plan": "business"}"# })
    #expect(journey.steps.contains { $0.value == #"alias "user-42""# })
  }

  @Test func oneVendorPrintsOnlyThatVendor() async throws {
    let run = try await ShopProcess.run(["--vendor", "posthog"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.output.contains { $0.hasPrefix("      ga4 ") })
    let journey = OfflineJourney(run.output)
    #expect(journey.steps.allSatisfy { $0.lines.keys.allSatisfy { $0 == .posthog } })
    #expect(journey.steps.filter { !$0.isKeptByThePipeline }.allSatisfy { $0.lines[.posthog] != nil })
    #expect(run.output.filter { $0.hasPrefix("summary ") } == [run.output.last!])
    #expect(run.summary["vendor"] == "posthog")
    #expect(run.count("tracked") == OfflineJourney.trackedPerVendor)
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
      vendor: .segment, tracked: 1000, delivered: 988, unsupported: 2, repaired: 1, dropped: 10, retried: 3, pending: 0,
      trackNanosecondsPerEvent: 2345.678, elapsedSeconds: 1.23456
    )
    #expect(summary.line
      == "summary vendor=segment tracked=1000 delivered=988 unsupported=2 repaired=1 dropped=10 retried=3 pending=0 "
        + "track_ns_per_event=2345.7 elapsed_s=1.235")
  }
}
