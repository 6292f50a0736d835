import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// What the shop's journey carries on the wire besides its own events: every vendor's context fields on
/// every event, one session across the journey, and the lifecycle around it. The bodies the modules hand
/// their transport, scripted in process: `ShopEndToEndTests` delivers the same journey over a socket.
@Suite struct ShopContextTests {
  /// The context the shop process reads on this machine: the same system, the shop's own app fields.
  static let expected: TrackingContext = {
    var context = ContextProvider.live().current
    context.app = .init(name: "Shop", version: "2.1.0", build: "142", namespace: "com.example.shop")
    return context
  }()

  /// The messages Segment's `/v1/batch` receives for the journey: every value tracked but the sign-out,
  /// which sends nothing, the theme and the timer, which its pipeline keeps, and what it refuses by design.
  static let segmentMessages =
    OfflineJourney.trackedPerVendor - 3 - OfflineJourney.expectedRefusals.filter { $0.vendor == .segment }.count
  /// The events Mixpanel's `/import` receives for the journey: every value tracked but the identity's
  /// (two sign-ins and the alias), the profile's (a set, an increment, a set once: `/engage`), the group's
  /// (`/groups`), the theme and the timer.
  static let mixpanelEvents = OfflineJourney.trackedPerVendor - 9

  static func journey() async throws -> [RecordedRequest] {
    let transport = ScriptedTransport.vendorSuccess()
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let run = await ShopProcess.inProcess(
      ["--endpoint", scriptedEndpoint, "--storage", storage.path], transport: transport)
    #expect(run.status == 0, "\(run.errors)")
    return transport.requests
  }

  static func events(_ requests: [RecordedRequest], path: String, in member: String?) throws -> [PropertyValue] {
    try requests.filter { $0.path == path }.flatMap { request in
      let json = try parseJSON(request.body)
      return (member.map { json[$0] } ?? json)?.arrayValue ?? []
    }
  }

  @Test func everyVendorsEventsCarryTheContextAndOneSessionAcrossTheJourney() async throws {
    let requests = try await Self.journey()
    let context = Self.expected
    let os = PropertyValue.string(context.os.name)
    let osVersion = PropertyValue.string(context.os.version)

    // Segment: one `context` object per message.
    let segment = try Self.events(requests, path: "/v1/batch", in: "batch")
    #expect(segment.count == Self.segmentMessages)
    for message in segment {
      let sent = message["context"]
      #expect(sent?["library"] == ["name": "swift-trackers", "version": "0.8.0"])
      #expect(sent?["os"] == ["name": os, "version": osVersion])
      #expect(sent?["app"] == ["name": "Shop", "version": "2.1.0", "build": "142", "namespace": "com.example.shop"])
      #expect(sent?["device"]?["model"] == context.device.model.map(PropertyValue.string))
      #expect(sent?["locale"] == context.locale.map(PropertyValue.string))
      #expect(sent?["timezone"] == context.timezone.map(PropertyValue.string))
      #expect(sent?["ip"] == "0.0.0.0")
    }
    #expect(segment.compactMap { $0["event"]?.stringValue }.prefix(2) == ["Application Installed", "Application Opened"])
    #expect(segment.last?["event"] == "Application Backgrounded")

    // Amplitude: top-level fields, and one session_id for the whole journey, opened by session_start.
    let amplitude = try Self.events(requests, path: "/2/httpapi", in: "events")
    #expect(amplitude.first?["event_type"] == "session_start")
    #expect(amplitude.compactMap { $0["event_type"]?.stringValue }.filter { $0.hasPrefix("[Amplitude] Application") } == [
      "[Amplitude] Application Installed", "[Amplitude] Application Opened", "[Amplitude] Application Backgrounded",
    ])
    for event in amplitude {
      #expect(event["library"] == "swift-trackers/0.8.0")
      #expect(event["platform"] == os && event["os_name"] == .string(context.os.name.lowercased()))
      #expect(event["os_version"] == osVersion)
      #expect(event["device_model"] == context.device.model.map(PropertyValue.string))
      #expect(event["app_version"] == "2.1.0")
      #expect(event["language"] == context.locale.map(PropertyValue.string))
    }
    let amplitudeSessions = Set(amplitude.compactMap { $0["session_id"]?.intValue })
    #expect(amplitudeSessions.count == 1 && amplitude.allSatisfy { $0["session_id"] != nil })

    // Mixpanel: properties of every /import event.
    let mixpanel = try Self.events(requests, path: "/import", in: nil).compactMap { $0["properties"] }
    #expect(mixpanel.count == Self.mixpanelEvents)
    for properties in mixpanel {
      #expect(properties["mp_lib"] == "swift-trackers" && properties["$lib_version"] == "0.8.0")
      #expect(properties["$os"] == os && properties["$os_version"] == osVersion)
      #expect(properties["$model"] == context.device.model.map(PropertyValue.string))
      #expect(properties["$app_version_string"] == "2.1.0" && properties["$app_build_number"] == "142")
    }

    // PostHog: properties of every event; one $session_id for the journey. The user's logout resets the
    // anonymous id, which (as posthog-ios's reset) starts a new session for what follows: "Backgrounded".
    let postHog = try Self.events(requests, path: "/batch/", in: "batch")
    for event in postHog {
      let properties = event["properties"]
      #expect(properties?["$lib"] == "swift-trackers" && properties?["$lib_version"] == "0.8.0")
      #expect(properties?["$os_name"] == os && properties?["$os_version"] == osVersion)
      #expect(properties?["$device_model"] == context.device.model.map(PropertyValue.string))
      #expect(properties?["$app_name"] == "Shop" && properties?["$app_version"] == "2.1.0")
      #expect(properties?["$app_build"] == 142 && properties?["$app_namespace"] == "com.example.shop")
      #expect(properties?["$timezone"] == context.timezone.map(PropertyValue.string))
      #expect(properties?["$session_id"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil)
    }
    let journey = postHog.prefix { $0["event"] != "Application Backgrounded" }
    #expect(journey.count == postHog.count - 1)
    #expect(Set(journey.compactMap { $0["properties"]?["$session_id"] }).count == 1)

    // GA4: a web stream's request carries the Measurement Protocol's `device`; every event a session_id.
    let ga4 = requests.filter { $0.path == "/mp/collect" }
    for request in ga4 {
      let device = try parseJSON(request.body)["device"]
      #expect(device?["operating_system"] == os && device?["operating_system_version"] == osVersion)
      #expect(device?["language"] == context.locale.map(PropertyValue.string))
    }
    let ga4Events = try Self.events(ga4, path: "/mp/collect", in: "events")
    #expect(ga4Events.compactMap { $0["name"]?.stringValue }.prefix(2) == ["application_installed", "application_opened"])
    #expect(ga4Events.allSatisfy { $0["params"]?["session_id"] != nil })
  }
}
