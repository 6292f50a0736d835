import Foundation
import Testing
import Trackers
import TrackersDelivery

/// The validation scaffolding the vendor modules share (`appendDepthIssues(of:...)` over one event,
/// `appendValueIssues`): the rules each vendor wrote for itself before, now the kit's.
@Suite struct ValidationRulesTests {
  /// A value nested one level deeper than the trackers walk.
  private static let tooDeep: PropertyValue = (0...PropertyValue.maximumDepth).reduce(PropertyValue.int(1)) { inner, _ in
    .array([inner])
  }

  private static func depthIssues(
    _ data: AnalyticsData, path: (AnalyticsData, String) -> String? = { _, name in "property '\(name)'" }
  ) -> (found: Bool, issues: [ValidationIssue]) {
    var issues: [ValidationIssue] = []
    let found = ValidationRules.appendDepthIssues(of: data, ordered: true, vendor: "Acme", into: &issues, path: path)
    return (found, issues)
  }

  @Test func aFlatEventHasNoDepthIssue() {
    let (found, issues) = Self.depthIssues(.event(name: "Signed Up", properties: ["plan": "pro", "tags": ["a", "b"]]))
    #expect(!found)
    #expect(issues.isEmpty)
  }

  @Test func eachValueTooDeepIsNamedByThePathTheVendorGives() {
    let (found, issues) = Self.depthIssues(
      .event(name: "Signed Up", properties: ["b": Self.tooDeep, "a": Self.tooDeep, "plan": "pro"]))
    #expect(found)
    #expect(issues.map(\.rule) == ["property-depth", "property-depth"])
    // In key order (`ordered`), each under the vendor's own name for it.
    #expect(issues.map(\.message).map { $0.prefix(12) } == ["property 'a'", "property 'b'"])
    #expect(issues.allSatisfy { $0.vendor == "Acme" })
  }

  @Test func aUserPropertyAndAProfileOperationAreCheckedByTheirName() {
    let path: (AnalyticsData, String) -> String? = { data, name in
      if case .userProperty = data { "user property '\(name)'" } else { "profile property '\(name)'" }
    }
    let user = Self.depthIssues(.userProperty(name: "plan", value: Self.tooDeep), path: path)
    #expect(user.found)
    #expect(user.issues.first?.message.hasPrefix("user property 'plan' nests") == true)
    let profile = Self.depthIssues(.profile(.append(name: "tags", value: Self.tooDeep)), path: path)
    #expect(profile.found)
    #expect(profile.issues.first?.message.hasPrefix("profile property 'tags' nests") == true)
  }

  @Test func aValueWhosePathIsNilIsLeftToTheVendorsOtherRules() {
    // A vendor that refuses the operation anyway (PostHog's increment) names no path for its values.
    let (found, issues) = Self.depthIssues(.profile(.append(name: "tags", value: Self.tooDeep))) { data, _ in
      if case .profile = data { nil } else { "x" }
    }
    #expect(!found)
    #expect(issues.isEmpty)
  }

  @Test func valueIssuesCoverEveryScalarAndTheVendorsOwnRule() {
    var issues: [ValidationIssue] = []
    let value: PropertyValue = [
      "price": .double(.nan),
      "when": .date(Date(timeIntervalSince1970: -1e15)),
      "name": "a long name",
      "fine": 3,
    ]
    ValidationRules.appendValueIssues(
      of: value, path: { "property 'p'" }, dates: .iso8601, ordered: true, vendor: "Acme", into: &issues
    ) { scalar, path in
      guard case let .string(text) = scalar, text.count > 5 else { return nil }
      return ValidationIssue(vendor: "Acme", rule: "property-value-length", message: "\(path()) is too long")
    }
    // Members in key order: name, price, when.
    #expect(issues.map(\.rule) == ["property-value-length", "property-value-number", "property-value-date"])
    #expect(issues.first?.message == "property 'p'.name is too long")
  }
}
