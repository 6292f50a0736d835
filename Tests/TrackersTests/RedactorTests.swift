import Foundation
import Testing
import Trackers

@Suite struct RedactorTests {
  let redactor = Redactor.default

  @Test(arguments: [
    ("ada@example.com", "[redacted:email]"),
    ("Contact: Ada.Lovelace+news@mail.example.co.uk.", "Contact: [redacted:email]."),
    ("a@b.io and c@d.fr", "[redacted:email] and [redacted:email]"),
    ("+33 6 12 34 56 78", "[redacted:phone]"),
    ("call +1 (555) 123-4567 now", "call [redacted:phone] now"),
    ("+447911123456", "[redacted:phone]"),
    ("(555) 123-4567", "[redacted:phone]"),
    ("555-123-4567", "[redacted:phone]"),
    ("06 12 34 56 78", "[redacted:phone]"),
    ("4111 1111 1111 1111", "[redacted:card]"),
    ("card 4111-1111-1111-1111 expires", "card [redacted:card] expires"),
    ("5500000000000004", "[redacted:card]"),
    ("378282246310005", "[redacted:card]"),
    ("from 203.0.113.7", "from [redacted:ip]"),
    ("192.168.1.20:8080", "[redacted:ip]:8080"),
    ("2001:db8::1", "[redacted:ip]"),
    ("fe80::1ff:fe23:4567:890a%eth0", "[redacted:ip]%eth0"),
    ("::ffff:192.0.2.1", "[redacted:ip]"),
    ("2001:0db8:85a3:0000:0000:8a2e:0370:7334", "[redacted:ip]"),
  ])
  func valueRulesFindPersonalData(input: String, expected: String) {
    #expect(redactor.redact(input) == expected)
  }

  /// Ordinary values must come through untouched. Four-part versions are the documented exception (they
  /// are IPv4-shaped), see `fourPartVersionsAreIPsExceptUnderVersionKeys`.
  @Test(arguments: [
    "pro", "Lyon", "", "9.99", "1299.00", "€1,299.99", "2024-01-15", "2024-01-15T10:30:00.000Z", "15/01/2024",
    "10:30:00", "42", "12345", "order-12345", "order-5551234567", "SKU 123-45", "1.2.3", "v1.2.3.4",
    "1.2.3.4.5", "550e8400-e29b-41d4-a716-446655440000", "1700000000000", "4111 1111 1111 1112",
    "Module::Type", "std::map", "a@b", "user@localhost", "@handle", "deadbeef", "00:1A:2B:3C", "#4",
    "iPhone 15 Pro", "Total: 3 items", "room 101, floor 3",
  ])
  func ordinaryValuesAreLeftAlone(value: String) {
    #expect(redactor.redact(value) == value)
  }

  @Test func propertyValuesAndKeys() {
    let event = AnalyticsData.event(name: "Signup", properties: [
      "email": "ada@example.com",
      "user_email": "not an address but under an email key",
      "phone_number": "0612345678",
      "password": "hunter2",
      "email_verified": true,
      "note": "reach me at +33 6 12 34 56 78",
      "plan": "pro",
      "seats": 5,
      "price": 9.99,
    ])
    #expect(redactor.redact(event) == .event(name: "Signup", properties: [
      "email": "[redacted:email]",
      "user_email": "[redacted:email]",
      "phone_number": "[redacted:phone]",
      "password": "[redacted:secret]",
      "email_verified": true,
      "note": "reach me at [redacted:phone]",
      "plan": "pro",
      "seats": 5,
      "price": 9.99,
    ]))
  }

  @Test func nestedArraysAndObjects() {
    let event = AnalyticsData.screen(name: "Profile", properties: [
      "contacts": ["ada@example.com", "pro", ["phone": "12", "city": "Lyon"]],
      "address": ["city": "Lyon", "owner": ["Email": "x", "ip": "10.0.0.1", "tags": ["203.0.113.9", "ok"]]],
    ])
    #expect(redactor.redact(event) == .screen(name: "Profile", properties: [
      "contacts": ["[redacted:email]", "pro", ["phone": "[redacted:phone]", "city": "Lyon"]],
      "address": ["city": "Lyon", "owner": ["Email": "[redacted:email]", "ip": "[redacted:ip]", "tags": ["[redacted:ip]", "ok"]]],
    ]))
  }

  @Test func everyVocabularyCase() {
    #expect(redactor.redact(.userProperty(name: "email", value: "ada@example.com"))
      == .userProperty(name: "email", value: "[redacted:email]"))
    #expect(redactor.redact(.userProperty(name: "contact", value: ["mobile": 33_612_345_678]))
      == .userProperty(name: "contact", value: ["mobile": "[redacted:phone]"]))
    #expect(redactor.redact(.userProperty(name: "tier", value: "gold")) == .userProperty(name: "tier", value: "gold"))
    #expect(redactor.redact(.error(message: "login failed for ada@example.com from 203.0.113.7", properties: ["code": 401]))
      == .error(message: "login failed for [redacted:email] from [redacted:ip]", properties: ["code": 401]))
    #expect(redactor.redact(.userId("ada@example.com")) == .userId("[redacted:email]"))
    #expect(redactor.redact(.userId("user-42")) == .userId("user-42"))
    #expect(redactor.redact(.userId(nil)) == .userId(nil))
    #expect(redactor.redact(.event(name: "Shared with bob@example.com")) == .event(name: "Shared with [redacted:email]"))
  }

  @Test func cardNumbersStoredAsIntegers() {
    #expect(redactor.redact(PropertyValue.int(4_111_111_111_111_111)) == "[redacted:card]")
    #expect(redactor.redact(PropertyValue.int(1_700_000_000_000)) == 1_700_000_000_000)
    #expect(redactor.redact(PropertyValue.int(4_111_111_111_111_112)) == 4_111_111_111_111_112)
  }

  @Test func fourPartVersionsAreIPsExceptUnderVersionKeys() {
    let redacted = redactor.redact(["app_version": "1.2.3.4", "osVersion": "10.0.19045.1", "build": "1.2.3.4"])
    #expect(redacted == ["app_version": "1.2.3.4", "osVersion": "10.0.19045.1", "build": "[redacted:ip]"])
    // Under a version key the other rules still apply.
    #expect(redactor.redact(["version": "ada@example.com"]) == ["version": "[redacted:email]"])
  }

  @Test func keyRulesNormalizeCaseAndSeparators() {
    for key in ["email", "E-Mail", "userEmail", "email_address", "$email", "Contact.Email"] {
      #expect(Redactor.KeyRule.emailAddress.matches(key), "\(key)")
    }
    for key in ["iphone_model", "headphones", "plan", "session", "mailing_list"] {
      #expect(!Redactor.KeyRule.phoneNumber.matches(key), "\(key)")
      #expect(!Redactor.KeyRule.emailAddress.matches(key), "\(key)")
    }
    #expect(Redactor.KeyRule.phoneNumber.matches("Phone Number"))
    #expect(Redactor.KeyRule.secret.matches("api_key"))
    #expect(Redactor.KeyRule.cardNumber.matches("card_number"))
    #expect(Redactor.KeyRule.ipAddress.matches("client_ip"))
  }

  @Test func customRules() {
    let custom = Redactor(
      keyRules: Redactor.KeyRule.defaults + [
        .keys(named: ["loyalty_number"], marker: "loyalty"),
        .custom(marker: "internal") { $0.hasPrefix("x_internal_") },
      ],
      valueRules: Redactor.ValueRule.defaults + [
        .wholeValue("nir") { $0.utf8.count == 15 && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } },
        .custom("badge") { $0.contains("BADGE-") ? $0.replacingOccurrences(of: "BADGE-", with: "BADGE-#") : nil },
      ]
    )
    let properties: AnalyticsData.Properties = [
      "LoyaltyNumber": "LN-1", "x_internal_note": "secret plan", "nir": "185057800608436",
      "desk": "BADGE-7 near ada@example.com", "plan": "pro",
    ]
    #expect(custom.redact(properties) == [
      "LoyaltyNumber": "[redacted:loyalty]", "x_internal_note": "[redacted:internal]", "nir": "[redacted:nir]",
      "desk": "BADGE-#7 near [redacted:email]", "plan": "pro",
    ])
  }

  @Test func noneRedactsNothing() {
    let event = AnalyticsData.event(name: "Signup", properties: ["email": "ada@example.com"])
    #expect(Redactor.none.redact(event) == event)
  }

  @Test func redactingForwardsRedactedEvents() {
    let received = EventLog<AnalyticsData>()
    let send = redacting(received.tracker)
    send(.event(name: "Signup", properties: ["email": "ada@example.com", "plan": "pro"]))
    send(.screen(name: "Cart"))
    #expect(received.events == [
      .event(name: "Signup", properties: ["email": "[redacted:email]", "plan": "pro"]), .screen(name: "Cart"),
    ])
  }
}
