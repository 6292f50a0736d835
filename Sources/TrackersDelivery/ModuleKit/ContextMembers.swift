import Trackers

/// The JSON members a vendor module writes for a ``TrackingContext``: its own field names, in its
/// own order, each with a value or `nil` (left out, as is an empty string). Modules build it once per context change and append
/// the bytes to the fields they cache per identity, so no event pays for it.
///
/// ```swift
/// let members: ContextMembers = [
///   ("$lib", .string(context.library.name)),
///   ("$os_version", .string(context.os.version)),
///   ("$screen_width", context.screen.map { .int($0.width) }),   // nil: not sent
/// ]
/// members.appendJSON(to: &bytes)   // ,"$lib":"swift-trackers","$os_version":"18.1"
/// ```
public struct ContextMembers: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// The members, in the order they are written; a `nil` value is left out.
  package var members: [(key: String, value: PropertyValue?)]

  /// Creates the members from `(key, value)` pairs.
  public init(arrayLiteral elements: (String, PropertyValue?)...) {
    self.members = elements.map { (key: $0.0, value: $0.1) }
  }

  /// The members with a value, in order; an empty string is no value (a server's context has no OS name:
  /// ``DeliveryOptions/Deployment/server``).
  package var present: [(key: String, value: PropertyValue)] {
    members.compactMap { member in
      guard let value = member.value, value != .string("") else { return nil }
      return (key: member.key, value: value)
    }
  }

  /// Appends `,"key":value` for each member with a value (a leading comma each, to follow other members).
  public func appendJSON(to bytes: inout [UInt8]) {
    for (key, value) in present {
      bytes.append(UInt8(ascii: ","))
      JSONWriter.appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      value.appendJSON(to: &bytes, dates: .iso8601, sortedKeys: true)
    }
  }

  /// The members with a value as an object value, to nest inside other members (Segment's
  /// `context.device`); `nil` when none has a value.
  public var objectValue: PropertyValue? {
    let present = present
    return present.isEmpty ? nil : .object(Dictionary(present, uniquingKeysWith: { $1 }))
  }

  /// The members with a value as a JSON object's bytes: `{"name":"iOS","version":"18.1"}`; `nil` when none
  /// has a value.
  public func objectJSON() -> [UInt8]? {
    var bytes: [UInt8] = []
    appendJSON(to: &bytes)
    guard !bytes.isEmpty else { return nil }
    bytes[0] = UInt8(ascii: "{")
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  public static func == (lhs: ContextMembers, rhs: ContextMembers) -> Bool {
    lhs.members.elementsEqual(rhs.members) { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for (key, value) in members {
      hasher.combine(key)
      hasher.combine(value)
    }
  }
}
