// The Swift blocks of Sources/Trackers/Documentation.docc/ValuesAndLimits.md, compiled: see DocSnippetTests.swift.
import Trackers

private func noValueIsNoKey(track: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/ValuesAndLimits.md#1
    let coupon: String? = nil
    let optionals: [String: PropertyValue?] = [
      "plan": "pro",
      "coupon": coupon.map(PropertyValue.string),  // nil: no "coupon" key
      "referrer": .null,                           // sent as "referrer": null
    ]
    track(.event(name: "Signup", properties: optionals.compactMapValues { $0 }))
    // end snippet
  }
}
