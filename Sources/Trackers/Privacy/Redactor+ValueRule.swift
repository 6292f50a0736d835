extension Redactor {
  /// Finds personal data inside string values and replaces it with a marker.
  ///
  /// The built-in rules scan UTF-8 by hand (no regular expression) and skip at once the strings that
  /// cannot match: without '@' there is no e-mail address, without 8 digits no phone number.
  ///
  /// Custom rules are closures that return the redacted string, or `nil` when there is nothing to redact
  /// (returning `nil` costs nothing, so keep that path cheap: they run on every string of every event):
  ///
  /// ```swift
  /// let frenchSocialSecurity = Redactor.ValueRule.custom("nir") { value in
  ///   value.utf8.count == 15 && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? Redactor.marker("nir") : nil
  /// }
  /// ```
  public struct ValueRule: Sendable {
    enum Kind: Sendable {
      case builtIn(PersonalDataScanner.Patterns)
      case custom(@Sendable (String) -> String?)
    }

    /// The rule's name, for documentation and debugging; built-in rules use it in their marker.
    public let name: String
    let kind: Kind

    /// A rule of your own: `redact` returns the redacted string, or `nil` to leave the string as it is.
    public static func custom(_ name: String, _ redact: @escaping @Sendable (String) -> String?) -> ValueRule {
      ValueRule(name: name, kind: .custom(redact))
    }

    /// Replaces the whole string with `[redacted:<name>]` when `matches` returns `true`.
    public static func wholeValue(_ name: String, where matches: @escaping @Sendable (String) -> Bool) -> ValueRule {
      let marker = Redactor.marker(name)
      return ValueRule(name: name, kind: .custom { matches($0) ? marker : nil })
    }

    /// E-mail addresses, "ada@example.com" to `[redacted:email]`.
    package static let emailAddress = ValueRule(name: "email", kind: .builtIn(.emailAddresses))

    /// Phone numbers in international form ("+33 6 12 34 56 78", "+1 (555) 123-4567") and the common
    /// national forms ("(555) 123-4567", "555-123-4567", "06 12 34 56 78"), to `[redacted:phone]`.
    /// Dates, prices, short numbers and ids glued to words or dashes are left alone.
    package static let phoneNumber = ValueRule(name: "phone", kind: .builtIn(.phoneNumbers))

    /// Payment card numbers: 13 to 19 digits, optionally grouped by spaces or dashes, starting with 2 to 6
    /// and passing the Luhn check, to `[redacted:card]`. Integer values are checked too.
    package static let cardNumber = ValueRule(name: "card", kind: .builtIn(.cardNumbers))

    /// IPv4 ("203.0.113.7") and IPv6 ("2001:db8::1", "::ffff:192.0.2.1") addresses, to `[redacted:ip]`.
    ///
    /// A four-part version such as "1.2.3.4" looks exactly like an IPv4 address and is redacted, except
    /// under keys that contain "version" ("app_version", "osVersion") or when written with a prefix
    /// ("v1.2.3.4"); three-part versions ("1.2.3") never match.
    package static let ipAddress = ValueRule(name: "ip", kind: .builtIn([.ipv4Addresses, .ipv6Addresses]))

    /// The value rules of ``Redactor/default``: e-mail addresses, phone numbers, card numbers and IP
    /// addresses, named "email", "phone", "card" and "ip". For some of them, filter:
    /// `ValueRule.defaults.filter { $0.name != "ip" }`.
    public static let defaults: [ValueRule] = [emailAddress, phoneNumber, cardNumber, ipAddress]
  }
}
