import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 22's vocabulary with hostile values (non-finite and huge amounts, `Int.min` quantities, empty and
/// odd ids, names and currencies, placeholder and huge user ids), mixed with super properties that change
/// every later event and timers, through the five live vendor modules: nothing traps, every request body
/// is strict JSON, and every value has a counted fate (refused under a rule, repaired as the vendor's SDK
/// repairs it, kept as local state, counted as unsupported, or queued).
@Suite struct UserModelFuzzTests {
  static let values = 1_500

  @Test func hostileUserModelValuesAreSentAsStrictJSONOrCounted() async throws {
    let storage = try TemporaryStorage("fuzz-user-model")
    let vendors = try Vendor.all(storage: storage)
    var generator = UserModelValues(seed: 0x5EED_0022)
    let values = (0..<Self.values).map { _ in generator.next() }
    var failures: [String] = []
    var fates: [String: Int] = [:]
    withIsolatedEnvironments {
      for vendor in vendors { vendor.install() }
      for data in values {
        for vendor in vendors {
          let before = vendor.environment.counters()
          _ = collectingIssues { vendor.track(data) }
          let after = vendor.environment.counters()
          let fate = Self.fate(before, after)
          fates["\(vendor.name) \(fate ?? "lost")", default: 0] += 1
          if fate == nil { failures.append("\(vendor.name): \(data) has no counted fate") }
        }
      }
    }
    for vendor in vendors {
      _ = await vendor.environment.deliverPending()
      await vendor.environment.close()
      for request in vendor.transport.requests {
        do { try StrictJSON.check(request.body) } catch {
          failures.append("\(vendor.name): a request body to \(request.path) is not strict JSON: \(error)")
        }
      }
    }
    print("User-model fuzz: \(Self.values) values through 5 vendors: " + fates.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    // Each fate came up for the run to mean something.
    for fate in ["invalid", "local", "queued"] {
      #expect(fates.keys.contains { $0.hasSuffix(" \(fate)") }, "no value was \(fate): \(fates)")
    }
  }

  /// Whatever surrounds them, the values of parameters that are not kept never survive a deep link's
  /// redaction, in its query or its fragment.
  @Test func hostileLinksNeverKeepATokenTheyWereNotToldToKeep() {
    var generator = UserModelValues(seed: 0x5EED_0027)
    var leaks: [String] = []
    for _ in 0..<5_000 {
      let raw = generator.url() + "?&tok=SECRET" + generator.url() + "#&%74ok=SECRET"
      let link = StandardEvent.DeepLink(url: raw, referrer: raw, keepingParameters: StandardEvent.DeepLink.campaignParameters)
      if link.url.contains("SECRET") || link.referrer?.contains("SECRET") == true { leaks.append(raw) }
    }
    #expect(leaks.isEmpty, "\(leaks.prefix(5))")
  }

  /// What the counters say became of one value, or `nil` if nothing counted it.
  static func fate(_ before: TrackerCounters, _ after: TrackerCounters) -> String? {
    if after.invalid > before.invalid { return "invalid" }
    if after.repaired > before.repaired { return "repaired" }
    if after.identityUpdates > before.identityUpdates { return "local" }
    if after.unsupported > before.unsupported { return "unsupported" }
    if after.notEnqueued > before.notEnqueued { return "notEnqueued" }
    if after.delivery.enqueued > before.delivery.enqueued { return "queued" }
    return nil
  }
}

/// Makes the user-model cases with hostile values from a seed.
struct UserModelValues {
  var hostile: HostileValues

  init(seed: UInt64) { hostile = HostileValues(seed: seed) }

  mutating func next() -> AnalyticsData {
    switch hostile.random.below(10) {
    case 0, 1: return .standard(standard(), properties: hostile.properties(count: hostile.random.int(in: 0...3)))
    case 2: return .alias(userId: hostile.userId() ?? "")
    case 3: return .group(type: hostile.name(), key: hostile.string(), traits: hostile.properties(count: hostile.random.int(in: 0...4)))
    case 4: return .profile(profileOperation())
    case 5:
      let properties = hostile.properties(count: hostile.random.int(in: 1...3))
      return .superProperties(hostile.random.oneIn(2) ? .register(properties) : .registerOnce(properties))
    case 6: return .superProperties(hostile.random.oneIn(2) ? .unregisterAll : .unregister(hostile.name()))
    case 7: return .timeEvent(name: hostile.eventName())
    default: return hostile.carrying(hostile.properties(count: hostile.random.int(in: 0...3)))
    }
  }

  mutating func amount() -> Double? {
    switch hostile.random.below(4) {
    case 0: nil
    case 1: hostile.double()
    default: Double(hostile.random.int(in: 0...100_000)) / 100
    }
  }

  mutating func optionalString() -> String? { hostile.random.oneIn(3) ? nil : hostile.string() }

  mutating func product() -> StandardEvent.Product {
    StandardEvent.Product(
      id: hostile.random.oneIn(6) ? "" : hostile.string(), name: optionalString(), sku: optionalString(),
      category: optionalString(), brand: optionalString(), variant: optionalString(), price: amount(),
      quantity: hostile.random.oneIn(4) ? hostile.int() : hostile.random.int(in: 1...5), coupon: optionalString(),
      currency: hostile.random.oneIn(2) ? "EUR" : optionalString())
  }

  mutating func order() -> StandardEvent.Order {
    StandardEvent.Order(
      id: optionalString(), currency: hostile.random.oneIn(3) ? hostile.string() : "USD",
      products: (0..<hostile.random.int(in: 0...4)).map { _ in product() }, total: amount(), revenue: amount(),
      tax: amount(), shipping: amount(), discount: amount(), coupon: optionalString())
  }

  mutating func standard() -> StandardEvent {
    switch hostile.random.below(14) {
    case 0: .productViewed(product())
    case 1: .productAdded(product())
    case 2: .productRemoved(product())
    case 3: .cartViewed(order())
    case 4: .checkoutStarted(order())
    case 5: .orderCompleted(order())
    case 6: .orderRefunded(order())
    case 7: .signedUp(method: optionalString())
    case 8: .loggedIn(method: optionalString())
    case 9: .searched(query: hostile.string())
    case 10: .shared(method: optionalString(), contentType: optionalString(), itemId: optionalString())
    case 11:
      .deepLinkOpened(StandardEvent.DeepLink(
        url: url(), referrer: hostile.random.oneIn(2) ? url() : optionalString(),
        keepingParameters: hostile.random.oneIn(2) ? StandardEvent.DeepLink.campaignParameters : [hostile.string(), "*"]))
    case 12: .pushNotificationReceived(StandardEvent.PushNotification(userInfo: userInfo()))
    default: .pushNotificationOpened(StandardEvent.PushNotification(userInfo: userInfo(), action: optionalString()))
    }
  }

  /// A URL-like text from hostile pieces and the characters a URL parser splits on.
  mutating func url() -> String {
    let pieces = ["://", "?", "#", "&", "=", "@", "%", "%2", "%ZZ", "%25", "utm_", "+", "/", ":", "[", "]"]
    return (0..<hostile.random.int(in: 0...8)).map { _ in
      hostile.random.oneIn(2) ? pieces[hostile.random.below(pieces.count)] : hostile.string()
    }.joined()
  }

  /// A notification payload with the known campaign keys holding values of any type, nested objects and
  /// keys that are not text.
  mutating func userInfo() -> [AnyHashable: Any] {
    let keys = [
      "google.c.a.c_id", "google.c.a.c_l", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
      "campaign", "aps",
    ]
    var payload: [AnyHashable: Any] = [:]
    for _ in 0..<hostile.random.int(in: 0...6) {
      let key = keys[hostile.random.below(keys.count)]
      switch hostile.random.below(5) {
      case 0: payload[key] = hostile.string()
      case 1: payload[key] = hostile.value()
      case 2: payload[key] = hostile.int()
      case 3: payload[key] = ["name": hostile.string(), "source": hostile.int(), "medium": hostile.value()] as [String: Any]
      default: payload[AnyHashable(hostile.int())] = ["campaign": hostile.string()]
      }
    }
    return payload
  }

  mutating func profileOperation() -> ProfileOperation {
    let name = hostile.name()
    switch hostile.random.below(7) {
    case 0: return .setOnce(name: name, value: hostile.value())
    case 1: return .increment(name: name, by: hostile.random.oneIn(2) ? .double(hostile.double()) : hostile.value())
    case 2: return .append(name: name, value: hostile.value())
    case 3: return .prepend(name: name, value: hostile.value())
    case 4: return .union(name: name, values: (0..<hostile.random.int(in: 0...5)).map { _ in hostile.value() })
    case 5: return .remove(name: name, value: hostile.value())
    default: return .unset(name: name)
    }
  }
}
