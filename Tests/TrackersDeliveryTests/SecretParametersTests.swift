import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// A Countly-like destination: its key travels as `app_key` in the URL query (and, in the vendor's form
/// and JSON answers, back in the body), and as `X-Countly-Key` in a header.
struct SecretParameterDestination: DeliveryDestination {
  static let key = "countly-secret-0123456789"
  var name = "CountlyLike"
  var limits = BatchLimits(maxEvents: 10, maxBytes: 1 << 20, flushInterval: .seconds(60))
  var secretParameters: Set<String> { ["app_key"] }
  var secretHeaders: Set<String> { ["X-Countly-Key"] }

  func makeRequest(for batch: Batch) throws -> HTTPRequest {
    var components = URLComponents(url: scriptedURL, resolvingAgainstBaseURL: false) ?? URLComponents()
    components.queryItems = [
      URLQueryItem(name: "app_key", value: Self.key), URLQueryItem(name: "my_app_key_hint", value: "shown"),
    ]
    return HTTPRequest(
      url: components.url ?? scriptedURL, headers: ["X-Countly-Key": Self.key],
      body: Array("app_key=\(Self.key)&events=\(batch.records.count)".utf8))
  }

  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome { .standard(for: response) }
}

@Suite struct SecretParametersTests {
  let key = SecretParameterDestination.key

  init() {
    Redaction.declareSecretParameters(SecretParameterDestination().secretParameters)
  }

  @Test func queryAndFormValuesAreRedacted() {
    #expect(
      Redaction.redact("GET https://c.test/i?app_key=\(key)&device_id=d1")
        == "GET https://c.test/i?app_key=<redacted>&device_id=d1")
    #expect(Redaction.redact("app_key=\(key)&events=3") == "app_key=<redacted>&events=3")
    #expect(Redaction.redact("body: app_key=\(key) and more") == "body: app_key=<redacted> and more")
    #expect(Redaction.redact("?APP_KEY=\(key)") == "?APP_KEY=<redacted>")
    // Percent-encoded names, as a form or a query may carry them.
    #expect(Redaction.redact("?app%5Fkey=\(key)") == "?app%5Fkey=<redacted>")
    #expect(Redaction.redact("?app%5fkey=\(key)&x=1") == "?app%5fkey=<redacted>&x=1")
  }

  @Test func jsonValuesAreRedacted() {
    #expect(Redaction.redact("{\"app_key\": \"\(key)\", \"n\": 1}") == "{\"app_key\": \"<redacted>\", \"n\": 1}")
    #expect(Redaction.redact("{\"app_key\":\"\(key)\"}") == "{\"app_key\":\"<redacted>\"}")
    #expect(Redaction.redact("{\"app_key\":\"a\\\"b\"}") == "{\"app_key\":\"<redacted>\"}")
    #expect(Redaction.redact("{\"app_key\": 1234567890}") == "{\"app_key\": \"<redacted>\"}")
  }

  /// Names match exactly: a parameter whose name merely contains the secret's is shown.
  @Test func namesThatContainTheSecretNameAreShown() {
    for text in [
      "?my_app_key_hint=x", "?my_app_key=x", "?app_keys=x", "{\"my_app_key\": \"x\"}", "{\"app_key_hint\": \"x\"}",
    ] {
      #expect(Redaction.redact(text) == text)
    }
  }

  @Test func anyInputIsRedactedWithoutTrapping() {
    for text in ["", "app_key=", "app_key", "\"app_key\":", "\"app_key\": \"unterminated", "=&=&app_key==", "\u{0}app_key=\u{FFFD}"] {
      #expect(!Redaction.redact(text).contains(key))
    }
    let long = String(repeating: "app_key=&\"app_key\":", count: 5_000)
    #expect(Redaction.redact(long).count >= long.count)
  }

  @Test func requestDescriptionsAndReportsShowNoSecretParameter() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: SecretParameterDestination(), configuration: testConfiguration(directory), transport: transport,
      onReport: reports.handler)
    transport.script(.status(400, body: "invalid app_key=\(key) in {\"app_key\": \"\(key)\"}"))
    try queue.enqueue(payload(0))
    await queue.flush()
    #expect(queue.counters.dropped(.permanentFailure) == 1)
    let request = try #require(transport.requests.first)
    #expect(request.request.url.absoluteString.contains("app_key=\(key)"))  // sent, never shown
    #expect(request.description.contains("app_key=<redacted>"))
    #expect(request.description.contains("my_app_key_hint=shown"))
    #expect(request.description.contains("X-Countly-Key: <redacted>"))  // the header redaction still works
    let report = try #require(reports.descriptions.first { $0.contains("HTTP 400") })
    #expect(report.contains("app_key=<redacted>") && report.contains("\"app_key\": \"<redacted>\""))
    for text in transport.requests.map(\.description) + reports.descriptions {
      #expect(!text.contains(key), "\(text)")
    }
    await queue.close(timeout: .seconds(1))
  }
}
