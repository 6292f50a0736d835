import Foundation
import Trackers

/// The shop's command line, parsed without dependencies.
///
/// ```swift
/// switch try ShopOptions.parse(["--vendor", "mixpanel", "--endpoint", "http://127.0.0.1:8080"]) {
/// case .help: print(ShopOptions.help)
/// case let .run(options): ...
/// }
/// ```
public struct ShopOptions: Sendable, Equatable {
  /// What the command line asks for.
  public enum Command: Sendable, Equatable {
    /// Print ``ShopOptions/help``.
    case help
    /// Run with these options.
    case run(ShopOptions)
  }

  /// The vendors to send to, in the order of ``Vendor/allCases``.
  public var vendors: [Vendor] = Vendor.allCases
  /// Deliver to this base URL (the vendor's paths appended) instead of printing offline.
  public var endpoint: URL?
  /// The queue directory (one subdirectory per vendor); a fresh temporary directory when `nil`.
  public var storage: URL?
  /// The pending cap per vendor, in mebibytes; the delivery queue's default when `nil`.
  public var maxPendingMegabytes: Int?
  /// Load mode: this many synthetic events instead of the scripted journey.
  public var eventCount: Int?
  /// Send what is pending in ``storage``, then exit.
  public var drain = false
  /// The user's answer for this run (`--consent`), saved in ``storage``: granted unless told otherwise.
  public var consent: ConsentStatus = .granted
  /// Opt out of all tracking (`--opt-out`): saved in ``storage``, so it holds in later runs until ``optIn``.
  public var optOut = false
  /// Lift an opt-out saved in ``storage`` (`--opt-in`).
  public var optIn = false
  /// Send request bodies uncompressed (`--plain-bodies`), for a collector that reads them as they are.
  public var plainBodies = false

  /// The defaults: every vendor, offline, the scripted journey.
  public init() {}

  /// The pending cap in bytes, if one was given.
  public var maxPendingBytes: Int? { maxPendingMegabytes.map { $0 << 20 } }

  /// The help text (`--help`).
  public static let help = """
    usage: shop [options]

    With no options, plays a short scripted journey (launch from a push notification, a deep link,
    browse, sign up, add to cart, checkout, an API timeout, logout) offline and shows, per event, what
    each vendor would receive, or why it sends nothing. The journey uses the whole user model: a super
    property, standard e-commerce events with the order's revenue, a redacted deep link, push
    notifications, an alias, a group, a timed checkout and profile operations.

    options:
      --vendor V          ga4 | mixpanel | amplitude | segment | posthog | all (default: all)
      --endpoint URL      deliver to URL (the vendor's paths appended) instead of printing offline;
                          https, or http to a loopback host (127.0.0.1, localhost, ::1) only
      --storage DIR       queue directory, one subdirectory per vendor (default: a new temporary directory)
      --max-pending-mb N  the most pending data per vendor, in MiB, before the oldest is dropped
      --events N          load mode: N synthetic events (integer property seq = 0..N-1) tracked as fast
                          as possible; prints "tracked <n>" after every 1,000 accepted events
      --drain             send what is pending in --storage, then exit
      --consent C         the user's answer: granted | unknown | denied (default: granted); unknown and
                          denied need --endpoint
                            granted  events are delivered
                            unknown  nothing is sent: events wait in --storage until a run with consent
                                     (they count as pending; `--consent granted --drain` sends them)
                            denied   nothing is sent or kept: events are refused, and what --storage had
                                     pending is purged (both counted in dropped=)
      --opt-out           stop all tracking, as denied, and remember it in --storage/consent.json: later
                          runs send nothing whatever --consent says, until --opt-in; needs --endpoint
      --opt-in            lift a remembered --opt-out; needs --endpoint
      --plain-bodies      send request bodies uncompressed (by default they go gzip-compressed where the
                          vendor accepts it), for a collector that reads bodies as they are
      --help              show this text

    E-mail addresses, phone numbers, card numbers and IP addresses in events are replaced by markers
    such as [redacted:email] before any vendor sees them, online or offline.

    Before exiting, prints one line per vendor:
      summary vendor=<v> tracked=<n> delivered=<n> unsupported=<n> repaired=<n> dropped=<n> retried=<n> pending=<n> track_ns_per_event=<x> elapsed_s=<x>
    and exits with status 1 if anything was dropped, including events refused or purged for consent.
    unsupported= counts what the vendor refuses by design, an operation it does not have (Segment has no
    increment on traits): never sent, shown as "not sent, by design" on the journey's line, not a drop.
    repaired= counts events a vendor rule changed before they were sent, as the vendor's own SDK changes
    them (GA4 drops a parameter value over 100 characters): sent, shown as "repaired" on the line.
    When consent is not granted, a line per vendor before it says why:
      privacy vendor=<v> consent=<c> opted_out=<yes|no> refused=<n> purged=<n> waiting=<n>
    """

  /// Parses the arguments (without the program name); `--name value` and `--name=value` both work.
  /// - Throws: ``ShopOptionsError`` naming the rule the arguments broke.
  public static func parse(_ arguments: [String]) throws(ShopOptionsError) -> Command {
    var options = ShopOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "-h" { return .help }
      guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
      let name: String
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      func value() throws(ShopOptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.first, !next.hasPrefix("--") else { throw .missingValue(option: name) }
        remaining.removeFirst()
        return next
      }
      func flag() throws(ShopOptionsError) {
        if inlineValue != nil { throw .unexpectedValue(option: name) }
      }
      switch name {
      case "--help":
        return .help
      case "--vendor":
        options.vendors = try parseVendors(value())
      case "--endpoint":
        options.endpoint = try parseEndpoint(value())
      case "--storage":
        let path = try value()
        guard !path.isEmpty else { throw .missingValue(option: name) }
        options.storage = URL(fileURLWithPath: path, isDirectory: true)
      case "--max-pending-mb":
        options.maxPendingMegabytes = try parsePositive(value(), option: name)
      case "--events":
        options.eventCount = try parseNonNegative(value(), option: name)
      case "--drain":
        try flag()
        options.drain = true
      case "--consent":
        options.consent = try parseConsent(value())
      case "--opt-out":
        try flag()
        options.optOut = true
      case "--opt-in":
        try flag()
        options.optIn = true
      case "--plain-bodies":
        try flag()
        options.plainBodies = true
      default:
        throw .unknownOption(name)
      }
    }
    try options.validate()
    return .run(options)
  }

  private func validate() throws(ShopOptionsError) {
    if drain && eventCount != nil { throw .conflict("--drain", "--events") }
    if drain && storage == nil { throw .requires(option: "--drain", other: "--storage") }
    if drain && endpoint == nil { throw .requires(option: "--drain", other: "--endpoint") }
    if eventCount != nil && endpoint == nil { throw .requires(option: "--events", other: "--endpoint") }
    if optOut && optIn { throw .conflict("--opt-out", "--opt-in") }
    if endpoint == nil {
      // Offline there is no queue to hold or purge; granted is what offline shows anyway.
      if consent != .granted { throw .requires(option: "--consent \(consent)", other: "--endpoint") }
      if optOut { throw .requires(option: "--opt-out", other: "--endpoint") }
      if optIn { throw .requires(option: "--opt-in", other: "--endpoint") }
      if plainBodies { throw .requires(option: "--plain-bodies", other: "--endpoint") }
      if storage != nil { throw .requires(option: "--storage", other: "--endpoint") }
      if maxPendingMegabytes != nil { throw .requires(option: "--max-pending-mb", other: "--endpoint") }
    }
  }

  private static func parseConsent(_ text: String) throws(ShopOptionsError) -> ConsentStatus {
    guard let status = ConsentStatus(rawValue: text) else { throw .unknownConsent(text) }
    return status
  }

  private static func parseVendors(_ text: String) throws(ShopOptionsError) -> [Vendor] {
    if text == "all" { return Vendor.allCases }
    guard let vendor = Vendor(rawValue: text) else { throw .unknownVendor(text) }
    return [vendor]
  }

  private static func parseEndpoint(_ text: String) throws(ShopOptionsError) -> URL {
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty,
      let url = components.url
    else { throw .invalidEndpoint(text) }
    if scheme == "http" && !isLoopback(host) { throw .insecureEndpoint(text) }
    return url
  }

  /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or `::1`.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if host == "localhost" || host == "::1" { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
  }

  private static func parsePositive(_ text: String, option: String) throws(ShopOptionsError) -> Int {
    guard let number = Int(text), number > 0 else { throw .invalidNumber(option: option, value: text, rule: "a whole number above 0") }
    return number
  }

  private static func parseNonNegative(_ text: String, option: String) throws(ShopOptionsError) -> Int {
    guard let number = Int(text), number >= 0 else { throw .invalidNumber(option: option, value: text, rule: "a whole number, 0 or more") }
    return number
  }
}
