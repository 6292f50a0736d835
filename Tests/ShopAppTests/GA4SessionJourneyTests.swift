import Foundation
import Testing
import TrackersDeliveryTesting
import VendorTestSupport

/// The shop's scripted journey to GA4 is one visit: one `session_id` from launch through sign-up and
/// sign-out (issue 22: it spanned three, a new one at sign-up and another after sign-out), as GA4's own SDKs
/// keep the session across setting and clearing a user id. The journey takes seconds, far from the
/// 30-minute timeout, so no clock decides it.
@Suite struct GA4SessionJourneyTests {
  @Test func theJourneyIsOneGA4SessionOfOneClient() async throws {
    let transport = ScriptedTransport.vendorSuccess()
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = await ShopProcess.inProcess(
      ["--vendor", "ga4", "--endpoint", scriptedEndpoint, "--storage", storage.path], transport: transport)
    #expect(run.status == 0, "\(run.errors)")
    var sessionIds: Set<Int> = []
    var clientIds: Set<String> = []
    var userIds: Set<String> = []
    var events = 0
    for request in transport.requests {
      let body = try request.json()
      if let clientId = body["client_id"]?.stringValue { clientIds.insert(clientId) }
      userIds.insert(body["user_id"]?.stringValue ?? "none")
      for event in body["events"]?.arrayValue ?? [] {
        events += 1
        if let id = event["params"]?["session_id"]?.intValue { sessionIds.insert(id) }
      }
    }
    #expect(events > 10)
    #expect(sessionIds.count == 1, "\(sessionIds)")
    #expect(clientIds.count == 1, "\(clientIds)")
    // Signed out, signed in, signed out: the user id changed and the session did not.
    #expect(userIds.count >= 2, "\(userIds)")
  }
}
