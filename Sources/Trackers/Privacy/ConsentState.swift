/// What the user consented to: an overall answer, optional answers per purpose and per destination, and
/// the opt-out switch.
///
/// An event for a purpose reaches a destination only when both the purpose and the destination are
/// granted. A purpose without its own answer follows ``status``; a destination without its own answer
/// follows the purpose. Denied wins over unknown, which wins over granted. Opt-out denies everything.
///
/// ```swift
/// var state = ConsentState(status: .granted, destinations: ["Amplitude": .denied])
/// state.status(for: .analytics, destination: "Mixpanel")   // .granted
/// state.status(for: .analytics, destination: "Amplitude")  // .denied
/// state.isOptedOut = true
/// state.status(for: .analytics, destination: "Mixpanel")   // .denied
/// ```
public struct ConsentState: Sendable, Hashable {
  /// The answer for every purpose that has none of its own in ``purposes``.
  public var status: ConsentStatus
  /// Answers for single purposes, which override ``status``.
  public var purposes: [ConsentPurpose: ConsentStatus]
  /// Answers for single destinations (vendor names such as "Mixpanel"), which can only narrow what the
  /// purpose allows.
  public var destinations: [String: ConsentStatus]
  /// The user opted out of all tracking: every destination is denied, whatever the other answers say.
  public var isOptedOut: Bool

  /// Creates a state; the default is "not answered yet", with no opt-out.
  public init(
    status: ConsentStatus = .unknown,
    purposes: [ConsentPurpose: ConsentStatus] = [:],
    destinations: [String: ConsentStatus] = [:],
    isOptedOut: Bool = false
  ) {
    self.status = status
    self.purposes = purposes
    self.destinations = destinations
    self.isOptedOut = isOptedOut
  }

  /// The answer that applies to events sent for `purpose` to `destination` (any destination when `nil`).
  public func status(for purpose: ConsentPurpose, destination: String? = nil) -> ConsentStatus {
    if isOptedOut { return .denied }
    let purposeStatus = purposes[purpose] ?? status
    guard let destination, let destinationStatus = destinations[destination] else { return purposeStatus }
    if purposeStatus == .denied || destinationStatus == .denied { return .denied }
    if purposeStatus == .unknown || destinationStatus == .unknown { return .unknown }
    return .granted
  }

  /// Whether `destination` is refused outright: opted out, or denied by name. Purpose answers are not
  /// considered, because a destination can serve several purposes.
  package func isDenied(destination: String) -> Bool {
    isOptedOut || destinations[destination] == .denied
  }
}

extension ConsentState: Codable {
  private enum CodingKeys: String, CodingKey {
    case version, status, purposes, destinations, optedOut
  }

  /// The version of the file format this code writes.
  static let formatVersion = 1

  /// Decodes a state written by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.formatVersion
    guard version <= Self.formatVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "consent format version \(version) is newer than this library reads (\(Self.formatVersion))"
      )
    }
    status = try container.decode(ConsentStatus.self, forKey: .status)
    let purposes = try container.decodeIfPresent([String: ConsentStatus].self, forKey: .purposes) ?? [:]
    self.purposes = Dictionary(uniqueKeysWithValues: purposes.map { (ConsentPurpose(rawValue: $0.key), $0.value) })
    destinations = try container.decodeIfPresent([String: ConsentStatus].self, forKey: .destinations) ?? [:]
    isOptedOut = try container.decodeIfPresent(Bool.self, forKey: .optedOut) ?? false
  }

  /// Encodes the state, with a format version, as the file ``write(to:)`` stores.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .version)
    try container.encode(status, forKey: .status)
    try container.encode(
      Dictionary(uniqueKeysWithValues: purposes.map { ($0.key.rawValue, $0.value) }), forKey: .purposes
    )
    try container.encode(destinations, forKey: .destinations)
    try container.encode(isOptedOut, forKey: .optedOut)
  }
}
