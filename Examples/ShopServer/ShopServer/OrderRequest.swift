import Foundation
import Trackers

/// The body of `POST /orders`: `{"userId": "u-1", "orderId": "o-1", "total": 12.5, "currency": "EUR"}`,
/// and optionally the visitor's `"anonymousId"` (GA4's `client_id`; else the request's `_ga` cookie gives it).
///
/// Parsing checks every rule and names the first one broken, so a client learns what to fix from the 400:
///
/// ```swift
/// try OrderRequest.parse(Array(#"{"userId": "u-1", "orderId": "o-1", "total": -1, "currency": "EUR"}"#.utf8))
/// // throws: "total" must be a finite number >= 0
/// ```
public struct OrderRequest: Sendable, Equatable {
  /// The customer's id in the shop.
  public var userId: String
  /// The order's id.
  public var orderId: String
  /// What the customer paid, in ``currency``.
  public var total: Double
  /// The ISO 4217 code of ``total``.
  public var currency: String
  /// The visitor's anonymous id, if the body gives one.
  public var anonymousId: String?

  /// The longest id accepted, in characters.
  public static let maxIdLength = 256

  /// Creates an order request.
  public init(userId: String, orderId: String, total: Double, currency: String, anonymousId: String? = nil) {
    self.userId = userId
    self.orderId = orderId
    self.total = total
    self.currency = currency
    self.anonymousId = anonymousId
  }

  /// The standard event the order means: `Order Completed`, every vendor's purchase event. The body has
  /// no products, so the total is also the revenue (else the revenue would be the products' subtotal, 0).
  public var analytics: AnalyticsData {
    .standard(.orderCompleted(
      StandardEvent.Order(id: orderId, currency: currency, products: [], total: total, revenue: total)))
  }

  /// Parses and checks a body; the error names the rule it broke.
  public static func parse(_ body: [UInt8]) throws(OrderRequestError) -> OrderRequest {
    let fields: [String: PropertyValue]
    do {
      // PropertyValue's decoding refuses values nested deeper than its limit, so a hostile body can't
      // exhaust the stack.
      fields = try JSONDecoder().decode([String: PropertyValue].self, from: Data(body))
    } catch {
      throw .notAnObject
    }
    guard case let .string(userId)? = fields["userId"], isValidId(userId) else { throw .invalidId("userId") }
    guard case let .string(orderId)? = fields["orderId"], isValidId(orderId) else { throw .invalidId("orderId") }
    let total: Double
    switch fields["total"] {
    case let .int(value)?: total = Double(value)
    case let .double(value)?: total = value
    default: throw .invalidTotal
    }
    guard total.isFinite, total >= 0 else { throw .invalidTotal }
    guard case let .string(currency)? = fields["currency"],
      currency.utf8.count == 3, currency.utf8.allSatisfy({ (65...90).contains($0) })
    else { throw .invalidCurrency }
    var anonymousId: String?
    switch fields["anonymousId"] {
    case nil, .null?: break
    case let .string(id)? where isValidId(id): anonymousId = id
    default: throw .invalidId("anonymousId")
    }
    return OrderRequest(userId: userId, orderId: orderId, total: total, currency: currency, anonymousId: anonymousId)
  }

  private static func isValidId(_ id: String) -> Bool {
    !id.isEmpty && id.count <= maxIdLength && !id.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}

/// A `POST /orders` body that breaks a rule; the description is the rule, as the 400 answers it.
public enum OrderRequestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Not a JSON object.
  case notAnObject
  /// The named id is missing (but `anonymousId` may be), empty, too long, not a string, or has control
  /// characters.
  case invalidId(String)
  /// `total` is missing, not a number, negative or not finite.
  case invalidTotal
  /// `currency` is not three capital letters.
  case invalidCurrency

  /// The rule, in the words the 400 uses.
  public var description: String {
    switch self {
    case .notAnObject:
      #"the body must be a JSON object: {"userId": "...", "orderId": "...", "total": 12.5, "currency": "EUR"}"#
    case let .invalidId(field):
      #""\#(field)" must be a non-empty string of at most \#(OrderRequest.maxIdLength) characters, without control characters"#
    case .invalidTotal:
      #""total" must be a finite number >= 0"#
    case .invalidCurrency:
      #""currency" must be an ISO 4217 code of three capital letters, such as "EUR""#
    }
  }
}
