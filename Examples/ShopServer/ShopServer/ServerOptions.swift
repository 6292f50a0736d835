import Foundation
import ShopApp

/// `shop-server`'s command line. The vendor options are the shop's own (`--vendor`, `--endpoint`,
/// `--storage`, `--max-pending-mb`), checked by ``ShopApp/ShopOptions``; the server adds where it listens
/// and how long it drains.
///
/// ```swift
/// try ServerOptions.parse(["--port", "8080", "--endpoint", "http://127.0.0.1:9000", "--vendor", "segment"])
/// ```
public struct ServerOptions: Sendable, Equatable {
  /// What the command line asks for.
  public enum Command: Sendable, Equatable {
    /// Print ``ServerOptions/help``.
    case help
    /// Serve with these options.
    case run(ServerOptions)
  }

  /// The TCP port; 0 picks a free one (the server prints it).
  public var port = 8080
  /// The IPv4 address to listen on: loopback unless told.
  public var address = "127.0.0.1"
  /// How long shutdown may take, stopping the connections and flushing the vendors, in seconds.
  public var drainSeconds = 10
  /// The vendors, the endpoint and the queue: the shop's options.
  public var shop = ShopOptions()

  /// The defaults: port 8080 on loopback, every vendor, a 10-second drain; an endpoint must be given.
  public init() {}

  /// The help text (`--help`).
  public static let help = """
    usage: shop-server --endpoint URL [options]

    A small backend for the shop: POST /orders tracks each order as "Order Completed" for its user,
    with the client's IP and user agent; GET /health answers 200. SIGTERM or SIGINT stops it: it stops
    accepting, drains within --drain-seconds, prints one summary line per vendor and exits 0.

      POST /orders  {"userId": "u-1", "orderId": "o-1", "total": 12.5, "currency": "EUR"}
                    202 at once; 400 with the rule a malformed body broke (nothing tracked)

    options:
      --endpoint URL      deliver to URL (the vendor's paths appended); https, or http to loopback
      --vendor V          ga4 | mixpanel | amplitude | segment | posthog | all (default: all)
      --port N            the TCP port (default: 8080; 0 picks a free one)
      --address A         the IPv4 address to listen on (default: 127.0.0.1; 0.0.0.0 for all)
      --drain-seconds N   the longest shutdown may take (default: 10)
      --storage DIR       a queue on disk in DIR, one subdirectory per vendor (default: in memory)
      --max-pending-mb N  the most pending data per vendor, in MiB, before the oldest is dropped
      --help              this text
    """

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String]) throws(ServerOptionsError) -> Command {
    var options = ServerOptions()
    var shopArguments: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(ServerOptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.first, !next.hasPrefix("--") else { throw .missingValue(option: name) }
        remaining.removeFirst()
        return next
      }
      switch name {
      case "--help":
        return .help
      case "--port":
        let text = try value()
        guard let port = Int(text), (0...65535).contains(port) else { throw .invalidNumber(option: name, value: text, rule: "a port, 0 to 65535") }
        options.port = port
      case "--address":
        let text = try value()
        guard Socket.isIPAddress(text), !text.contains(":") else { throw .invalidAddress(text) }
        options.address = text
      case "--drain-seconds":
        let text = try value()
        guard let seconds = Int(text), (1...3600).contains(seconds) else {
          throw .invalidNumber(option: name, value: text, rule: "a whole number of seconds, 1 to 3600")
        }
        options.drainSeconds = seconds
      case "--endpoint", "--vendor", "--storage", "--max-pending-mb":
        shopArguments += [name, try value()]
      default:
        throw .unknownOption(name)
      }
    }
    do {
      guard case let .run(shop) = try ShopOptions.parse(shopArguments) else { return .help }
      options.shop = shop
    } catch {
      throw .shop(error)
    }
    guard options.shop.endpoint != nil else { throw .missingEndpoint }
    return .run(options)
  }
}

/// A command line `shop-server` cannot run; every message names the rule and how to fix it.
public enum ServerOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option `shop-server` does not have.
  case unknownOption(String)
  /// An argument that is not an option.
  case unexpectedArgument(String)
  /// An option given without its value.
  case missingValue(option: String)
  /// A number that breaks `rule`.
  case invalidNumber(option: String, value: String, rule: String)
  /// An `--address` that is not an IPv4 address.
  case invalidAddress(String)
  /// No `--endpoint`: the server has nowhere to deliver.
  case missingEndpoint
  /// A vendor option the shop refused.
  case shop(ShopOptionsError)

  /// The message, ending with the fix.
  public var description: String {
    switch self {
    case let .unknownOption(option):
      "Unknown option \(option). To fix this, use one of the options listed by shop-server --help."
    case let .unexpectedArgument(argument):
      "Unexpected argument \"\(argument)\": every argument is an option starting with --. To fix this, see shop-server --help."
    case let .missingValue(option):
      "\(option) needs a value. To fix this, write \(option) VALUE or \(option)=VALUE."
    case let .invalidNumber(option, value, rule):
      "\(option) must be \(rule), not \"\(value)\". To fix this, pass \(option) with \(rule)."
    case let .invalidAddress(text):
      "--address must be an IPv4 address, not \"\(text)\". To fix this, pass 127.0.0.1 (this machine) or 0.0.0.0 (every interface)."
    case .missingEndpoint:
      "shop-server needs --endpoint. To fix this, pass the base URL to deliver to, such as http://127.0.0.1:9000."
    case let .shop(error):
      error.description
    }
  }
}
