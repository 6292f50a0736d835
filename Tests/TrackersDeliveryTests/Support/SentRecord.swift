import Foundation
import VendorTestSupport

extension Collector {
  /// One record of a `TestDestination` request body: its id, its attempts, and the test's event.
  struct SentRecord: Decodable, Hashable {
    struct Event: Decodable, Hashable {
      var seq: Int
    }
    var id: String
    var attempts: Int
    var event: Event
  }

  /// Every record received, in arrival order.
  func records() async throws -> [SentRecord] {
    try await requests().flatMap(\.records)
  }
}

extension Collector.Request {
  /// The records of a `TestDestination` request body.
  var records: [Collector.SentRecord] {
    (try? JSONDecoder().decode([Collector.SentRecord].self, from: Data(body.utf8))) ?? []
  }
}
