@testable import ShopApp

/// What `shop` printed offline, read back: each value the root tracked (`  -> ...`), with the line each
/// vendor printed for it.
struct OfflineJourney {
  struct Step {
    /// The value, as printed after `  -> `.
    var value: String
    /// Each vendor's line, without its label.
    var lines: [Vendor: String] = [:]

    /// A super property or a timer: each vendor's pipeline keeps it, nothing is sent.
    var isKeptByThePipeline: Bool { value.hasPrefix("superProperties ") || value.hasPrefix("timeEvent ") }
  }

  /// A refusal by design: the vendor, and the value it refused.
  struct Refusal: Equatable, CustomStringConvertible {
    var vendor: Vendor
    var value: String
    var description: String { "\(vendor): \(value)" }
  }

  /// The values each vendor's tracker took: the lifecycle's Installed, Opened and Backgrounded around the
  /// journey's 27.
  static let trackedPerVendor = 31

  /// Exactly what the vendors refuse by design in the journey, in order: the operations they do not have.
  static let expectedRefusals: [Refusal] = [
    // GA4 has no groups, and its user properties can only be set.
    Refusal(vendor: .ga4, value: #"group company acme {"plan": "business"}"#),
    Refusal(vendor: .ga4, value: "profile increment orders_count by 1"),
    // Segment's traits and PostHog's person properties have no increment.
    Refusal(vendor: .segment, value: "profile increment orders_count by 1"),
    Refusal(vendor: .posthog, value: "profile increment orders_count by 1"),
    // GA4's user properties and Segment's traits have no set once.
    Refusal(vendor: .ga4, value: "profile set once first_order_at = 2026-11-04T18:47:35.000Z"),
    Refusal(vendor: .segment, value: "profile set once first_order_at = 2026-11-04T18:47:35.000Z"),
  ]

  var steps: [Step] = []

  init(_ output: [String]) {
    for line in output {
      if line.hasPrefix("  -> ") {
        steps.append(Step(value: String(line.dropFirst(5))))
      } else if line.hasPrefix("      "), !steps.isEmpty,
        let vendor = Vendor.allCases.first(where: { line.hasPrefix("      " + $0.rawValue + " ") })
      {
        steps[steps.count - 1].lines[vendor] = String(line.dropFirst(16))
      }
    }
  }

  /// The refusals by design, in the journey's order, vendors in their order.
  var refusalsByDesign: [Refusal] {
    steps.flatMap { step in
      Vendor.allCases.compactMap { vendor in
        step.lines[vendor]?.hasPrefix("not sent, by design") == true ? Refusal(vendor: vendor, value: step.value) : nil
      }
    }
  }
}
