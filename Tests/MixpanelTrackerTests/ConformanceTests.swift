import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Mixpanel as the conformance suite sees it: `/import` batches of events with `$insert_id`, and 400's
/// `failed_records` as a partial success.
let mixpanelModule = TrackerModuleDescription<MixpanelEvent>(
  name: "MixpanelTracker", consentDestination: MixpanelConfiguration.consentDestination,
  maxEventsPerRequest: MixpanelLimits.eventsPerRequest, maxBytesPerRequest: MixpanelLimits.requestBytes,
  secret: "mixpanel-secret-token",
  live: { apply in
    var configuration = MixpanelConfiguration(projectToken: "mixpanel-secret-token", region: .custom(URL(string: "https://mixpanel.test")!))
    apply(&configuration.options)
    return try .live(configuration)
  },
  map: mixpanelEvent(for:),
  events: { try $0.json().arrayValue ?? [] },
  dedupId: { $0["properties"]?["$insert_id"]?.stringValue },
  anonymousIds: { request in try (request.json().arrayValue ?? []).compactMap { $0["properties"]?["$device_id"]?.stringValue } },
  partialSuccess: { request, rejected in
    let events = try request.json().arrayValue ?? []
    let failed = rejected.map { index in
      #"{"index": \#(index), "$insert_id": "\#(events[index]["properties"]?["$insert_id"]?.stringValue ?? "")", "field": "properties.time", "message": "time too old"}"#
    }
    return HTTPResponse(statusCode: 400, body: Array(
      #"{"code": 400, "num_records_imported": \#(events.count - rejected.count), "status": "Bad Request", "failed_records": [\#(failed.joined(separator: ","))]}"#.utf8))
  },
  credentialError: .status(401, body: #"{"error": "Invalid credentials", "status": 0}"#)
)

@Suite struct ConformanceTests {
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(mixpanelModule)
    #expect(result.passed, "\(result)")
  }
}
