import Foundation
import Testing
import Trackers
@testable import ShopApp

@Suite struct ShopOptionsTests {
  @Test func noArgumentsIsTheOfflineJourneyForEveryVendor() throws {
    #expect(try ShopOptions.parse([]) == .run(ShopOptions()))
    #expect(ShopOptions().vendors == [.ga4, .mixpanel, .amplitude, .segment, .posthog])
  }

  @Test func helpWinsAndDocumentsEveryOption() throws {
    #expect(try ShopOptions.parse(["--vendor", "ga4", "--help"]) == .help)
    #expect(try ShopOptions.parse(["-h"]) == .help)
    for option in [
      "--vendor", "--endpoint", "--storage", "--max-pending-mb", "--events", "--drain", "--consent", "--opt-out", "--opt-in",
      "--plain-bodies", "--help",
    ] {
      #expect(ShopOptions.help.contains(option), "help does not mention \(option)")
    }
    #expect(ShopOptions.help.contains(
      "summary vendor=<v> tracked=<n> delivered=<n> unsupported=<n> repaired=<n> dropped=<n> retried=<n> pending=<n>"))
  }

  @Test func everyOptionParsesInBothSpellings() throws {
    let spaced = try ShopOptions.parse([
      "--vendor", "segment", "--endpoint", "http://127.0.0.1:8080", "--storage", "/tmp/q",
      "--max-pending-mb", "8", "--events", "1000",
    ])
    let joined = try ShopOptions.parse([
      "--vendor=segment", "--endpoint=http://127.0.0.1:8080", "--storage=/tmp/q", "--max-pending-mb=8", "--events=1000",
    ])
    var expected = ShopOptions()
    expected.vendors = [.segment]
    expected.endpoint = URL(string: "http://127.0.0.1:8080")
    expected.storage = URL(fileURLWithPath: "/tmp/q", isDirectory: true)
    expected.maxPendingMegabytes = 8
    expected.eventCount = 1000
    #expect(spaced == .run(expected))
    #expect(joined == .run(expected))
    #expect(expected.maxPendingBytes == 8 << 20)
  }

  @Test func vendorAllAndEachName() throws {
    #expect(try ShopOptions.parse(["--vendor", "all"]) == .run(ShopOptions()))
    for vendor in Vendor.allCases {
      guard case let .run(options) = try ShopOptions.parse(["--vendor", vendor.rawValue]) else {
        Issue.record("--vendor \(vendor) did not parse as a run")
        continue
      }
      #expect(options.vendors == [vendor])
    }
  }

  @Test func drainNeedsStorageAndEndpoint() throws {
    guard case let .run(options) = try ShopOptions.parse(["--drain", "--storage", "/tmp/q", "--endpoint", "https://example.com"])
    else {
      Issue.record("--drain did not parse as a run")
      return
    }
    #expect(options.drain)
    #expect(throws: ShopOptionsError.requires(option: "--drain", other: "--storage")) {
      try ShopOptions.parse(["--drain", "--endpoint", "https://example.com"])
    }
    #expect(throws: ShopOptionsError.requires(option: "--drain", other: "--endpoint")) {
      try ShopOptions.parse(["--drain", "--storage", "/tmp/q"])
    }
    #expect(throws: ShopOptionsError.conflict("--drain", "--events")) {
      try ShopOptions.parse(["--drain", "--events", "5", "--storage", "/tmp/q", "--endpoint", "https://example.com"])
    }
    #expect(throws: ShopOptionsError.unexpectedValue(option: "--drain")) { try ShopOptions.parse(["--drain=yes"]) }
  }

  @Test func deliveryOptionsNeedAnEndpoint() {
    #expect(throws: ShopOptionsError.requires(option: "--events", other: "--endpoint")) {
      try ShopOptions.parse(["--events", "10"])
    }
    #expect(throws: ShopOptionsError.requires(option: "--storage", other: "--endpoint")) {
      try ShopOptions.parse(["--storage", "/tmp/q"])
    }
    #expect(throws: ShopOptionsError.requires(option: "--max-pending-mb", other: "--endpoint")) {
      try ShopOptions.parse(["--max-pending-mb", "1"])
    }
    #expect(throws: ShopOptionsError.requires(option: "--plain-bodies", other: "--endpoint")) {
      try ShopOptions.parse(["--plain-bodies"])
    }
  }

  @Test func plainBodiesIsAFlag() throws {
    var expected = ShopOptions()
    expected.endpoint = URL(string: "http://127.0.0.1:8080")
    expected.plainBodies = true
    #expect(try ShopOptions.parse(["--endpoint", "http://127.0.0.1:8080", "--plain-bodies"]) == .run(expected))
    #expect(throws: ShopOptionsError.unexpectedValue(option: "--plain-bodies")) {
      try ShopOptions.parse(["--endpoint", "http://127.0.0.1:8080", "--plain-bodies=yes"])
    }
  }

  @Test func consentAndOptOut() throws {
    #expect(ShopOptions().consent == .granted && !ShopOptions().optOut && !ShopOptions().optIn)
    let endpoint = ["--endpoint", "http://127.0.0.1:8080"]
    for status in ConsentStatus.allCases {
      guard case let .run(spaced) = try ShopOptions.parse(endpoint + ["--consent", status.rawValue]),
        case let .run(joined) = try ShopOptions.parse(endpoint + ["--consent=\(status.rawValue)"])
      else {
        Issue.record("--consent \(status) did not parse as a run")
        continue
      }
      #expect(spaced.consent == status && spaced == joined)
    }
    guard case let .run(optedOut) = try ShopOptions.parse(endpoint + ["--opt-out"]),
      case let .run(optedIn) = try ShopOptions.parse(endpoint + ["--opt-in"])
    else {
      Issue.record("--opt-out or --opt-in did not parse as a run")
      return
    }
    #expect(optedOut.optOut && !optedOut.optIn && optedIn.optIn && !optedIn.optOut)
    // Offline there is nothing to hold or purge: granted, the default, is all it can show.
    #expect(throws: Never.self) { try ShopOptions.parse(["--consent", "granted"]) }
    #expect(throws: ShopOptionsError.requires(option: "--consent unknown", other: "--endpoint")) {
      try ShopOptions.parse(["--consent", "unknown"])
    }
    #expect(throws: ShopOptionsError.requires(option: "--consent denied", other: "--endpoint")) {
      try ShopOptions.parse(["--consent", "denied"])
    }
    #expect(throws: ShopOptionsError.requires(option: "--opt-out", other: "--endpoint")) { try ShopOptions.parse(["--opt-out"]) }
    #expect(throws: ShopOptionsError.requires(option: "--opt-in", other: "--endpoint")) { try ShopOptions.parse(["--opt-in"]) }
    #expect(throws: ShopOptionsError.conflict("--opt-out", "--opt-in")) {
      try ShopOptions.parse(endpoint + ["--opt-out", "--opt-in"])
    }
    #expect(throws: ShopOptionsError.unknownConsent("yes")) { try ShopOptions.parse(endpoint + ["--consent", "yes"]) }
    #expect(throws: ShopOptionsError.unexpectedValue(option: "--opt-out")) { try ShopOptions.parse(endpoint + ["--opt-out=1"]) }
  }

  @Test func plainHTTPOnlyToLoopback() throws {
    for endpoint in ["http://127.0.0.1:9", "http://localhost:8080/base", "http://[::1]:80", "http://127.1.2.3", "https://collector.example.com"] {
      #expect(throws: Never.self, "\(endpoint)") { try ShopOptions.parse(["--endpoint", endpoint]) }
    }
    #expect(throws: ShopOptionsError.insecureEndpoint("http://collector.example.com")) {
      try ShopOptions.parse(["--endpoint", "http://collector.example.com"])
    }
    #expect(throws: ShopOptionsError.insecureEndpoint("http://127.0.0.1.example.com")) {
      try ShopOptions.parse(["--endpoint", "http://127.0.0.1.example.com"])
    }
    for bad in ["ftp://127.0.0.1", "127.0.0.1:8080", "http://", "not a url"] {
      #expect(throws: ShopOptionsError.invalidEndpoint(bad)) { try ShopOptions.parse(["--endpoint", bad]) }
    }
  }

  @Test func badInputNamesTheRule() {
    #expect(throws: ShopOptionsError.unknownOption("--vendors")) { try ShopOptions.parse(["--vendors", "ga4"]) }
    #expect(throws: ShopOptionsError.unexpectedArgument("ga4")) { try ShopOptions.parse(["ga4"]) }
    #expect(throws: ShopOptionsError.unknownVendor("firebase")) { try ShopOptions.parse(["--vendor", "firebase"]) }
    #expect(throws: ShopOptionsError.missingValue(option: "--vendor")) { try ShopOptions.parse(["--vendor"]) }
    #expect(throws: ShopOptionsError.missingValue(option: "--events")) { try ShopOptions.parse(["--events", "--drain"]) }
    #expect(throws: ShopOptionsError.invalidNumber(option: "--events", value: "-1", rule: "a whole number, 0 or more")) {
      try ShopOptions.parse(["--events", "-1"])
    }
    #expect(throws: ShopOptionsError.invalidNumber(option: "--max-pending-mb", value: "0", rule: "a whole number above 0")) {
      try ShopOptions.parse(["--max-pending-mb", "0", "--endpoint", "https://example.com"])
    }
  }

  @Test func everyMessageEndsWithTheFix() {
    let errors: [ShopOptionsError] = [
      .unknownOption("--x"), .unexpectedArgument("x"), .missingValue(option: "--vendor"), .unexpectedValue(option: "--drain"),
      .unknownVendor("x"), .invalidEndpoint("x"), .insecureEndpoint("http://x"),
      .invalidNumber(option: "--events", value: "x", rule: "a number"), .requires(option: "--a", other: "--b"),
      .conflict("--a", "--b"), .unknownConsent("x"),
    ]
    for error in errors {
      #expect(error.description.contains("To fix this, "), "\(error)")
    }
    #expect(ShopOptionsError.unknownVendor("x").description.contains("ga4, mixpanel, amplitude, segment, posthog, all"))
  }
}
