import Foundation
import SegmentTracker
import Testing
import Trackers

@Suite struct SegmentMappingTests {
  let anonymous = SegmentIdentity(anonymousId: "anon-1")
  let signedIn = SegmentIdentity(userId: "user-42", anonymousId: "anon-1")

  func mapped(_ data: AnalyticsData, _ identity: SegmentIdentity) throws -> PropertyValue? {
    try SegmentMapping.message(for: data, identity: identity, time: eventTime).map { try parseJSON(SegmentMapping.encode($0)) }
  }

  @Test func eventIsTrackWithTypedProperties() throws {
    let data = AnalyticsData.event(
      name: "Order Completed",
      properties: ["plan": "pro", "seats": 5, "price": 9.99, "trial": false, "renews": .date(propertyDate),
                   "tags": ["a", 1], "address": ["city": "Lyon"], "coupon": nil]
    )
    #expect(try mapped(data, signedIn) == parseJSON("""
      {"type": "track", "event": "Order Completed", "userId": "user-42", "anonymousId": "anon-1",
       "timestamp": "2026-11-04T18:46:10.123Z",
       "properties": {"plan": "pro", "seats": 5, "price": 9.99, "trial": false,
                      "renews": "2023-11-14T22:13:20.000Z", "tags": ["a", 1], "address": {"city": "Lyon"},
                      "coupon": null}}
      """))
  }

  @Test func anonymousEventWithoutProperties() throws {
    #expect(try mapped("Logout", anonymous) == parseJSON("""
      {"type": "track", "event": "Logout", "anonymousId": "anon-1", "timestamp": "2026-11-04T18:46:10.123Z"}
      """))
  }

  @Test func screenIsScreenCall() throws {
    #expect(try mapped(.screen(name: "Cart", properties: ["items": 3]), signedIn) == parseJSON("""
      {"type": "screen", "name": "Cart", "properties": {"items": 3}, "userId": "user-42", "anonymousId": "anon-1",
       "timestamp": "2026-11-04T18:46:10.123Z"}
      """))
  }

  @Test func userIdIsIdentifyWithBothIds() throws {
    let identity = anonymous.applying(.userId("user-42"), newAnonymousId: { "unused" })
    #expect(try mapped(.userId("user-42"), identity) == parseJSON("""
      {"type": "identify", "userId": "user-42", "anonymousId": "anon-1", "timestamp": "2026-11-04T18:46:10.123Z"}
      """))
  }

  @Test func logoutSendsNothing() throws {
    #expect(try mapped(.userId(nil), anonymous) == nil)
  }

  @Test func userPropertyIsIdentifyWithTraits() throws {
    #expect(try mapped(.userProperty(name: "since", value: .date(propertyDate)), signedIn) == parseJSON("""
      {"type": "identify", "traits": {"since": "2023-11-14T22:13:20.000Z"}, "userId": "user-42",
       "anonymousId": "anon-1", "timestamp": "2026-11-04T18:46:10.123Z"}
      """))
  }

  @Test func errorIsTrackErrorWithMessage() throws {
    #expect(try mapped(.error(message: "GET /cart timed out", properties: ["status": 504]), anonymous) == parseJSON("""
      {"type": "track", "event": "Error", "properties": {"message": "GET /cart timed out", "status": 504},
       "anonymousId": "anon-1", "timestamp": "2026-11-04T18:46:10.123Z"}
      """))
  }

  @Test func numbersStayNumbers() throws {
    let message = try #require(try mapped(.event(name: "Paid", properties: ["cents": 1999, "ratio": 0.25]), anonymous))
    #expect(message["properties"]?["cents"] == .int(1999))
    #expect(message["properties"]?["ratio"] == .double(0.25))
  }

  @Test func identityTransitions() {
    let fresh = { "anon-2" }
    #expect(anonymous.applying(.userId("user-42"), newAnonymousId: fresh) == signedIn)
    #expect(signedIn.applying(.userId("user-42"), newAnonymousId: fresh) == signedIn)
    #expect(signedIn.applying(.userId(nil), newAnonymousId: fresh) == SegmentIdentity(anonymousId: "anon-2"))
    #expect(signedIn.applying(.userId("user-43"), newAnonymousId: fresh) == SegmentIdentity(userId: "user-43", anonymousId: "anon-2"))
    #expect(signedIn.applying(.screen(name: "Cart"), newAnonymousId: fresh) == signedIn)
  }
}
