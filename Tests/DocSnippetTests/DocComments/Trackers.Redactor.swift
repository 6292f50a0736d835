// The Swift blocks of Sources/Trackers/Privacy/Redactor.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersRedactor1() {
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor.swift#1
    let redactor = Redactor.default
    redactor.redact(.event(name: "Signup", properties: [
      "email": "ada@example.com", "note": "call +33 6 12 34 56 78", "plan": "pro",
    ]))
    // event Signup {"email": "[redacted:email]", "note": "call [redacted:phone]", "plan": "pro"}
    // end snippet
  }
}

private func trackersRedactor2() {
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor.swift#2
    let redactor = Redactor(
      keyRules: Redactor.KeyRule.defaults + [.keys(named: ["loyalty_number"], marker: "loyalty")],
      valueRules: Redactor.ValueRule.defaults + [.wholeValue("nir") { isFrenchSocialSecurityNumber($0) }]
    )
    // end snippet
  }
}
