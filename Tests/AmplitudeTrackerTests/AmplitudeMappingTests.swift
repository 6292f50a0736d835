import AmplitudeTracker
import Foundation
import Testing
import Trackers

@Suite struct AmplitudeMappingTests {
  let anonymous = AmplitudeIdentity(deviceId: "device-1234")
  let signedIn = AmplitudeIdentity(userId: "user-42", deviceId: "device-1234")

  func mapped(_ data: AnalyticsData, _ identity: AmplitudeIdentity) throws -> PropertyValue? {
    try AmplitudeMapping.event(for: data, identity: identity, time: eventTime).map { try parseJSON(AmplitudeMapping.encode($0)) }
  }

  @Test func eventWithTypedProperties() throws {
    let data = AnalyticsData.event(
      name: "Order Completed",
      properties: ["plan": "pro", "seats": 5, "price": 9.99, "trial": false, "renews": .date(propertyDate),
                   "tags": ["a", 1], "address": ["city": "Lyon"], "coupon": nil]
    )
    #expect(try mapped(data, signedIn) == parseJSON("""
      {"event_type": "Order Completed", "user_id": "user-42", "device_id": "device-1234", "time": 1793817970123,
       "event_properties": {"plan": "pro", "seats": 5, "price": 9.99, "trial": false,
                            "renews": "2023-11-14T22:13:20.000Z", "tags": ["a", 1], "address": {"city": "Lyon"},
                            "coupon": null}}
      """))
  }

  @Test func anonymousEventWithoutPropertiesHasOnlyTheDevice() throws {
    #expect(try mapped("Logout", anonymous) == parseJSON("""
      {"event_type": "Logout", "device_id": "device-1234", "time": 1793817970123}
      """))
  }

  @Test func screenIsAmplitudeScreenViewed() throws {
    #expect(try mapped(.screen(name: "Cart", properties: ["items": 3]), signedIn) == parseJSON("""
      {"event_type": "[Amplitude] Screen Viewed", "user_id": "user-42", "device_id": "device-1234",
       "time": 1793817970123, "event_properties": {"[Amplitude] Screen Name": "Cart", "items": 3}}
      """))
  }

  @Test func userIdIsAnIdentifyLinkingUserAndDevice() throws {
    let identity = anonymous.applying(.userId("user-42"), newDeviceId: { "unused" })
    #expect(try mapped(.userId("user-42"), identity) == parseJSON("""
      {"event_type": "$identify", "user_id": "user-42", "device_id": "device-1234", "time": 1793817970123}
      """))
  }

  @Test func logoutSendsNothing() throws {
    #expect(try mapped(.userId(nil), anonymous) == nil)
  }

  @Test func userPropertyIsIdentifyWithSet() throws {
    #expect(try mapped(.userProperty(name: "tier", value: 3), signedIn) == parseJSON("""
      {"event_type": "$identify", "user_id": "user-42", "device_id": "device-1234", "time": 1793817970123,
       "user_properties": {"$set": {"tier": 3}}}
      """))
  }

  @Test func userPropertyDateIsISO8601() throws {
    #expect(try mapped(.userProperty(name: "since", value: .date(propertyDate)), anonymous) == parseJSON("""
      {"event_type": "$identify", "device_id": "device-1234", "time": 1793817970123,
       "user_properties": {"$set": {"since": "2023-11-14T22:13:20.000Z"}}}
      """))
  }

  @Test func errorIsAnErrorEventWithItsMessage() throws {
    #expect(try mapped(.error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]), anonymous) == parseJSON("""
      {"event_type": "Error", "device_id": "device-1234", "time": 1793817970123,
       "event_properties": {"message": "GET /cart timed out", "endpoint": "/cart"}}
      """))
  }

  @Test func numbersStayNumbers() throws {
    let event = try #require(try mapped(.event(name: "Paid", properties: ["cents": 1999, "ratio": 0.25]), anonymous))
    #expect(event["event_properties"]?["cents"] == .int(1999))
    #expect(event["event_properties"]?["ratio"] == .double(0.25))
    #expect(event["time"] == .int(1_793_817_970_123))
  }

  @Test func identityTransitions() {
    let newDevice = { "device-new1" }
    #expect(anonymous.applying(.userId("user-42"), newDeviceId: newDevice) == signedIn)
    #expect(signedIn.applying(.userId("user-42"), newDeviceId: newDevice) == signedIn)
    #expect(signedIn.applying(.userId(nil), newDeviceId: newDevice) == AmplitudeIdentity(deviceId: "device-new1"))
    #expect(signedIn.applying(.userId("user-43"), newDeviceId: newDevice)
      == AmplitudeIdentity(userId: "user-43", deviceId: "device-new1"))
    #expect(signedIn.applying("Logout", newDeviceId: newDevice) == signedIn)
  }
}
