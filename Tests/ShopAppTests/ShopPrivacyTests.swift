import Foundation
import Testing
import Trackers
import TrackersDeliveryTesting
import VendorTestSupport
@testable import ShopApp

/// `shop --consent`, `--opt-out` and the default redaction, run in process over a scripted transport (one
/// per test, shared by its launches, as the loopback collector was): what the modules hand the transport,
/// what stays in `--storage`, and what the summary says. Launches on one storage follow each other as the
/// binary's runs do; the offline journey is still the built binary's.
@Suite struct ShopPrivacyTests {
  /// The bytes of queued records on disk: the sizes of every vendor queue's segment files in `storage`.
  func pendingRecordBytes(in storage: URL) throws -> Int {
    var total = 0
    for vendor in try FileManager.default.contentsOfDirectory(atPath: storage.path) {
      let queue = storage.appendingPathComponent(vendor).appendingPathComponent("queue")
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: queue.path) else { continue }
      for file in files where file.hasPrefix("segment-") {
        total += try FileManager.default.attributesOfItem(atPath: queue.appendingPathComponent(file).path)[.size] as? Int ?? 0
      }
    }
    return total
  }

  /// Every summary line's fields, by vendor.
  func summaries(_ run: ShopProcess) -> [String: [String: String]] {
    fields(of: run.output.filter { $0.hasPrefix("summary ") })
  }

  /// Every privacy line's fields, by vendor.
  func privacyLines(_ run: ShopProcess) -> [String: [String: String]] {
    fields(of: run.output.filter { $0.hasPrefix("privacy ") })
  }

  func fields(of lines: [String]) -> [String: [String: String]] {
    var byVendor: [String: [String: String]] = [:]
    for line in lines {
      var fields: [String: String] = [:]
      for field in line.split(separator: " ").dropFirst() {
        let pair = field.split(separator: "=", maxSplits: 1)
        if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
      }
      if let vendor = fields["vendor"] { byVendor[vendor] = fields }
    }
    return byVendor
  }

  func total(_ field: String, _ lines: [String: [String: String]]) -> Int {
    lines.values.reduce(0) { $0 + (Int($1[field] ?? "") ?? 0) }
  }

  /// A granted run to an endpoint that is down: the journey stays pending in `storage` for every vendor.
  func leaveTheJourneyPending(in storage: URL) async throws -> Int {
    // Every connection drops: nothing can be delivered, however long the final flush tries.
    let down = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path], transport: .down(), flushStall: .zero)
    #expect(down.status == 0, "\(down.errors)")
    let pending = total("pending", summaries(down))
    #expect(pending > 0 && total("delivered", summaries(down)) == 0)
    #expect(try pendingRecordBytes(in: storage) > 0)
    return pending
  }

  @Test func unknownConsentSendsNothingAndKeepsTheJourneyOnDiskForARunWithConsent() async throws {
    let transport = ScriptedTransport.vendorSuccess()
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let unknown = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--consent", "unknown"], transport: transport)
    #expect(unknown.status == 0, "\(unknown.errors)")
    #expect(transport.requests.count == 0)
    let held = summaries(unknown)
    #expect(held.count == 5)
    for (vendor, summary) in held {
      #expect(
        summary["tracked"] == "\(OfflineJourney.trackedPerVendor)" && summary["delivered"] == "0" && summary["dropped"] == "0",
        "\(vendor)")
      #expect(Int(summary["pending"] ?? "") ?? 0 > 0, "\(vendor)")
      // Held events are pending, not delivered, and the privacy line says they wait for consent.
      #expect(privacyLines(unknown)[vendor]?["waiting"] == summary["pending"], "\(vendor)")
      #expect(privacyLines(unknown)[vendor]?["consent"] == "unknown", "\(vendor)")
    }
    #expect(unknown.errors.contains("--consent granted --drain"), "\(unknown.errors)")
    #expect(try pendingRecordBytes(in: storage) > 0)

    // Still unknown in a second run: still nothing.
    let stillUnknown = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--consent", "unknown", "--drain"], transport: transport)
    #expect(stillUnknown.status == 0, "\(stillUnknown.errors)")
    #expect(transport.requests.count == 0)

    let granted = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--consent", "granted", "--drain"], transport: transport)
    #expect(granted.status == 0, "\(granted.errors)")
    for (vendor, summary) in summaries(granted) {
      #expect(summary["delivered"] == held[vendor]?["pending"] && summary["pending"] == "0", "\(vendor)")
    }
    #expect(privacyLines(granted).isEmpty)
    #expect(transport.requests.count > 0)
    // Released once each, in the journey's order: what the offline journey shows Mixpanel receiving.
    let offline = try await ShopProcess.run(["--vendor", "mixpanel"])
    let journeyNames = offline.output.filter { $0.hasPrefix("      mixpanel  event ") }
      .map { String($0.dropFirst("      mixpanel  event ".count).prefix { $0 != "{" }).trimmingCharacters(in: .whitespaces) }
    let received = try transport.requests.filter { $0.path == "/import" }.flatMap { try $0.json().arrayValue ?? [] }
    // With the lifecycle's Installed, Opened and Backgrounded.
    #expect(journeyNames.count == ShopContextTests.mixpanelEvents, "\(journeyNames)")
    #expect(received.compactMap { $0["event"]?.stringValue } == journeyNames)
    #expect(Set(received.compactMap { $0["properties"]?["$insert_id"]?.stringValue }).count == journeyNames.count)
  }

  @Test func deniedConsentSendsNothingAndPurgesWhatWasPending() async throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let leftOver = try await leaveTheJourneyPending(in: storage)

    // A second launch on the same storage: the journey, "Opened" and "Backgrounded" (no "Installed"),
    // each refused, but for the theme and the timer, which only change what the module keeps, and what the
    // vendor refuses by design before it asks for consent (unsupported=).
    let transport = ScriptedTransport.vendorSuccess()
    let denied = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--consent", "denied"], transport: transport)
    #expect(transport.requests.count == 0)
    // Refused and purged events are drops, counted with their reason: the exit status says so.
    #expect(denied.status == 1)
    let privacy = privacyLines(denied)
    #expect(privacy.count == 5)
    #expect(total("purged", privacy) == leftOver)
    for (vendor, summary) in summaries(denied) {
      let refused = OfflineJourney.trackedPerVendor - 1 - 2 - (Int(summary["unsupported"] ?? "") ?? -1)
      #expect(privacy[vendor]?["consent"] == "denied" && privacy[vendor]?["waiting"] == "0", "\(vendor)")
      #expect(privacy[vendor]?["refused"] == "\(refused)", "\(vendor)")
      #expect(summary["delivered"] == "0" && summary["pending"] == "0", "\(vendor)")
      #expect(Int(summary["dropped"] ?? "") == refused + (Int(privacy[vendor]?["purged"] ?? "") ?? -1), "\(vendor)")
    }
    #expect(try pendingRecordBytes(in: storage) == 0)

    // A later run with consent finds nothing to send.
    let drained = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--drain"], transport: transport)
    #expect(drained.status == 0, "\(drained.errors)")
    #expect(total("delivered", summaries(drained)) == 0)
    #expect(transport.requests.count == 0)
  }

  @Test func optOutSendsNothingPurgesAndHoldsInLaterRunsUntilOptIn() async throws {
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let leftOver = try await leaveTheJourneyPending(in: storage)

    let transport = ScriptedTransport.vendorSuccess()
    let optedOut = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--opt-out"], transport: transport)
    #expect(optedOut.status == 1)
    #expect(transport.requests.count == 0)
    for (vendor, privacy) in privacyLines(optedOut) {
      let unsupported = Int(summaries(optedOut)[vendor]?["unsupported"] ?? "") ?? -1
      #expect(privacy["opted_out"] == "yes", "\(vendor)")
      #expect(privacy["refused"] == "\(OfflineJourney.trackedPerVendor - 1 - 2 - unsupported)", "\(vendor)")
    }
    #expect(total("purged", privacyLines(optedOut)) == leftOver)
    #expect(total("pending", summaries(optedOut)) == 0)
    #expect(try pendingRecordBytes(in: storage) == 0)

    // The next run does not repeat --opt-out, and even says --consent granted: the opt-out holds.
    let restarted = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--consent", "granted"], transport: transport)
    #expect(restarted.status == 1)
    #expect(transport.requests.count == 0)
    #expect(privacyLines(restarted).values.allSatisfy { $0["opted_out"] == "yes" && $0["purged"] == "0" })
    #expect(total("pending", summaries(restarted)) == 0)
    #expect(try pendingRecordBytes(in: storage) == 0)

    let optedIn = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path, "--opt-in"], transport: transport)
    #expect(optedIn.status == 0, "\(optedIn.errors)")
    #expect(privacyLines(optedIn).isEmpty)
    #expect(summaries(optedIn).values.allSatisfy { $0["delivered"] != "0" && $0["pending"] == "0" })
    #expect(transport.requests.count > 0)
  }

  @Test func grantedDeliversTheJourneyWithoutTheEmailOrThePhoneNumber() async throws {
    let transport = ScriptedTransport.vendorSuccess()
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path], transport: transport)
    #expect(run.status == 0, "\(run.errors)")
    #expect(summaries(run).values.allSatisfy { $0["delivered"] != "0" && $0["dropped"] == "0" && $0["pending"] == "0" })
    // Live, what a vendor does not have is said on standard output, counted as unsupported, not an error.
    for vendor in Vendor.allCases {
      let expected = OfflineJourney.expectedRefusals.filter { $0.vendor == vendor }.count
      #expect(summaries(run)[vendor.rawValue]?["unsupported"] == "\(expected)", "\(vendor)")
      #expect(run.output.filter { $0.hasPrefix("shop: \(vendor): not sent, by design: ") }.count == expected, "\(vendor)")
    }
    #expect(!run.errors.contains("by design"), "\(run.errors)")
    let requests = transport.requests
    #expect(Set(requests.map(\.path)).count >= 5)
    let wire = requests.map { "\($0.request.url.absoluteString)\n\($0.bodyText)" }.joined(separator: "\n")
    // The newsletter link's sign-in token (`Journey.newsletterLink`) is redacted when the link is made.
    for secret in [
      Journey.userEmail, "ada.lovelace", "lovelace", "example.com", Journey.userPhone, "+33", "6 12 34 56 78", "612345678",
      "tok-8f3a91",
    ] {
      #expect(!wire.contains(secret), "\(secret) reached the wire")
    }
    #expect(!(wire.removingPercentEncoding ?? wire).contains("lovelace"))
    // Not even reformatted: no string value on the wire holds the phone number's digits.
    for request in requests {
      for string in try strings(in: request.json()) {
        #expect(!string.filter(\.isNumber).contains("612345678"), "\(request.path): \(string)")
      }
    }
    #expect(wire.contains("[redacted:email]") && wire.contains("[redacted:phone]"))
    // Nor in what shop printed.
    let printed = run.output.joined(separator: "\n") + run.errors
    #expect(!printed.contains("lovelace") && !printed.contains("12 34 56 78"))
  }

  func strings(in value: PropertyValue) -> [String] {
    switch value {
    case let .string(string): [string]
    case let .array(values): values.flatMap(strings(in:))
    case let .object(members): members.keys.map { $0 } + members.values.flatMap(strings(in:))
    default: []
    }
  }

  @Test func theOfflineJourneyShowsTheRedactionMarkersAndNeverThePersonalData() async throws {
    let run = try await ShopProcess.run([])
    #expect(run.status == 0, "\(run.errors)")
    let signUp = try #require(OfflineJourney(run.output).steps.first { $0.value.hasPrefix("standard Signed Up") })
    let lines = [signUp.value] + signUp.lines.values
    #expect(lines.count == 6, "\(lines)")  // the "->" line and one per vendor
    #expect(lines.allSatisfy { $0.contains(#""email": "[redacted:email]""#) && $0.contains(#""phone": "[redacted:phone]""#) })
    #expect(run.output.contains { $0.hasPrefix("onboarding: signedUp(") && $0.contains("[redacted:email]") })
    let printed = run.output.joined(separator: "\n") + run.errors
    for secret in ["lovelace", "example.com", "+33", "12 34 56 78"] {
      #expect(!printed.contains(secret), "\(secret) was printed")
    }
  }
}
