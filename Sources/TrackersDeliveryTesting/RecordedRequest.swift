import Foundation
import Trackers
import TrackersDelivery

/// A request a ``ScriptedTransport`` received, with readers for the forms vendors send: JSON, a form, a
/// query.
///
/// ```swift
/// let request = transport.requests[0]
/// #expect(request.path == "/batch/")
/// #expect(try request.json()["api_key"] == "phc_key")
/// #expect(request.queryItems["ip"] == "0")
/// ```
public struct RecordedRequest: Sendable, CustomStringConvertible {
  /// The request as the module built it.
  public let request: HTTPRequest
  /// When the transport received it, on the continuous clock: the gap between two requests shows a
  /// backoff.
  package let receivedAt: ContinuousClock.Instant

  /// Wraps a request received at `receivedAt`.
  package init(_ request: HTTPRequest, receivedAt: ContinuousClock.Instant = .now) {
    self.request = request
    self.receivedAt = receivedAt
  }

  /// "POST".
  public var method: String { request.method }
  /// The URL's path exactly as sent, percent-encoding and a trailing slash kept: "/2/httpapi", PostHog's
  /// "/batch/"; "/" for a URL without one.
  public var path: String {
    let path = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
    return path.isEmpty ? "/" : path
  }
  /// The query's items, by name (the last one wins for a repeated name).
  public var queryItems: [String: String] {
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
  }
  /// A header's value, whatever the case of its name.
  public func header(_ name: String) -> String? {
    if let value = request.headers[name] { return value }
    return request.headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
  /// The body's bytes.
  public var body: [UInt8] { request.body }
  /// The body as UTF-8 text.
  public var bodyText: String { String(decoding: request.body, as: UTF8.self) }

  /// The body parsed as JSON: compare parsed values with `==`, never strings (member order and spacing
  /// don't matter; `5` is not `5.0`).
  ///
  /// Parsed by `JSONSerialization`, which reads a 10,000-event batch in milliseconds where decoding
  /// `PropertyValue` with `JSONDecoder` takes seconds in a debug build.
  public func json() throws -> PropertyValue {
    try Self.json(Data(request.body))
  }

  /// The JSON inside one field of a form body, as vendors that post `requests=[...]&app_key=...` send it
  /// (Countly's `/i/bulk`, Mixpanel's `data=`): the field is decoded from the form first.
  ///
  /// ```swift
  /// let requests = try request.json(inFormField: "requests")
  /// #expect(requests.arrayValue?.first?["device_id"] == "device-1")
  /// ```
  ///
  /// Throws ``MissingField`` when the form has no such field, so a test failure names it.
  public func json(inFormField name: String) throws -> PropertyValue {
    let form = form()
    guard let text = form[name] else {
      throw MissingField(name: name, place: "form has no field", present: form.keys.sorted())
    }
    return try Self.json(Data(text.utf8))
  }

  /// The JSON inside one item of the URL's query (a vendor that sends `GET /i?events=[...]`), decoded
  /// from the query first.
  ///
  /// ```swift
  /// let events = try request.json(inQueryItem: "events")
  /// ```
  ///
  /// Throws ``MissingField`` when the query has no such item.
  public func json(inQueryItem name: String) throws -> PropertyValue {
    guard let text = queryItems[name] else {
      throw MissingField(name: name, place: "query has no item", present: queryItems.keys.sorted())
    }
    return try Self.json(Data(text.utf8))
  }

  /// A form field or query item that ``json(inFormField:)`` or ``json(inQueryItem:)`` looked for and the
  /// request does not have: "the request's form has no field "requests" (it has: app_key, device_id)".
  public struct MissingField: Error, CustomStringConvertible {
    /// The name looked for (the description names it too).
    package let name: String
    /// What was missing and the names the request has there, sorted.
    public let description: String

    init(name: String, place: String, present: [String]) {
      self.name = name
      let has = present.isEmpty ? "none" : present.joined(separator: ", ")
      description = "the request's \(place) \"\(name)\" (it has: \(has))"
    }
  }

  private static func json(_ data: Data) throws -> PropertyValue {
    propertyValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
  }

  private static func propertyValue(_ object: Any) -> PropertyValue {
    switch object {
    case let string as String:
      return .string(string)
    case let number as NSNumber:
      // `JSONSerialization` makes Booleans `c` and numbers written with a fraction or exponent `d`.
      switch String(cString: number.objCType) {
      case "c": return .bool(number.boolValue)
      case "d", "f": return .double(number.doubleValue)
      default: return .int(number.intValue)
      }
    case let array as [Any]:
      return .array(array.map(propertyValue))
    case let object as [String: Any]:
      return .object(object.mapValues(propertyValue))
    default:
      return .null
    }
  }

  /// The body parsed as `application/x-www-form-urlencoded`: `data=...&verbose=1`.
  public func form() -> [String: String] {
    var components = URLComponents()
    components.percentEncodedQuery = bodyText.replacingOccurrences(of: "+", with: "%20")
    let items = components.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
  }

  /// The request's one-line description, secrets redacted.
  public var description: String { request.description }
}
