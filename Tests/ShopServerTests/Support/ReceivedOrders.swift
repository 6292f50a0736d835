import Foundation
import ShopApp
import VendorTestSupport

/// The orders each vendor received at the collector, by order id: the user, IP and user agent each came
/// with, read where each vendor's wire format puts them.
struct ReceivedOrders {
  struct Order: Equatable {
    var user: String?
    var ip: String?
    var userAgent: String?
  }

  private(set) var orders: [Vendor: [String: Order]] = [:]
  /// Order ids that arrived more than once.
  private(set) var duplicates: [Vendor: [String]] = [:]

  init(_ requests: [Collector.Request]) throws {
    for request in requests {
      let body = try request.jsonObject()
      switch request.path {
      case "/v1/batch":
        for event in (body as? [String: Any])?["batch"] as? [[String: Any]] ?? [] {
          let context = event["context"] as? [String: Any]
          add(.segment, event, Order(user: event["userId"] as? String, ip: context?["ip"] as? String,
                                     userAgent: context?["userAgent"] as? String))
        }
      case "/import":
        for event in body as? [[String: Any]] ?? [] {
          let properties = event["properties"] as? [String: Any]
          add(.mixpanel, event, Order(user: properties?["$user_id"] as? String, ip: properties?["ip"] as? String))
        }
      case "/batch/":
        for event in (body as? [String: Any])?["batch"] as? [[String: Any]] ?? [] {
          let properties = event["properties"] as? [String: Any]
          let user = (event["distinct_id"] ?? properties?["distinct_id"]) as? String
          add(.posthog, event, Order(user: user, ip: properties?["$ip"] as? String,
                                     userAgent: properties?["$raw_user_agent"] as? String))
        }
      case "/2/httpapi":
        for event in (body as? [String: Any])?["events"] as? [[String: Any]] ?? [] {
          add(.amplitude, event, Order(user: event["user_id"] as? String, ip: event["ip"] as? String))
        }
      case "/mp/collect":
        let envelope = body as? [String: Any]
        for event in envelope?["events"] as? [[String: Any]] ?? [] {
          add(.ga4, event, Order(user: envelope?["user_id"] as? String, ip: envelope?["ip_override"] as? String))
        }
      default:
        continue
      }
    }
  }

  /// Records `order` under the order id found in `event` (the one string value that starts with
  /// `order-`, wherever the vendor keeps it).
  private mutating func add(_ vendor: Vendor, _ event: Any, _ order: Order) {
    guard let id = Self.orderId(in: event) else { return }
    if orders[vendor, default: [:]][id] != nil { duplicates[vendor, default: []].append(id) }
    orders[vendor, default: [:]][id] = order
  }

  private static func orderId(in value: Any) -> String? {
    switch value {
    case let text as String: text.hasPrefix("order-") ? text : nil
    case let object as [String: Any]: object.values.lazy.compactMap(orderId(in:)).first
    case let array as [Any]: array.lazy.compactMap(orderId(in:)).first
    default: nil
    }
  }
}
