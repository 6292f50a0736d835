import Foundation
import Trackers
import TrackersDelivery

/// Everything ``segmentTracker`` needs from the outside world: `send`, `flush`, `close` and `counters`,
/// with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment, privacy: consent.registry))
///
/// // In a test:
/// withIsolatedEnvironments {
///   SegmentTracker.Current.send = recorder.tracker
///   segmentTracker(.screen(name: "Cart"))
/// }
/// ```
public typealias SegmentEnvironment = VendorEnvironment<SegmentMessage>

extension SegmentMessage: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { segmentModule }
}

extension SegmentEnvironment {
  /// Delivers to Segment through a durable queue in the configuration's storage directory: each message
  /// carries the persisted anonymous id (and user id once signed in) and a `messageId`; `.userId` also
  /// updates the identity (a new anonymous id on sign-out); `.alias` links the anonymous id to its user id
  /// and changes no identity; `.unsupported` sends nothing and is counted in
  /// ``TrackersDelivery/TrackerCounters/unsupportedByKind``. With a privacy registry, nothing is sent
  /// before consent for "Segment".
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: SegmentConfiguration) throws -> SegmentEnvironment {
    let now = configuration.now
    let suppressesIP = configuration.ipLocation == .suppressed
    let derive: @Sendable (IdentityStore<WireFormat.Members>.Identity, TrackingContext) -> WireFormat.Members = {
      identity, context in
      WireFormat.members(for: identity, context: WireFormat.contextMember(for: context, suppressesIP: suppressesIP))
    }
    return try live(options: configuration.options, destination: SegmentDestination(configuration), derive: derive) { delivery in
      return { event in
        // An event about a subject (a server's user) carries the subject's ids, never the stored identity's.
        if let subject = EventSubject.current {
          switch event {
          case .track, .screen:
            let members = WireFormat.members(
              about: subject, context: delivery.subjectContext, suppressesIP: suppressesIP)
            let id = RecordID()
            switch WireFormat.message(event, members: members, at: subject.timestamp ?? now(), messageId: id) {
            case let payload? where payload.count > SegmentLimits.messageBytes:
              return .invalid([SegmentValidation.sizeIssue(payload.count)])
            case let payload?: return delivery.fate(queueing: VendorRecord(payload: payload, id: id))
            case nil: return .unsupported(kind: EventFate.nothingToSendAboutASubject)
            }
          default:
            break
          }
        }
        // Refused by segmentIssues(for:), so only an app calling `send` itself gets here.
        if case let .unsupported(data) = event {
          return .unsupported(kind: SegmentValidation.kind(of: data))
        }
        let userId: String?? =
          switch event {
          case let .userId(id): .some(id)
          case let .signIn(id, _): .some(id)
          default: .none
          }
        return delivery.fate(of: event, signingIn: userId) { _, members, id -> VendorDelivery<WireFormat.Members>.Encoded in
          guard let payload = WireFormat.message(event, members: members, at: now(), messageId: id) else {
            return .nothingToSend
          }
          // segmentIssues(for:) measured the message with a sample identity; this is the size Segment will see. A
          // refusal counts as invalid only, not also as an identity update.
          guard payload.count <= SegmentLimits.messageBytes else {
            return .refused([SegmentValidation.sizeIssue(payload.count)])
          }
          return .payload(payload)
        }
      }
    }
  }
}

/// Counts and reports what this module could not send.
let segmentModule = VendorModule(
  name: "SegmentTracker",
  vendor: "Segment",
  configuration: #"SegmentTracker.Current = try .live(.init(writeKey: "<write key>"))"#
)

let current = CurrentEnvironment(SegmentEnvironment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with `.live(_:)`; tests
/// assign it inside `withIsolatedEnvironments`.
public var Current: SegmentEnvironment {
  get { current.value }
  set { current.value = newValue }
}
