import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 6: the configuration of MigratingFromFirebaseAnalytics.md keeps what Firebase Analytics
/// sent for the app's own calls, pinned on a migrated app's first calls: the events reach the app stream
/// under the Firebase SDK's `app_instance_id`, with the names Firebase took, the user id and user
/// properties on each request, and no `client_id` of the module's own.
@Suite(.isolatedEnvironments)
struct MigrationTests {
  /// The article's configuration: the app stream's Firebase app id, and `Analytics.appInstanceID()`.
  static func keepingFirebasesStream(
    firebaseAppId: String, appInstanceId: String, apiSecret: String, userId: String?
  ) -> GoogleAnalyticsConfiguration {
    var configuration = GoogleAnalyticsConfiguration(
      stream: .app(firebaseAppId: firebaseAppId, appInstanceId: appInstanceId), apiSecret: apiSecret)
    configuration.naming = .keepingAcceptedNames            // the names Firebase accepted, unchanged
    configuration.sessionTimeout = .seconds(30 * 60)         // setSessionTimeoutInterval's default, 1800 s
    configuration.existingIdentity = ExistingIdentity(anonymousId: appInstanceId, userId: userId)
    return configuration
  }

  @Test func firebasesEventsReachTheSameAppStream() async throws {
    var configuration = Self.keepingFirebasesStream(
      firebaseAppId: "1:1234567890:ios:abcdef", appInstanceId: "0123456789abcdef0123456789abcdef",
      apiSecret: "s3cr+t", userId: nil)
    #expect(configuration.naming == .keepingAcceptedNames)
    let transport = ScriptedTransport()
    let test = liveConfiguration(transport)
    configuration.host = test.host
    configuration.storageDirectory = test.storageDirectory
    configuration.transport = transport
    configuration.now = test.now
    configuration.context = test.context
    configuration.delivery = test.delivery
    configuration.flushInterval = test.flushInterval
    GoogleAnalyticsTracker.Current = try .live(configuration)
    googleAnalyticsTracker(.userProperty(name: "favorite_food", value: "sushi"))
    googleAnalyticsTracker(.event(name: "select_content", properties: ["content_type": "tea", "item_id": "sencha"]))
    googleAnalyticsTracker(.screen(name: "Cart"))
    googleAnalyticsTracker(.userId("user-42"))
    googleAnalyticsTracker(.standard(.loggedIn(method: "email")))
    await GoogleAnalyticsTracker.Current.flush()
    await GoogleAnalyticsTracker.Current.close(nil)

    let requests = transport.requests
    #expect(requests.allSatisfy { $0.path == "/mp/collect" })
    #expect(requests.allSatisfy { $0.queryItems == ["firebase_app_id": "1:1234567890:ios:abcdef", "api_secret": "s3cr+t"] })
    let bodies = try requests.map { try parseJSON($0.body) }
    try #require(bodies.count == 2)  // one user per request: before and after the sign-in
    for body in bodies {
      #expect(body["app_instance_id"] == "0123456789abcdef0123456789abcdef")
      #expect(body["client_id"] == nil && body["device"] == nil)
      #expect(body["user_properties"] == ["favorite_food": ["value": "sushi"]])
    }
    #expect(bodies[0]["user_id"] == nil)
    #expect(bodies[1]["user_id"] == "user-42")
    let events = bodies.flatMap { $0["events"]?.arrayValue ?? [] }
    #expect(events.map { $0["name"]?.stringValue } == ["select_content", "screen_view", "login"])
    try #require(events.count == 3)
    #expect(events[0]["params"]?["content_type"] == "tea" && events[0]["params"]?["item_id"] == "sencha")
    #expect(events[0]["params"]?["session_id"] == .int(1_793_817_970))
    #expect(events[0]["params"]?["engagement_time_msec"] == 100)
    #expect(events[1]["params"]?["screen_name"] == "Cart")
    #expect(events[2]["params"]?["method"] == "email")
    #expect(events.allSatisfy { $0["params"]?["session_id"] == .int(1_793_817_970) })  // one session
  }
}
