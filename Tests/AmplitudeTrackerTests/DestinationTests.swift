import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import VendorTestSupport

/// The answers Amplitude documents, read without a network.
@Suite struct DestinationTests {
  let destination = AmplitudeDestination(AmplitudeConfiguration(apiKey: "k", storageDirectory: temporaryDirectory()))
  var batch: Batch {
    Batch(records: (0..<3).map { _ in
      Record(id: RecordID(), enqueuedAt: Date(), attempts: 0, partition: "", payload: Array(#"{"event_type":"E"}"#.utf8))
    }, partition: "")
  }

  func classify(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> DeliveryOutcome {
    destination.classify(HTTPResponse(statusCode: status, headers: headers, body: Array(body.utf8)), for: batch)
  }

  @Test func readsEachDocumentedAnswer() {
    #expect(classify(200, #"{"code":200,"events_ingested":3}"#) == .delivered)
    #expect(classify(413) == .tooLarge)
    #expect(classify(429) == .retry(after: .seconds(30)))
    #expect(classify(429, headers: ["Retry-After": "5"]) == .retry(after: .seconds(5)))
    #expect(classify(500) == .retry(after: nil))
    #expect(classify(503) == .retry(after: nil))
    #expect(classify(400, #"{"code":400,"events_with_invalid_fields":{"time":[0,9]}}"#)
      == .rejectedResendRest(rejected: [0: "Amplitude: invalid field 'time'"]))
    guard case let .drop(reason) = classify(400, #"{"code":400,"error":"Invalid API key: k","missing_field":"api_key"}"#) else {
      Issue.record("a 400 without indices drops the batch")
      return
    }
    #expect(reason.contains("missing field 'api_key'") && reason.contains("To fix this"))
  }

  @Test func requestCarriesTheKeyInTheBodyOnly() throws {
    let request = try destination.makeRequest(for: batch)
    #expect(request.url.absoluteString == "https://api2.amplitude.com/2/httpapi")
    #expect(try parseJSON(request.body) == parseJSON(#"{"api_key":"k","events":[{"event_type":"E"},{"event_type":"E"},{"event_type":"E"}]}"#))
    #expect(AmplitudeDestination(AmplitudeConfiguration(apiKey: "k", region: .eu)).url.absoluteString == "https://api.eu.amplitude.com/2/httpapi")
    let secret = AmplitudeConfiguration(apiKey: "amp-secret-xyz")
    #expect(!secret.description.contains("amp-secret-xyz"))
    #expect(!(try AmplitudeDestination(secret).makeRequest(for: batch)).description.contains("amp-secret-xyz"))
  }

  /// As Amplitude-Kotlin's `shouldCompressUploadBody()`: gzip to Amplitude's hosts, plain to a custom one
  /// (a proxy may not decode it).
  @Test func compressesBodiesToAmplitudesOwnHostsOnly() {
    for region in [AmplitudeConfiguration.Region.standard, .eu] {
      #expect(AmplitudeDestination(AmplitudeConfiguration(apiKey: "k", region: region)).requestBodyEncoding(for: batch) == .gzip)
    }
    let proxy = AmplitudeConfiguration(apiKey: "k", region: .custom(URL(string: "https://amplitude-proxy.example.com")!))
    #expect(AmplitudeDestination(proxy).requestBodyEncoding(for: batch) == .identity)
  }
}

