import Foundation
import Trackers

/// Removes secrets from text before it reaches a log line, a report, or a `description`.
///
/// Covers query and form parameters and JSON fields named like secrets (`api_secret`, `api_key`,
/// `token`, `writeKey`, `secret`, `password`, ...), `Authorization`-style headers, bearer and basic
/// credentials, and user:password in URLs, and the headers and parameters every queue's destination
/// declares secret (``DeliveryDestination/secretHeaders``, ``DeliveryDestination/secretParameters``). Every description in this module goes through it; vendor
/// modules should pass their own log text through ``redact(_:)`` too.
public enum Redaction {
  /// What a removed secret is replaced with.
  public static let placeholder = "<redacted>"

  static let secretNames =
    "api_secret|apisecret|api_key|apikey|api-key|x-api-key|access_token|accesstoken|refresh_token|id_token|token|"
    + "\\$token|auth_token|secret|client_secret|password|passwd|writekey|write_key|key|signature|sig|authorization"

  private static let expressions: [(NSRegularExpression, String)] = {
    let names = secretNames
    let patterns: [(String, String)] = [
      // "api_key": "value"  (JSON)
      ("(\"(?:\(names))\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"", "$1\"\(placeholder)\""),
      // api_secret=value  (query strings, form bodies)
      ("((?:^|[?&;\\s,(])(?:\(names))=)[^&;\\s\"',)]*", "$1\(placeholder)"),
      // Authorization: Basic xyz  /  Proxy-Authorization: ...  /  X-Api-Key: ...  (header lines)
      ("((?:proxy-)?authorization|x-api-key|api-key|cookie|set-cookie)(\\s*[:=]\\s*)[^\\r\\n,}\\]]+", "$1$2\(placeholder)"),
      // Bearer / Basic credentials anywhere
      ("\\b(Bearer|Basic)\\s+[A-Za-z0-9._~+/=-]+", "$1 \(placeholder)"),
      // https://user:password@host
      ("(://[^/\\s:@]+:)[^@/\\s]+@", "$1\(placeholder)@"),
    ]
    return patterns.map { pattern, template in
      // The patterns are constants; a failure here is a programming error caught by the tests.
      (try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive]), template)
    }
  }()

  /// `text` with every secret replaced by ``placeholder``.
  public static func redact(_ text: String) -> String {
    let declared = declaredNames.withLock { $0 }
    // Most lines (drop reports at the pending cap come one per enqueue) hold no secret: a byte scan
    // for the words every pattern needs spares them five regular expressions.
    guard mayHoldSecret(text) || declared.mayAppear(in: text) else { return text }
    var result = text
    for (expression, template) in expressions + declared.expressions {
      let range = NSRange(result.startIndex..<result.endIndex, in: result)
      result = expression.stringByReplacingMatches(in: result, options: [], range: range, withTemplate: template)
    }
    return result
  }

  /// The header and parameter names destinations declared secret, lower-cased, with the patterns that
  /// find their values.
  struct DeclaredNames: Sendable {
    var headers: Set<String> = []
    var parameters: Set<String> = []
    var expressions: [(NSRegularExpression, String)] = []
    /// The names' bytes (and their percent-encoded forms), for the fast check before any pattern runs.
    var triggers: [[UInt8]] = []

    func mayAppear(in text: String) -> Bool {
      !triggers.isEmpty && Redaction.contains(text, anyOf: triggers)
    }

    /// Rebuilt after every new name: a few alternations of escaped literals, each followed by bounded
    /// character classes, so a match costs time linear in the text (times the names' length).
    mutating func rebuild() {
      var patterns: [(String, String)] = []
      if !headers.isEmpty {
        let alternatives = headers.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        patterns += [
          // "App-Key": "value"  (JSON)
          ("(\"(?:\(alternatives))\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"", "$1\"\(placeholder)\""),
          // App-Key: value  (header lines, as descriptions show them)
          ("((?:^|[^A-Za-z0-9_-])(?:\(alternatives)))(\\s*[:=]\\s*)[^\\r\\n,}\\]]+", "$1$2\(placeholder)"),
        ]
      }
      let parameterForms = Set(parameters.flatMap(Redaction.encodedForms(of:)))
      if !parameterForms.isEmpty {
        let alternatives = parameterForms.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        patterns += [
          // "app_key": "value"  /  "app_key":42  (JSON strings and numbers)
          (
            "(\"(?:\(alternatives))\"\\s*:\\s*)(?:\"(?:[^\"\\\\]|\\\\.)*\"|[-+.0-9eE]+)",
            "$1\"\(placeholder)\""
          ),
          // app_key=value  (a URL query, a form body): the exact name, so `my_app_key=` is left alone
          ("((?:^|[?&;\\s,(\"'{\\[])(?:\(alternatives))=)[^&\\s\"]*", "$1\(placeholder)"),
        ]
      }
      // Escaped names in a fixed shape: a pattern that doesn't compile is left out rather than trap.
      expressions = patterns.compactMap { pattern, template in
        (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])).map { ($0, template) }
      }
      triggers = (headers.union(parameterForms)).map { Array($0.utf8) }
    }
  }

  /// Grows only: a name declared secret by one queue stays secret for every description in the process,
  /// which can hide a value that needn't be, never show one that must not.
  private static let declaredNames = LockIsolated(DeclaredNames())

  /// Adds `names` to the fixed list of secret headers, for every description from now on; each
  /// ``DeliveryQueue`` declares its destination's ``DeliveryDestination/secretHeaders``.
  package static func declareSecretHeaders(_ names: Set<String>) {
    declare(names, into: \.headers)
  }

  /// Adds `names` to the fixed list of secret query, form and JSON parameters, for every description from
  /// now on; each ``DeliveryQueue`` declares its destination's ``DeliveryDestination/secretParameters``.
  package static func declareSecretParameters(_ names: Set<String>) {
    declare(names, into: \.parameters)
  }

  /// Adds `names`, lowercased, to one list of declared names; the expressions are rebuilt only when one is new.
  private static func declare(_ names: Set<String>, into list: WritableKeyPath<DeclaredNames, Set<String>>) {
    let lowered = Set(names.map { $0.lowercased() }.filter { !$0.isEmpty })
    declaredNames.withLock { declared in
      guard !lowered.isSubset(of: declared[keyPath: list]) else { return }
      declared[keyPath: list].formUnion(lowered)
      declared.rebuild()
    }
  }

  /// `name` as text may show it: as is, percent-encoded the way `URLComponents` writes a query, every
  /// non-alphanumeric byte percent-encoded, and with `+` for spaces (form bodies).
  static func encodedForms(of name: String) -> Set<String> {
    var query = CharacterSet.urlQueryAllowed
    query.remove(charactersIn: "&=+")
    let forms = [
      name,
      name.addingPercentEncoding(withAllowedCharacters: query),
      name.addingPercentEncoding(withAllowedCharacters: .alphanumerics),
      name.addingPercentEncoding(withAllowedCharacters: query)?.replacingOccurrences(of: "%20", with: "+"),
    ]
    return Set(forms.compactMap { $0?.lowercased() }.filter { !$0.isEmpty })
  }

  /// The words at least one pattern needs, in lower case: `key` (api_key, x-api-key, writekey), `token`,
  /// `secret`, `passw`, `sig`, `auth` (authorization), `cookie`, `bearer`, `basic`, and `@` (user:password@).
  private static let triggers: [[UInt8]] = ["key", "token", "secret", "passw", "sig", "auth", "cookie", "bearer", "basic", "@"]
    .map { Array($0.utf8) }

  /// Whether `text` contains any trigger word, ignoring ASCII case.
  static func mayHoldSecret(_ text: String) -> Bool {
    contains(text, anyOf: triggers)
  }

  /// Whether `text` contains any of `triggers` (lower-case ASCII), ignoring ASCII case.
  static func contains(_ text: String, anyOf triggers: [[UInt8]]) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for start in bytes.indices {
        for trigger in triggers where start + trigger.count <= bytes.count {
          if trigger.indices.allSatisfy({ asciiLowercased(bytes[start + $0]) == trigger[$0] }) { return true }
        }
      }
      return false
    }
  }

  private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// Whether a header's value must never be shown: the fixed list, and the names destinations declared in
  /// ``DeliveryDestination/secretHeaders``.
  package static func isSecretHeader(_ name: String) -> Bool {
    let name = name.lowercased()
    switch name {
    case "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
      "x-write-key":
      return true
    default:
      return declaredNames.withLock { $0.headers.contains(name) }
    }
  }

  /// Header fields with secret values replaced, sorted by name, as `Name: value` lines.
  static func describe(headers: [String: String]) -> String {
    headers.sorted { $0.key.lowercased() < $1.key.lowercased() }
      .map { name, value in "\(name): \(isSecretHeader(name) ? placeholder : redact(value))" }
      .joined(separator: ", ")
  }
}
