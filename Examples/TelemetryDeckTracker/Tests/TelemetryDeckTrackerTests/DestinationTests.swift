import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery

/// Where TelemetryDeck's requests go and how its answers are read, without a network.
@Suite struct DestinationTests {
  let destination = TelemetryDeckDestination(TelemetryDeckConfiguration(appID: appID))
  let batch = Batch(records: [], partition: "")

  @Test func urlsAsTheSDKBuildsThem() {
    #expect(destination.url.absoluteString == "https://nom.telemetrydeck.com/v2/")
    #expect(TelemetryDeckDestination(TelemetryDeckConfiguration(appID: appID, namespace: "")).url.absoluteString == "https://nom.telemetrydeck.com/v2/")
    #expect(TelemetryDeckDestination(TelemetryDeckConfiguration(appID: appID, namespace: "com.example")).url.absoluteString
      == "https://nom.telemetrydeck.com/v2/namespace/com.example/")
    #expect(TelemetryDeckDestination(TelemetryDeckConfiguration(appID: appID, namespace: "a/b c")).url.absoluteString
      == "https://nom.telemetrydeck.com/v2/namespace/a%2Fb%20c/")
    var configuration = TelemetryDeckConfiguration(appID: appID)
    configuration.baseURL = URL(string: "https://telemetry.example.com/proxy/")!
    #expect(TelemetryDeckDestination(configuration).url.absoluteString == "https://telemetry.example.com/proxy/v2/")
  }

  @Test func limits() {
    #expect(destination.name == "TelemetryDeck")
    #expect(destination.limits.maxEvents == 100)
    #expect(destination.limits.maxBytes == 999_998)
    var configuration = TelemetryDeckConfiguration(appID: appID)
    configuration.maxEventsPerRequest = 500  // cut to the SDK's 100
    #expect(TelemetryDeckDestination(configuration).limits.maxEvents == 100)
    configuration.maxEventsPerRequest = 10
    #expect(TelemetryDeckDestination(configuration).limits.maxEvents == 10)
  }

  @Test(arguments: [400, 401, 403, 404, 422, 501, 505])
  func refusalsAreDroppedWithTheFix(status: Int) throws {
    let outcome = destination.classify(HTTPResponse(statusCode: status, body: Array("nope".utf8)), for: batch)
    guard case let .drop(reason) = outcome else {
      Issue.record("HTTP \(status) was \(outcome), not dropped")
      return
    }
    #expect(reason.hasPrefix("TelemetryDeck refused the signals: HTTP \(status) nope. To fix this, "))
  }

  @Test func successSplitsAndRetries() {
    #expect(destination.classify(HTTPResponse(statusCode: 200), for: batch) == .delivered)
    #expect(destination.classify(HTTPResponse(statusCode: 202), for: batch) == .delivered)
    #expect(destination.classify(HTTPResponse(statusCode: 413), for: batch) == .tooLarge)
    #expect(destination.classify(HTTPResponse(statusCode: 408), for: batch) == .retry(after: nil))
    #expect(destination.classify(HTTPResponse(statusCode: 429, headers: ["Retry-After": "2"]), for: batch)
      == .retry(after: .seconds(2)))
    for status in [500, 502, 503, 504] {
      #expect(destination.classify(HTTPResponse(statusCode: status), for: batch) == .retry(after: nil), "\(status)")
    }
  }

  @Test func theSaltStaysOutOfTheDescription() {
    let configuration = TelemetryDeckConfiguration(appID: appID, salt: "a-secret-salt")
    #expect(!configuration.description.contains("a-secret-salt"))
    #expect(configuration.description.contains(appID))
    #expect(TelemetryDeckConfiguration(appID: appID).description.contains("salt: none"))
  }
}
