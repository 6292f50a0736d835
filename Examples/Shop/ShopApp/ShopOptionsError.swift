/// A command line the shop cannot run; every message names the rule and how to fix it.
public enum ShopOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option `shop` does not have.
  case unknownOption(String)
  /// An argument that is not an option.
  case unexpectedArgument(String)
  /// An option given without its value.
  case missingValue(option: String)
  /// A flag given a value.
  case unexpectedValue(option: String)
  /// A vendor name `--vendor` does not know.
  case unknownVendor(String)
  /// A `--consent` answer that is not granted, unknown or denied.
  case unknownConsent(String)
  /// An `--endpoint` that is not an http(s) URL with a host.
  case invalidEndpoint(String)
  /// Plain http to a host that is not loopback.
  case insecureEndpoint(String)
  /// A number that breaks `rule`.
  case invalidNumber(option: String, value: String, rule: String)
  /// An option that needs another one.
  case requires(option: String, other: String)
  /// Two options that exclude each other.
  case conflict(String, String)

  /// The message, ending with the fix.
  public var description: String {
    switch self {
    case let .unknownOption(option):
      "Unknown option \(option). To fix this, use one of the options listed by shop --help."
    case let .unexpectedArgument(argument):
      "Unexpected argument \"\(argument)\": every argument is an option starting with --. To fix this, see shop --help."
    case let .missingValue(option):
      "\(option) needs a value. To fix this, write \(option) VALUE or \(option)=VALUE."
    case let .unexpectedValue(option):
      "\(option) takes no value. To fix this, write \(option) alone."
    case let .unknownVendor(vendor):
      "Unknown vendor \"\(vendor)\". To fix this, use --vendor with one of: "
        + (Vendor.allCases.map(\.rawValue) + ["all"]).joined(separator: ", ") + "."
    case let .unknownConsent(answer):
      "Unknown consent \"\(answer)\". To fix this, use --consent with one of: granted, unknown, denied."
    case let .invalidEndpoint(text):
      "\"\(text)\" is not an http(s) URL with a host. To fix this, pass a base URL such as https://collector.example.com "
        + "or http://127.0.0.1:8080."
    case let .insecureEndpoint(text):
      "Refusing plain http to \(text): http is allowed for loopback hosts only (127.0.0.0/8, localhost, ::1). "
        + "To fix this, use https, or a loopback address."
    case let .invalidNumber(option, value, rule):
      "\(option) must be \(rule), not \"\(value)\". To fix this, pass \(option) with \(rule)."
    case let .requires(option, other):
      "\(option) only works together with \(other). To fix this, add \(other), or leave out \(option)."
    case let .conflict(first, second):
      "\(first) and \(second) cannot be used together. To fix this, run shop once with each."
    }
  }
}
