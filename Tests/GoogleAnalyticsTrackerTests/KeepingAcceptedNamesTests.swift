import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport
@testable import GoogleAnalyticsTracker

/// `GoogleAnalyticsNaming.keepingAcceptedNames`, the naming for a team migrating from the Firebase SDK: a
/// name GA4 accepts is kept exactly, case included (GA4 names are case-sensitive: "logging two events whose
/// names differ only in case will result in two distinct events", FIRAnalytics.h); only what GA4 would
/// refuse is adapted; reserved names are still refused, by the same rules.
@Suite(.isolatedEnvironments)
struct KeepingAcceptedNamesTests {
  let naming = GoogleAnalyticsNaming.keepingAcceptedNames

  /// The names of issue 38, which `.snakeCase` lowercases into new events.
  @Test func firebaseNamesWithCapitalsAreKeptAsTheyAre() {
    let event = AnalyticsData.event(
      name: "clicked_SignIn_on_email_auth_screen", properties: ["LoginInteractionType": "email"])
    #expect(naming.adapted(event) == event)
    #expect(GoogleAnalyticsNaming.snakeCase.adapted(event)
      == .event(name: "clicked_signin_on_email_auth_screen", properties: ["logininteractiontype": "email"]))
    #expect(googleAnalyticsIssues(for: naming.adapted(event)).isEmpty)
    let property = AnalyticsData.userProperty(name: "PreferredLanguage", value: "de")
    #expect(naming.adapted(property) == property)
  }

  /// Each run of refused characters is one underscore (none at the ends), what precedes the first letter
  /// goes, case stays: the rows of the naming's documented table.
  @Test func onlyWhatGA4RefusesIsAdapted() {
    let cases: [(String, String)] = [
      ("Sign In", "Sign_In"), ("Cart -- Total", "Cart_Total"), ("  Cart  ", "Cart"), ("screen.name", "screen_name"),
      ("Größe", "Gr_e"), ("1st Purchase", "st_Purchase"), ("_private", "private"), ("__Private__", "Private__"),
      ("a _b", "a__b"), ("Order #2", "Order_2"), ("ÄÖÜ", ""), ("123", ""), ("", ""),
    ]
    for (name, expected) in cases {
      #expect(naming.adapted(.event(name: name)) == .event(name: expected), "\(name)")
      #expect(naming.adapted(.event(name: "e", properties: [name: 1])) == .event(name: "e", properties: [expected: 1]), "\(name)")
      #expect(naming.adapted(.userProperty(name: name, value: 1)) == .userProperty(name: expected, value: 1), "\(name)")
    }
    let adapted = naming.adapted(.event(name: "Sign In", properties: ["Login Method": "email"]))
    #expect(adapted == .event(name: "Sign_In", properties: ["Login_Method": "email"]))
    #expect(googleAnalyticsIssues(for: adapted).isEmpty)
  }

  /// Randomly drawn names in GA4's form (`[A-Za-z][A-Za-z0-9_]*`, within each role's length), and the
  /// edges of that form: none is changed, in any of the places a name is adapted.
  @Test func aNameFirebaseAcceptsIsNeverChanged() {
    let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let rest = first + Array("0123456789_")
    var random = SplitMix64(seed: 38)
    func name(maximumLength: Int) -> String {
      let length = Int(random.next() % UInt64(maximumLength)) + 1
      return String(first[Int(random.next() % UInt64(first.count))])
        + String((1..<length).map { _ in rest[Int(random.next() % UInt64(rest.count))] })
    }
    var parameterNames = ["a", "Z", "A_", "a__b", "x9", "camelCase", "UPPER_CASE", String(repeating: "Ab", count: 20)]
    var userPropertyNames = ["a", "Z_", "PreferredLanguage", String(repeating: "q", count: 24)]
    for _ in 0..<2_000 {
      parameterNames.append(name(maximumLength: 40))
      userPropertyNames.append(name(maximumLength: 24))
    }
    for name in parameterNames {
      let cases: [AnalyticsData] = [
        .event(name: name, properties: [name: "v"]), .screen(name: "Home", properties: [name: 1]),
        .error(message: "m", properties: [name: 1]), .superProperties(.register([name: "v"])),
        .superProperties(.unregister(name)),
      ]
      for data in cases { #expect(naming.adapted(data) == data, "\(data)") }
    }
    for name in userPropertyNames {
      let cases: [AnalyticsData] = [
        .userProperty(name: name, value: "v"), .userProperty(name: name, value: .null), .userProperties([name: "v"]),
        .profile(.unset(name: name)),
      ]
      for data in cases { #expect(naming.adapted(data) == data, "\(data)") }
    }
  }

  /// Past GA4's limit a name is cut to it: 40 characters for an event or a parameter (a super property is
  /// a parameter of later events), 24 for a user property (a profile operation names one).
  @Test func aLongNameIsCutToItsRolesLimit() {
    let long = "subscription_tier_monthly_x"  // 27 characters
    #expect(naming.adapted(.userProperty(name: long, value: "gold"))
      == .userProperty(name: "subscription_tier_monthl", value: "gold"))
    #expect(naming.adapted(.userProperties([long: "gold"])) == .userProperties(["subscription_tier_monthl": "gold"]))
    #expect(naming.adapted(.profile(.unset(name: long))) == .profile(.unset(name: "subscription_tier_monthl")))
    // The same name is within an event's or a parameter's 40.
    #expect(naming.adapted(.event(name: long, properties: [long: 1])) == .event(name: long, properties: [long: 1]))

    let letters45 = String(repeating: "abcdefghi", count: 5)
    let first40 = String(letters45.prefix(40))
    #expect(naming.adapted(.event(name: letters45, properties: [letters45: 1]))
      == .event(name: first40, properties: [first40: 1]))
    #expect(naming.adapted(.superProperties(.register([letters45: 1]))) == .superProperties(.register([first40: 1])))
    #expect(naming.adapted(.superProperties(.unregister(letters45))) == .superProperties(.unregister(first40)))
    // Adapted, then cut: the cut never splits a character, and the result passes validation.
    let spaced = String(repeating: "Ab Cd ", count: 10)
    let cut = naming.adapted(.event(name: spaced))
    #expect(cut == .event(name: String(String(repeating: "Ab_Cd_", count: 10).prefix(40))))
    #expect(googleAnalyticsIssues(for: cut).isEmpty)
    #expect(googleAnalyticsIssues(for: naming.adapted(.userProperty(name: long, value: "gold"))).isEmpty)
  }

  /// GA4 keeps reserved names and prefixes for itself: the naming does not work around them, so
  /// validation refuses them with the rules it gives the same names without a naming.
  @Test func reservedNamesAreStillRefusedWithTheSameRules() {
    let cases: [(AnalyticsData, [String])] = [
      (.event(name: "first_open"), ["event-name-reserved"]),
      (.event(name: "session_start"), ["event-name-reserved"]),
      (.event(name: "firebase_x"), ["event-name-reserved-prefix"]),
      (.event(name: "ga_session"), ["event-name-reserved-prefix"]),
      (.event(name: "google_x"), ["event-name-reserved-prefix"]),
      (.event(name: "level_up", properties: ["firebase_x": 1]), ["param-name-reserved-prefix"]),
      (.userProperty(name: "first_open_time", value: "x"), ["user-property-name-reserved"]),
      (.userProperty(name: "user_id", value: "x"), ["user-property-name-reserved"]),
      (.userProperty(name: "firebase_x", value: "x"), ["user-property-name-reserved-prefix"]),
      (.userProperties(["ga_x": "x"]), ["user-property-name-reserved-prefix"]),
    ]
    for (data, rules) in cases {
      #expect(naming.adapted(data) == data, "\(data)")
      #expect(googleAnalyticsIssues(for: naming.adapted(data)).map(\.rule) == rules, "\(data)")
      #expect(googleAnalyticsIssues(for: data).map(\.rule) == rules, "\(data)")
    }
    // Adapting a refused spelling lands on the reserved name, which is refused in turn.
    #expect(googleAnalyticsIssues(for: naming.adapted(.event(name: "first open"))).map(\.rule) == ["event-name-reserved"])
    #expect(googleAnalyticsIssues(for: naming.adapted(.event(name: "firebase x"))).map(\.rule)
      == ["event-name-reserved-prefix"])
    #expect(googleAnalyticsIssues(for: naming.adapted(.userProperty(name: "user id", value: "x"))).map(\.rule)
      == ["user-property-name-reserved"])
    // A name that adapts to nothing is refused as empty.
    #expect(googleAnalyticsIssues(for: naming.adapted(.event(name: "123"))).map(\.rule) == ["event-name-empty"])
  }

  /// The same places as `.snakeCase`, with the same Booleans as 1 or 0; adapting twice changes nothing.
  @Test func eachCaseAdaptsItsNamesAndBooleans() {
    let product = StandardEvent.Product(id: "tea", price: 4.5, currency: "EUR")
    let cases: [(AnalyticsData, AnalyticsData)] = [
      (.event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true, "n": 2, "list": [true]]),
       .event(name: "Coupon_Applied", properties: ["Order_Id": "o1", "valid": 1, "n": 2, "list": [true]])),
      (.screen(name: "Home Screen", properties: ["new": false]), .screen(name: "Home Screen", properties: ["new": 0])),
      (.error(message: "Time Out", properties: ["End Point": "/cart"]),
       .error(message: "Time Out", properties: ["End_Point": "/cart"])),
      (.standard(.productAdded(product), properties: ["Gift Wrap": true]),
       .standard(.productAdded(product), properties: ["Gift_Wrap": 1])),
      (.userProperty(name: "Plan Tier", value: true), .userProperty(name: "Plan_Tier", value: 1)),
      (.userProperty(name: "Plan Tier", value: .null), .userProperty(name: "Plan_Tier", value: .null)),
      (.userProperties(["Plan Tier": "pro", "Seats": 5]), .userProperties(["Plan_Tier": "pro", "Seats": 5])),
      (.superProperties(.register(["App Theme": true])), .superProperties(.register(["App_Theme": 1]))),
      (.superProperties(.registerOnce(["First Seen": "x"])), .superProperties(.registerOnce(["First_Seen": "x"]))),
      (.superProperties(.unregister("App Theme")), .superProperties(.unregister("App_Theme"))),
      (.superProperties(.unregisterAll), .superProperties(.unregisterAll)),
      (.profile(.setOnce(name: "First Order", value: true)), .profile(.setOnce(name: "First_Order", value: 1))),
      (.profile(.increment(name: "Orders Count", by: 1)), .profile(.increment(name: "Orders_Count", by: 1))),
      (.profile(.unset(name: "Old Plan")), .profile(.unset(name: "Old_Plan"))),
      (.group(type: "company", key: "acme", traits: ["Is Paying": false]),
       .group(type: "company", key: "acme", traits: ["Is_Paying": 0])),
      // Not adapted: a timer goes by the app's names; the module names lifecycle events itself.
      (.timeEvent(name: "Checkout Step"), .timeEvent(name: "Checkout Step")),
      (.lifecycle(.opened(fromBackground: true, version: "1", build: "2")),
       .lifecycle(.opened(fromBackground: true, version: "1", build: "2"))),
      (.userId("User One"), .userId("User One")),
      (.alias(userId: "User One"), .alias(userId: "User One")),
    ]
    for (given, expected) in cases {
      let adapted = naming.adapted(given)
      #expect(adapted == expected, "\(given)")
      #expect(naming.adapted(adapted) == adapted, "adapting twice changes \(given)")
    }
  }

  /// Names that meet after adaptation keep one value, the same in every dictionary order; case keeps
  /// names apart, as GA4 does.
  @Test func namesThatMeetKeepTheOneAlreadyInFormOrElseTheFirstSorted() {
    #expect(naming.adapted(.event(name: "e", properties: ["Order Id": 1, "Order_Id": 2, "Order-Id": 3]))
      == .event(name: "e", properties: ["Order_Id": 2]))
    #expect(naming.adapted(.event(name: "e", properties: ["Order Id": 1, "Order-Id": 3]))
      == .event(name: "e", properties: ["Order_Id": 1]))
    #expect(naming.adapted(.event(name: "e", properties: ["order id": 1, "Order Id": 2]))
      == .event(name: "e", properties: ["order_id": 1, "Order_Id": 2]))
  }

  /// Its own cache, bounded like `.snakeCase`'s: a name in GA4's form and a name only too long never
  /// enter it; one entry serves both lengths.
  @Test func theCacheKeepsAtMostItsBound() {
    let naming = GoogleAnalyticsNaming(keepingAcceptedNamesCachingAtMost: 3)
    #expect(naming.adapted(.event(name: "Already_Fine", properties: ["Seq": 1])) == .event(name: "Already_Fine", properties: ["Seq": 1]))
    #expect(naming.adapted(.event(name: String(repeating: "x", count: 41))) == .event(name: String(repeating: "x", count: 40)))
    #expect(naming.cachedNameCount == 0)
    #expect(naming.adapted(.event(name: "Load Test", properties: ["Seq No": 1])) == .event(name: "Load_Test", properties: ["Seq_No": 1]))
    #expect(naming.cachedNameCount == 2)
    let long = "Subscription Tier Monthly X"
    #expect(naming.adapted(.event(name: long)) == .event(name: "Subscription_Tier_Monthly_X"))
    #expect(naming.adapted(.userProperty(name: long, value: 1)) == .userProperty(name: "Subscription_Tier_Monthl", value: 1))
    #expect(naming.cachedNameCount == 3)
    for index in 0..<50 {
      #expect(naming.adapted(.event(name: "Name \(index)")) == .event(name: "Name_\(index)"))
    }
    #expect(naming.cachedNameCount == 3)
    #expect(naming.description == "keepingAcceptedNames")
    #expect(naming == .keepingAcceptedNames && naming != .snakeCase && naming != .asGiven)
  }

  // MARK: - On the wire

  /// A live environment configured with the naming sends the app's Firebase names, exactly: this is the
  /// whole request body.
  @Test func theLiveEnvironmentSendsTheNamesOnTheWire() async throws {
    let transport = ScriptedTransport()
    let configuration = liveConfiguration(transport, naming: .keepingAcceptedNames)
    Current = try .live(configuration)
    googleAnalyticsTracker(.userProperty(name: "Sign In Method", value: "email"))
    googleAnalyticsTracker(.event(name: "clicked_SignIn_on_email_auth_screen", properties: ["LoginInteractionType": "tap"]))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.invalid == 0)
    let request = try #require(transport.requests.first)
    let clientId = try #require(try request.json()["client_id"]?.stringValue)
    #expect(String(decoding: request.body, as: UTF8.self) == #"{"client_id":"\#(clientId)","#
      + #""user_properties":{"Sign_In_Method":{"value":"email"}},"device":\#(fixtureDevice),"#
      + #""events":[{"name":"clicked_SignIn_on_email_auth_screen","params":{"LoginInteractionType":"tap","#
      + #""session_id":1793817970,"engagement_time_msec":100},"timestamp_micros":1793817970123000}]}"#)
  }
}

/// The `device` object of a web stream's request, from `TrackingContext.fixture`.
let fixtureDevice = #"{"language":"fr-FR","screen_resolution":"393x852","operating_system":"iOS","#
  + #""operating_system_version":"18.1","model":"iPhone17,3","brand":"Apple"}"#

/// A small seeded generator: the same names on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
