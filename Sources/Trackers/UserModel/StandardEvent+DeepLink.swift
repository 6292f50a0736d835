import Foundation

extension StandardEvent {
  /// A link that opened the app: a universal link or a custom URL scheme, with what referred the user.
  ///
  /// Tokens often travel in a link's query string and fragment (a sign-in token, a password-reset code, an
  /// OAuth `access_token`), so the link keeps them only redacted: it is built from the URL the app was given
  /// and stores ``url`` in its redacted form, before the event reaches any pipeline, log or queue. Each query
  /// (or fragment) parameter keeps its name and gets the value `redacted`, unless its name is kept
  /// (`keepingParameters`, where `utm_*` keeps every name that starts with `utm_`); a part without a `=`
  /// (`?token`, `#/inbox/42`) is left out, since it has no name to keep; a user name and password before the
  /// host are left out.
  ///
  /// ```swift
  /// let link = StandardEvent.DeepLink(
  ///   url: "https://shop.example/tea/sencha?utm_source=newsletter&token=s3cr3t#access_token=abc",
  ///   referrer: "com.apple.mobilemail", keepingParameters: StandardEvent.DeepLink.campaignParameters)
  /// link.url  // "https://shop.example/tea/sencha?utm_source=newsletter&token=redacted#access_token=redacted"
  /// tracker(.standard(.deepLinkOpened(link)))
  /// ```
  ///
  /// The app passes the URL in from where the system delivers it (`onOpenURL`, `scene(_:openURLContexts:)`,
  /// `application(_:continue:restorationHandler:)` for a universal link); the library registers for nothing.
  public struct DeepLink: Sendable, Hashable {
    /// The link, its query and fragment parameters redacted except the kept ones.
    public let url: String
    /// What referred the user: the source application's bundle id (`UIApplication.OpenURLOptionsKey
    /// .sourceApplication`) or the referring web page (`NSUserActivity.referrerURL`), redacted as ``url``
    /// is; `nil` when the system does not say.
    public let referrer: String?

    /// The parameters campaign links carry, which name no user: `utm_*` (`utm_source`, `utm_medium`,
    /// `utm_campaign`, `utm_term`, `utm_content`, ...).
    public static let campaignParameters = ["utm_*"]

    /// A link from the text of its URL, redacted; see ``DeepLink`` for what is kept.
    ///
    /// - Parameter keepingParameters: names of the query and fragment parameters kept with their values;
    ///   a name ending in `*` keeps every name starting with what comes before it. Names are compared
    ///   percent-decoded and without regard to case. By default none is kept.
    public init(url: String, referrer: String? = nil, keepingParameters: [String] = []) {
      self.url = Self.redacted(url, keepingParameters: keepingParameters)
      self.referrer = referrer.map { Self.redacted($0, keepingParameters: keepingParameters) }
    }

    /// A link from the URL the system delivered, redacted; see ``DeepLink`` for what is kept.
    public init(url: URL, referrer: String? = nil, keepingParameters: [String] = []) {
      self.init(url: url.absoluteString, referrer: referrer, keepingParameters: keepingParameters)
    }

    /// `url` with its user name and password left out and its query and fragment parameters redacted
    /// except the kept ones: the rule ``DeepLink`` applies, for a URL the app tracks in a property of its
    /// own. Any text is accepted; a text without `?`, `#` or `@` comes back as it is.
    ///
    /// ```swift
    /// StandardEvent.DeepLink.redacted("app://reset?code=123&utm_medium=email", keepingParameters: ["utm_*"])
    /// // "app://reset?code=redacted&utm_medium=email"
    /// ```
    public static func redacted(_ url: String, keepingParameters kept: [String] = []) -> String {
      var rest = Substring(url)
      var fragment: Substring?
      if let hash = rest.firstIndex(of: "#") {
        fragment = rest[rest.index(after: hash)...]
        rest = rest[..<hash]
      }
      var query: Substring?
      if let mark = rest.firstIndex(of: "?") {
        query = rest[rest.index(after: mark)...]
        rest = rest[..<mark]
      }
      var result = String(withoutUserInfo(rest))
      let rules = KeptNames(kept)
      if let query, let parameters = redactedParameters(query, keeping: rules) {
        result += "?" + parameters
      }
      if let fragment, let parameters = redactedParameters(fragment, keeping: rules) {
        result += "#" + parameters
      }
      return result
    }

    /// A link with `url` and `referrer` as they are, not redacted again (see
    /// `replacing(url:referrer:)` in TrackersDelivery, and the redactor, which only ever removes more).
    package init(redactedURL: String, referrer: String?) {
      self.url = redactedURL
      self.referrer = referrer
    }

    /// `url` and, when known, `referring_application`.
    package var properties: AnalyticsData.Properties {
      var fields: AnalyticsData.Properties = ["url": .string(url)]
      if let referrer { fields["referring_application"] = .string(referrer) }
      return fields
    }

    /// The value a parameter that is not kept gets.
    static let redactedValue = "redacted"

    /// `scheme://user:password@host/path` without `user:password@`; anything else as it is.
    private static func withoutUserInfo(_ text: Substring) -> Substring {
      guard let separator = text.range(of: "://") else { return text }
      let authorityStart = separator.upperBound
      let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
      guard let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") else { return text }
      return text[..<authorityStart] + text[text.index(after: at)...]
    }

    /// The `&`-separated parameters of a query or fragment, redacted, or `nil` when none is left.
    private static func redactedParameters(_ text: Substring, keeping rules: KeptNames) -> String? {
      var parts: [Substring] = []
      for item in text.split(separator: "&", omittingEmptySubsequences: true) {
        guard let equals = item.firstIndex(of: "=") else { continue }  // no name: the whole part may be a token
        let name = item[..<equals]
        guard !name.isEmpty else { continue }
        parts.append(rules.keeps(name) ? item : name + "=" + redactedValue)
      }
      return parts.isEmpty ? nil : parts.joined(separator: "&")
    }

    /// The kept names, lowercased: exact names and `*` prefixes.
    private struct KeptNames {
      var exact: Set<String> = []
      var prefixes: [String] = []

      init(_ patterns: [String]) {
        for pattern in patterns {
          let lowered = pattern.lowercased()
          if lowered.hasSuffix("*") {
            prefixes.append(String(lowered.dropLast()))
          } else {
            exact.insert(lowered)
          }
        }
      }

      func keeps(_ rawName: Substring) -> Bool {
        guard !exact.isEmpty || !prefixes.isEmpty else { return false }
        // `+` is a space in a form-encoded name; a malformed escape leaves the name as it is.
        let name = (rawName.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(rawName))
          .lowercased()
        return exact.contains(name) || prefixes.contains { name.hasPrefix($0) }
      }
    }
  }
}

extension StandardEvent.DeepLink: CustomStringConvertible {
  /// The redacted URL and its referrer: `https://shop.example/tea?token=redacted from com.apple.mobilemail`.
  public var description: String {
    referrer.map { "\(url) from \($0)" } ?? url
  }
}
