import Foundation
import Trackers
import TrackersDeliveryTesting
import VendorTestSupport

@testable import AmplitudeTracker
@testable import GoogleAnalyticsTracker
@testable import MixpanelTracker
@testable import PostHogTracker
@testable import SegmentTracker
@testable import TrackersDelivery

extension Vendor {
  /// The five vendor modules, each live in its own directory of `storage`, over its own scripted transport
  /// answering 200; only `flush()` sends, the clock and context are pinned. `queuesInMemory`: each queue
  /// holds its records in memory (``TrackersDelivery/DeliveryConfiguration/Storage/memory(maxEvents:maxBytes:)``)
  /// on a ``VirtualQueueClock``, for a run whose subject is values, not the disk or the wall clock.
  static func all(storage: TemporaryStorage, queuesInMemory: Bool = false) throws -> [Vendor] {
    [
      try mixpanel(storage, queuesInMemory: queuesInMemory), try googleAnalytics(storage, queuesInMemory: queuesInMemory),
      try amplitude(storage, queuesInMemory: queuesInMemory), try segment(storage, queuesInMemory: queuesInMemory),
      try postHog(storage, queuesInMemory: queuesInMemory),
    ]
  }

  private static func options<Configuration: VendorConfiguration>(
    _ configuration: inout Configuration, transport: ScriptedTransport, queuesInMemory: Bool
  ) {
    configuration.options.transport = transport
    configuration.options.flushInterval = .seconds(3600)
    configuration.options.context = .fixture
    // The clock the app hands the module may be as odd as any value: every event takes the next of
    // `Vendor.clocks` (NaN, the distant past and future, 1e300 seconds...), in order, so the run is the
    // same every time.
    let tick = LockIsolated(0)
    configuration.options.now = {
      clocks[tick.withLock { tick in
        defer { tick += 1 }
        return tick % clocks.count
      }]
    }
    // Every answer is a success, and any wait (a retry's backoff, should one come) is on virtual time.
    configuration.options.queueClock = VirtualQueueClock(seed: 0x5EED_0039, date: eventTime)
    guard queuesInMemory else { return }
    // No record outlives the run's process anyway.
    configuration.options.delivery = { $0.storage = .memory(maxEvents: 1_000_000, maxBytes: 256 << 20) }
  }

  /// The sentinels in a body: the numbers after each `"fuzz_seq":` member name, found in the bytes (a
  /// debug build takes seconds to parse the run's bodies). Only a member name can match: inside a string,
  /// the quote after `fuzz_seq` would be escaped.
  static func sentinels(in request: RecordedRequest) throws -> [Int] {
    let key = Array(#""fuzz_seq":"#.utf8)
    var seqs: [Int] = []
    request.body.withUnsafeBufferPointer { body in
      var index = 0
      while index + key.count <= body.count {
        guard body[index] == key[0], body[index..<index + key.count].elementsEqual(key) else {
          index += 1
          continue
        }
        index += key.count
        var seq = 0
        while index < body.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(body[index]) {
          seq = seq * 10 + Int(body[index] - UInt8(ascii: "0"))
          index += 1
        }
        seqs.append(seq)
      }
    }
    return seqs
  }

  static func mixpanel(_ storage: TemporaryStorage, queuesInMemory: Bool = false) throws -> Vendor {
    // Each endpoint's documented success: the module takes no other 2xx as delivered.
    let transport = ScriptedTransport(answering: .status(200, body: #"{"code": 200, "num_records_imported": 1, "status": "OK"}"#))
    transport.reply(
      .status(200, body: #"{"status": 1, "error": null}"#),
      when: { $0.path.hasPrefix("/engage") || $0.path.hasPrefix("/groups") })
    var configuration = MixpanelConfiguration(
      projectToken: "tok", region: .custom(URL(string: "https://mixpanel.invalid")!),
      storageDirectory: storage.directory("mixpanel"))
    options(&configuration, transport: transport, queuesInMemory: queuesInMemory)
    let environment = try MixpanelEnvironment.live(configuration)
    return Vendor(
      name: "Mixpanel", environment: VendorEnvironmentBox(environment), transport: transport,
      validate: { mixpanelIssues(for: $0) }, track: { mixpanelTracker($0) },
      install: { MixpanelTracker.Current = environment },
      encode: { data, date in
        var userId: String?
        if case let .userId(id) = data { userId = id }
        if case let .signIn(id, _) = data { userId = id }
        let identity = MixpanelTracker.WireFormat.identityFields(
          for: .init(anonymousId: "device-1", userId: userId), context: .fixture)
        switch mixpanelEvent(for: data) {
        case let .event(name, properties):
          return [MixpanelTracker.WireFormat.event(name: name, properties: properties, at: date, id: RecordID(), identity: identity)]
        case let .setProfileProperty(name, value):
          return [MixpanelTracker.WireFormat.profileSet(name: name, value: value, token: "tok", identity: identity)]
        case let .setProfileProperties(properties):
          return [MixpanelTracker.WireFormat.profileSet(properties, token: "tok", identity: identity)]
        case let .updateProfile(operation):
          return [MixpanelTracker.WireFormat.profileUpdate(operation, token: "tok", identity: identity)]
        case let .setGroup(key, id, traits):
          var grouped = identity
          grouped.groups = MixpanelTracker.WireFormat.groupMembers([key: id])
          return [
            MixpanelTracker.WireFormat.profileSet(name: key, value: [.string(id)], token: "tok", identity: identity),
            MixpanelTracker.WireFormat.groupSet(key: key, id: id, traits: traits, token: "tok"),
            MixpanelTracker.WireFormat.event(name: "Grouped", properties: [:], at: date, id: RecordID(), identity: grouped),
          ]
        case .identify:
          return [Array("{".utf8) + identity.eventFields + Array("}".utf8)]
        case let .signIn(_, properties):
          return [
            MixpanelTracker.WireFormat.event(name: "$identify", properties: [:], at: date, id: RecordID(), identity: identity),
            MixpanelTracker.WireFormat.profileSet(properties, token: "tok", identity: identity),
          ]
        case .alias, .unsupported:
          return []
        }
      },
      sentinels: sentinels(in:)
    )
  }

  static func googleAnalytics(_ storage: TemporaryStorage, queuesInMemory: Bool = false) throws -> Vendor {
    let transport = ScriptedTransport()
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-FUZZ", apiSecret: "secret", host: URL(string: "https://ga.invalid")!,
      storageDirectory: storage.directory("ga4"))
    options(&configuration, transport: transport, queuesInMemory: queuesInMemory)
    let environment = try GoogleAnalyticsEnvironment.live(configuration)
    return Vendor(
      name: "GA4", environment: VendorEnvironmentBox(environment), transport: transport,
      validate: { googleAnalyticsIssues(for: $0) }, track: { googleAnalyticsTracker($0) },
      install: { GoogleAnalyticsTracker.Current = environment },
      encode: { data, date in
        switch googleAnalyticsEvent(for: data) {
        case let .event(name, params):
          let stamp = VendorSession.Stamp(
            id: 1, uuid: nil, engagementMilliseconds: 100, isNew: true, start: date, ended: nil)
          return [GoogleAnalyticsTracker.WireFormat.event(name: name, params: params, at: date, session: stamp)]
        case let .userProperty(name, value):
          let identity = IdentityStore<String>.Identity(anonymousId: "client-1", userProperties: [name: value])
          return [Array(GoogleAnalyticsTracker.WireFormat.envelope(for: identity, context: .fixture, stream: .web(measurementId: "G-FUZZ")).utf8)]
        case let .userProperties(properties):
          let identity = IdentityStore<String>.Identity(anonymousId: "client-1", userProperties: properties)
          return [Array(GoogleAnalyticsTracker.WireFormat.envelope(for: identity, context: .fixture, stream: .web(measurementId: "G-FUZZ")).utf8)]
        case let .signIn(id, properties):
          let identity = IdentityStore<String>.Identity(anonymousId: "client-1", userId: id, userProperties: properties)
          return [Array(GoogleAnalyticsTracker.WireFormat.envelope(for: identity, context: .fixture, stream: .web(measurementId: "G-FUZZ")).utf8)]
        case let .userId(id):
          let identity = IdentityStore<String>.Identity(anonymousId: "client-1", userId: id)
          return [Array(GoogleAnalyticsTracker.WireFormat.envelope(for: identity, context: .fixture, stream: .web(measurementId: "G-FUZZ")).utf8)]
        case .alias, .unsupported:
          return []  // nothing on the wire
        }
      },
      sentinels: sentinels(in:)
    )
  }

  static func amplitude(_ storage: TemporaryStorage, queuesInMemory: Bool = false) throws -> Vendor {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"code": 200, "events_ingested": 1}"#))
    var configuration = AmplitudeConfiguration(
      apiKey: "amp-key", region: .custom(URL(string: "https://amplitude.invalid")!),
      storageDirectory: storage.directory("amplitude"))
    options(&configuration, transport: transport, queuesInMemory: queuesInMemory)
    // The fuzz test counts its own events; session events would be extra ones.
    configuration.sendsSessionEvents = false
    let environment = try AmplitudeEnvironment.live(configuration)
    return Vendor(
      name: "Amplitude", environment: VendorEnvironmentBox(environment), transport: transport,
      validate: { amplitudeIssues(for: $0) }, track: { amplitudeTracker($0) },
      install: { AmplitudeTracker.Current = environment },
      encode: { data, date in
        var userId: String?
        if case let .userId(id) = data { userId = id }
        if case let .signIn(id, _) = data { userId = id }
        let identity = AmplitudeTracker.WireFormat.members(
          for: .init(anonymousId: "device-1", userId: userId), ip: [], context: .fixture
        ).all
        let event = AmplitudeTracker.WireFormat.event(
          amplitudeEvent(for: data), identity: identity, sessionId: 1, at: date, insertId: RecordID())
        return event.map { [$0] } ?? []
      },
      sentinels: sentinels(in:)
    )
  }

  static func segment(_ storage: TemporaryStorage, queuesInMemory: Bool = false) throws -> Vendor {
    let transport = ScriptedTransport()
    var configuration = SegmentConfiguration(
      writeKey: "write-key", region: .custom(URL(string: "https://segment.invalid")!),
      storageDirectory: storage.directory("segment"))
    options(&configuration, transport: transport, queuesInMemory: queuesInMemory)
    let environment = try SegmentEnvironment.live(configuration)
    return Vendor(
      name: "Segment", environment: VendorEnvironmentBox(environment), transport: transport,
      validate: { segmentIssues(for: $0) }, track: { segmentTracker($0) },
      install: { SegmentTracker.Current = environment },
      encode: { data, date in
        var userId: String?
        if case let .userId(id) = data { userId = id }
        if case let .signIn(id, _) = data { userId = id }
        let members = SegmentTracker.WireFormat.members(
          for: .init(anonymousId: "anon-1", userId: userId),
          context: SegmentTracker.WireFormat.contextMember(for: .fixture, suppressesIP: true))
        let message = SegmentTracker.WireFormat.message(
          segmentMessage(for: data), members: members, at: date, messageId: RecordID())
        return message.map { [$0] } ?? []
      },
      sentinels: sentinels(in:)
    )
  }

  static func postHog(_ storage: TemporaryStorage, queuesInMemory: Bool = false) throws -> Vendor {
    let transport = ScriptedTransport(answering: .status(200, body: #"{"status": 1}"#))
    var configuration = PostHogConfiguration(
      apiKey: "phc_key", host: .selfHosted(URL(string: "https://posthog.invalid")!),
      storageDirectory: storage.directory("posthog"))
    options(&configuration, transport: transport, queuesInMemory: queuesInMemory)
    let environment = try PostHogEnvironment.live(configuration)
    return Vendor(
      name: "PostHog", environment: VendorEnvironmentBox(environment), transport: transport,
      validate: { postHogIssues(for: $0) }, track: { postHogTracker($0) },
      install: { PostHogTracker.Current = environment },
      encode: { data, date in
        var userId: String?
        if case let .userId(id) = data { userId = id }
        if case let .signIn(id, _) = data { userId = id }
        let identity = PostHogTracker.WireFormat.identity(
          for: .init(anonymousId: "anon-1", userId: userId), context: .fixture, suppressesGeoIP: true,
          personProfiles: .identifiedOnly)
        let event = PostHogTracker.WireFormat.event(
          postHogEvent(for: data), identity: identity, sessionId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", at: date,
          uuid: RecordID())
        return event.map { [$0] } ?? []
      },
      sentinels: sentinels(in:)
    )
  }
}
