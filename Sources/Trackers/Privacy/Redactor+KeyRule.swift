extension Redactor {
  /// Redacts every value stored under a matching property key, whatever the value looks like.
  ///
  /// Keys are compared after normalization: ASCII letters lowercased, and `_`, `-`, `.`, `$` and spaces
  /// removed, so "E-Mail", "user_email" and "userEmail" all contain "email".
  ///
  /// Under a matching key, strings and integers become the marker (an integer can hold a phone number),
  /// arrays and objects are redacted member by member; booleans, doubles, dates and null stay, since they
  /// cannot hold an address: `"email_verified": true` keeps its meaning.
  ///
  /// ```swift
  /// let loyaltyNumber = Redactor.KeyRule.keys(named: ["loyalty_number"], marker: "loyalty")
  /// let isInternal = Redactor.KeyRule.custom(marker: "internal") { $0.hasPrefix("x_internal_") }
  /// ```
  public struct KeyRule: Sendable {
    enum Matcher: Sendable {
      case patterns(named: [String], containing: [String])
      case custom(@Sendable (String) -> Bool)
    }

    /// The name in the marker: `[redacted:<marker>]`.
    public let marker: String
    let matcher: Matcher

    /// Matches keys equal to one of `names` or containing one of `fragments`, both after normalization.
    public static func keys(named names: [String] = [], containing fragments: [String] = [], marker: String) -> KeyRule {
      KeyRule(marker: marker, matcher: .patterns(named: names, containing: fragments))
    }

    /// Matches keys for which `matches` returns `true`; it receives the key as written.
    public static func custom(marker: String, matches: @escaping @Sendable (String) -> Bool) -> KeyRule {
      KeyRule(marker: marker, matcher: .custom(matches))
    }

    /// Whether `key` matches this rule.
    package func matches(_ key: String) -> Bool {
      switch matcher {
      case let .custom(matches):
        matches(key)
      case .patterns:
        KeyMatcher(rules: [self]).firstMatch(key) != nil
      }
    }

    /// "email", "e_mail", "userEmail", "email_address", ...
    package static let emailAddress = keys(named: ["mail"], containing: ["email"], marker: "email")

    /// "phone", "phone_number", "mobile", "tel", "msisdn", ... but not "iphone_model" or "headphones".
    package static let phoneNumber = keys(
      named: [
        "phone", "tel", "telephone", "mobile", "cell", "cellphone", "mobilephone", "homephone", "workphone",
        "userphone", "contactphone", "msisdn", "fax",
      ],
      containing: ["phonenumber", "mobilenumber", "telnumber"],
      marker: "phone"
    )

    /// Passwords, PINs, card security codes, API keys and tokens.
    package static let secret = keys(
      named: ["pwd", "pin", "cvv", "cvc", "otp", "token"],
      containing: [
        "password", "passwd", "passcode", "secret", "apikey", "accesstoken", "refreshtoken", "authtoken",
        "authorization",
      ],
      marker: "secret"
    )

    /// "card_number", "credit_card", "iban", "pan", ...
    package static let cardNumber = keys(
      named: ["pan", "iban", "cc", "ccnumber", "creditcard", "debitcard"],
      containing: ["cardnumber"],
      marker: "card"
    )

    /// "ip", "ip_address", "client_ip", "remote_addr", ...
    package static let ipAddress = keys(
      named: ["ip", "ipv4", "ipv6", "clientip", "remoteip", "userip", "remoteaddr"],
      containing: ["ipaddress"],
      marker: "ip"
    )

    /// The key rules of ``Redactor/default``: e-mail, phone, secret, card and IP keys, by marker "email",
    /// "phone", "secret", "card" and "ip". For some of them, filter: `KeyRule.defaults.filter { $0.marker != "ip" }`.
    public static let defaults: [KeyRule] = [emailAddress, phoneNumber, secret, cardNumber, ipAddress]
  }
}
