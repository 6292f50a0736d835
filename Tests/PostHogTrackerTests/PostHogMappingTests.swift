import Foundation
import PostHogTracker
import Testing
import Trackers

@Suite struct PostHogMappingTests {
  let anonymous = PostHogIdentity(anonymousId: "anon-1")
  let signedIn = PostHogIdentity(userId: "user-42", anonymousId: "anon-1")

  func mapped(_ data: AnalyticsData, _ identity: PostHogIdentity) throws -> PropertyValue? {
    try PostHogMapping.event(for: data, identity: identity, time: eventTime).map { try parseJSON(PostHogMapping.encode($0)) }
  }

  @Test func eventWithTypedProperties() throws {
    let data = AnalyticsData.event(
      name: "order completed",
      properties: ["plan": "pro", "seats": 5, "price": 9.99, "trial": false, "renews": .date(propertyDate),
                   "tags": ["a", 1], "address": ["city": "Lyon"], "coupon": nil]
    )
    #expect(try mapped(data, signedIn) == parseJSON("""
      {"event": "order completed", "timestamp": "2026-11-04T18:46:10.123Z",
       "properties": {"distinct_id": "user-42", "plan": "pro", "seats": 5, "price": 9.99, "trial": false,
                      "renews": "2023-11-14T22:13:20.000Z", "tags": ["a", 1], "address": {"city": "Lyon"},
                      "coupon": null}}
      """))
  }

  @Test func anonymousEventUsesTheAnonymousDistinctId() throws {
    #expect(try mapped("logout", anonymous) == parseJSON("""
      {"event": "logout", "timestamp": "2026-11-04T18:46:10.123Z", "properties": {"distinct_id": "anon-1"}}
      """))
  }

  @Test func screenIsDollarScreen() throws {
    #expect(try mapped(.screen(name: "Cart", properties: ["items": 3]), signedIn) == parseJSON("""
      {"event": "$screen", "timestamp": "2026-11-04T18:46:10.123Z",
       "properties": {"distinct_id": "user-42", "$screen_name": "Cart", "items": 3}}
      """))
  }

  @Test func userIdIsIdentifyMergingTheAnonymousId() throws {
    let identity = anonymous.applying(.userId("user-42"), newAnonymousId: { "unused" })
    #expect(try mapped(.userId("user-42"), identity) == parseJSON("""
      {"event": "$identify", "timestamp": "2026-11-04T18:46:10.123Z",
       "properties": {"distinct_id": "user-42", "$anon_distinct_id": "anon-1"}}
      """))
  }

  @Test func logoutSendsNothing() throws {
    #expect(try mapped(.userId(nil), anonymous) == nil)
  }

  @Test func userPropertyIsSetEvent() throws {
    #expect(try mapped(.userProperty(name: "since", value: .date(propertyDate)), signedIn) == parseJSON("""
      {"event": "$set", "timestamp": "2026-11-04T18:46:10.123Z",
       "properties": {"distinct_id": "user-42", "$set": {"since": "2023-11-14T22:13:20.000Z"}}}
      """))
  }

  @Test func errorIsErrorEventWithMessage() throws {
    #expect(try mapped(.error(message: "GET /cart timed out", properties: ["status": 504]), anonymous) == parseJSON("""
      {"event": "Error", "timestamp": "2026-11-04T18:46:10.123Z",
       "properties": {"distinct_id": "anon-1", "message": "GET /cart timed out", "status": 504}}
      """))
  }

  @Test func numbersStayNumbers() throws {
    let event = try #require(try mapped(.event(name: "paid", properties: ["cents": 1999, "ratio": 0.25]), anonymous))
    #expect(event["properties"]?["cents"] == .int(1999))
    #expect(event["properties"]?["ratio"] == .double(0.25))
  }

  @Test func identityTransitions() {
    let fresh = { "anon-2" }
    #expect(anonymous.applying(.userId("user-42"), newAnonymousId: fresh) == signedIn)
    #expect(signedIn.distinctId == "user-42")
    #expect(anonymous.distinctId == "anon-1")
    #expect(signedIn.applying(.userId(nil), newAnonymousId: fresh) == PostHogIdentity(anonymousId: "anon-2"))
    #expect(signedIn.applying(.userId("user-43"), newAnonymousId: fresh) == PostHogIdentity(userId: "user-43", anonymousId: "anon-2"))
    #expect(signedIn.applying("x", newAnonymousId: fresh) == signedIn)
  }
}
