import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

@Suite struct ScriptedTransportTests {
  let url = URL(string: "https://vendor.test/v1/batch?ip=0&project_id=7")!

  func post(_ body: String, to transport: ScriptedTransport, path: String = "/v1/batch") async throws -> HTTPResponse {
    try await transport.send(HTTPRequest(url: URL(string: "https://vendor.test\(path)")!, body: Array(body.utf8)))
  }

  @Test func rulesComeBeforeTheScriptWhichComesBeforeTheDefault() async throws {
    let transport = ScriptedTransport(answering: .status(204))
    transport.script(.status(503), .status(429, headers: ["Retry-After": "2"]))
    transport.reply(.status(413), when: { $0.body.count > 10 }, times: 1)
    #expect(try await post("a long body!", to: transport).statusCode == 413)  // the rule, once
    #expect(try await post("a long body!", to: transport).statusCode == 503)  // the rule is spent: the script
    let throttled = try await post("x", to: transport)
    #expect(throttled.statusCode == 429 && throttled.header("retry-after") == "2")
    #expect(try await post("x", to: transport).statusCode == 204)  // the script is spent: the default
    #expect(transport.requests.map(\.bodyText) == ["a long body!", "a long body!", "x", "x"])
  }

  @Test func aRuleCanAnswerFromTheRequestItself() async throws {
    let transport = ScriptedTransport()
    transport.reply(when: { $0.path == "/engage" }) { request in .status(200, body: "\(request.body.count)") }
    #expect(try await post("12345", to: transport, path: "/engage").bodyText == "5")
    #expect(try await post("12345", to: transport, path: "/import").bodyText == "")
  }

  @Test func thePathIsReportedExactlyAsSent() async throws {
    let transport = ScriptedTransport()
    _ = try await post("x", to: transport, path: "/batch/")
    _ = try await post("x", to: transport, path: "/i/v0/e/")
    _ = try await post("x", to: transport, path: "/a%20b")
    _ = try await post("x", to: transport, path: "")
    #expect(transport.requests.map(\.path) == ["/batch/", "/i/v0/e/", "/a%20b", "/"])
  }

  @Test func withoutADestinationSuccessIsABare200AndAnUnexpectedAnswerIsTheReplyItWraps() async throws {
    let transport = ScriptedTransport()
    transport.script(.unexpectedAnswer(.status(200, body: "<html>")))
    let marked = try await post("x", to: transport)
    #expect(marked.statusCode == 200 && marked.bodyText == "<html>")
    let success = try await post("x", to: transport)
    #expect(success.statusCode == 200 && success.body.isEmpty)
  }

  @Test func aDroppedConnectionThrowsAsURLSessionWould() async throws {
    let transport = ScriptedTransport()
    transport.script(.dropConnection)
    await #expect(throws: URLError.self) { try await post("x", to: transport) }
    #expect(try await post("x", to: transport).statusCode == 200)
    #expect(transport.requests.count == 2)
  }

  @Test func aWaitReturnsOnceTheRequestsItWaitsForHaveCome() async throws {
    let transport = ScriptedTransport()
    #expect(await transport.waitForRequests(0).isEmpty)  // already true: at once
    let waiting = Task { await transport.waitForRequests { $0.contains { $0.bodyText == "second" } } }
    _ = try await post("first", to: transport)
    _ = try await post("second", to: transport)
    #expect(await waiting.value.map(\.bodyText) == ["first", "second"])
    // A wait that is never satisfied ends at its bound with what came, for the test's checks to fail on.
    #expect(await transport.waitForRequests(3, timeout: .zero).count == 2)
  }

  @Test func aHeldRequestIsAnsweredOnceItsGateOpensOrEndsWhenCancelled() async throws {
    let transport = ScriptedTransport()
    let gate = ScriptedTransport.Gate()
    transport.script(.held(by: gate, then: .status(503)), .held(by: gate, then: .status(200)))
    let held = Task { try await post("held", to: transport) }
    await transport.waitForRequests(1)
    gate.open()
    #expect(try await held.value.statusCode == 503)
    #expect(try await post("open", to: transport).statusCode == 200)  // an open gate holds nothing

    let never = ScriptedTransport.Gate()
    transport.script(.held(by: never, then: .status(200)))
    let cancelled = Task { try await post("cancelled", to: transport) }
    await transport.waitForRequests(3)
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  @Test func recordedRequestsParseAsJSONFormAndQuery() async throws {
    let transport = ScriptedTransport()
    _ = try await transport.send(HTTPRequest(
      url: url, headers: ["Content-Type": "application/json"], body: Array(#"{"batch": [{"seq": 1}], "ok": true}"#.utf8)))
    _ = try await transport.send(HTTPRequest(url: url, body: Array("data=a%20b%2Bc&verbose=1&x=y+z".utf8)))
    let (json, form) = (transport.requests[0], transport.requests[1])
    #expect(json.method == "POST" && json.path == "/v1/batch")
    #expect(json.queryItems == ["ip": "0", "project_id": "7"])
    #expect(json.header("content-type") == "application/json")
    #expect(try json.json() == ["batch": [["seq": 1]], "ok": true])
    #expect(form.form() == ["data": "a b+c", "verbose": "1", "x": "y z"])
    #expect(json.receivedAt <= form.receivedAt)
  }
}

@Suite struct KitTests {
  @Test func temporaryStorageIsFreshAndGoesAwayWithTheValue() throws {
    var storage: TemporaryStorage? = try TemporaryStorage("kit")
    let url = try #require(storage?.url)
    let other = try TemporaryStorage("kit")
    #expect(url != other.url)
    #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
    let sub = try #require(storage?.directory("mixpanel"))
    #expect(FileManager.default.fileExists(atPath: sub.path))
    storage = nil
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func collectingIssuesReturnsWhatWasReportedInsteadOfFailing() async {
    #expect(collectingIssues { reportIssue("one"); reportIssue("two") } == ["one", "two"])
    let issues = await collectingIssues {
      await Task.yield()
      reportIssue("after a suspension")
    }
    #expect(issues == ["after a suspension"])
  }

  @Test func theTestClockMovesOnlyWhenToldAndReadsBackExactMilliseconds() {
    let clock = TestClock(1_793_817_970_123)
    #expect(Int((clock.now.timeIntervalSince1970 * 1_000).rounded(.down)) == 1_793_817_970_123)
    clock.advance(milliseconds: 30 * 60_000 + 1)
    #expect(Int((clock.now.timeIntervalSince1970 * 1_000).rounded(.down)) == 1_793_819_770_124)
  }
}

@Suite struct JSONInsideAFormTests {
  func received(body: String, url: String = "https://vendor.test/i/bulk") async throws -> RecordedRequest {
    let transport = ScriptedTransport()
    _ = try await transport.send(HTTPRequest(url: URL(string: url)!, body: Array(body.utf8)))
    return try #require(transport.requests.first)
  }

  @Test func theJSONOfAFormFieldIsDecodedFromTheFormFirst() async throws {
    // Countly's /i/bulk: `requests` is percent-encoded JSON beside the app key.
    let request = try await received(
      body: "app_key=secret&requests=%5B%7B%22device_id%22%3A%22d%201%22%2C%22events%22%3A%5B%7B%22count%22%3A2%7D%5D%7D%5D")
    #expect(try request.json(inFormField: "requests") == [["device_id": "d 1", "events": [["count": 2]]]])
  }

  @Test func theJSONOfAQueryItemIsDecodedFromTheQueryFirst() async throws {
    let request = try await received(body: "", url: "https://vendor.test/i?events=%5B%7B%22key%22%3A%22a%2Bb%22%7D%5D")
    #expect(try request.json(inQueryItem: "events") == [["key": "a+b"]])
  }

  @Test func aMissingFieldIsNamedWithTheFieldsThereAre() async throws {
    let request = try await received(body: "app_key=secret&device_id=d1")
    let inForm = #expect(throws: RecordedRequest.MissingField.self) { try request.json(inFormField: "requests") }
    #expect(inForm?.description == #"the request's form has no field "requests" (it has: app_key, device_id)"#)
    #expect(inForm?.name == "requests")
    let inQuery = #expect(throws: RecordedRequest.MissingField.self) { try request.json(inQueryItem: "events") }
    #expect(inQuery?.description == #"the request's query has no item "events" (it has: none)"#)
  }
}
