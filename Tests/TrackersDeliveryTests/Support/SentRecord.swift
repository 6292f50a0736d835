import Foundation
import TrackersDeliveryTesting
import VendorTestSupport

/// One record of a `TestDestination` request body: its id, its attempts, and the test's event.
struct SentRecord: Decodable, Hashable {
  struct Event: Decodable, Hashable {
    var seq: Int
  }
  var id: String
  var attempts: Int
  var event: Event
}

extension RecordedRequest {
  /// The records of a `TestDestination` request body.
  var records: [SentRecord] {
    (try? JSONDecoder().decode([SentRecord].self, from: Data(body))) ?? []
  }
}

extension ScriptedTransport {
  /// Every record received, in arrival order.
  var records: [SentRecord] {
    requests.flatMap(\.records)
  }
}

extension Collector {
  /// Every record received, in arrival order.
  func records() async throws -> [SentRecord] {
    try await requests().flatMap(\.records)
  }

  /// The `seq` of every event received after the first `earlier` requests, in arrival order: sent by
  /// the crash child (its destination posts the bare events) or by this process (a `TestDestination`
  /// wraps each one).
  func receivedSeqs(after earlier: Int) async throws -> [Int] {
    try await requests().dropFirst(earlier).flatMap { request in
      (try? JSONDecoder().decode([SentRecord.Event].self, from: Data(request.body.utf8))) ?? request.records.map(\.event)
    }.map(\.seq)
  }
}

/// The built `DeliveryCrashChild` next to the test bundle (its usage is at the top of its `main.swift`).
func crashChildExecutable() throws -> URL {
  try builtExecutable(
    "DeliveryCrashChild",
    otherDirectories: [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug")
    ])
}

extension Collector.Request {
  /// The records of a `TestDestination` request body.
  var records: [SentRecord] {
    (try? JSONDecoder().decode([SentRecord].self, from: Data(body.utf8))) ?? []
  }
}
