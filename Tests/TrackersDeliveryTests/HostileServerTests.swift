import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// Servers that misbehave (issue 20): none may crash the app, make it wait forever, send a key to another
/// host, or lose an event without counting it. What `URLSessionTransport` does goes over a real loopback
/// socket; what the queue makes of the answer, through a scripted transport.
@Suite struct HostileServerTests {
  // MARK: Retry-After

  @Test func absurdRetryAfterValuesNeitherTrapNorWaitForever() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func delay(_ value: String) -> Duration? {
      DeliveryOutcome.retryAfter(HTTPResponse(statusCode: 429, headers: ["Retry-After": value]).received(at: now))
    }
    // `Int64(1e16 * 1000)` trapped; now every huge value is the documented maximum.
    for huge in ["1e16", "1e300", "9223372036854775807", "99999999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT"] {
      #expect(delay(huge) == DeliveryOutcome.maxRetryAfter, "\(huge)")
    }
    for unreadable in ["-1", "-1e16", "nan", "inf", "-inf", "soon", "1e16s", "Sun, 99 Foo 1994 08:50:07 GMT", "\u{0}"] {
      #expect(delay(unreadable) == nil, "\(unreadable)")
    }
    #expect(delay("0") == .zero)
    #expect(delay("2.5") == .milliseconds(2_500))
    #expect(delay("Sun, 06 Nov 1994 08:50:07 GMT") == .zero)  // in the past
    #expect(DeliveryOutcome.maxRetryAfter == .seconds(86_400))
  }

  /// The queued batch is sent again at every launch: each launch must get past the answer.
  @Test func hugeRetryAfterWaitsTheCappedDelayAtEveryLaunch() async throws {
    let transport = ScriptedTransport(answering: .status(429, headers: ["Retry-After": "1e16"]))
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    for launch in 0..<2 {
      let reports = ReportLog()
      let clock = ManualQueueClock()
      let queue = try DeliveryQueue(
        destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: testConfiguration(directory),
        transport: transport, onReport: reports.handler, clock: clock, random: SeededQueueRandom(seed: 1))
      if launch == 0 { for i in 0..<3 { try queue.enqueue(payload(i)) } }
      await queue.flush()  // returns at the backoff
      #expect(queue.counters.pendingEvents == 3)
      let delays = reports.all.compactMap { report -> Duration? in
        if case .retryScheduled(_, 3, let delay, _) = report { delay } else { nil }
      }
      #expect(delays == [DeliveryConfiguration.Backoff().maxServerDelay])
      // Ends at once, not after the server's delay: the capped delay is longer than the close's second.
      await queue.close(timeout: .seconds(1), advancing: clock)
      #expect(clock.now.instant == .zero)
    }
    #expect(transport.requests.count == 2)
  }

  // MARK: Redirects

  /// `URLSessionTransport` on a real socket: every redirect status is the answer, and the server it
  /// points to hears nothing (one pair of collectors for the five statuses).
  @Test func redirectsAreAnswersNeverFollowed() async throws {
    let configured = try await Collector()
    let elsewhere = try await Collector()
    for status in [301, 302, 303, 307, 308] {
      try await configured.script([.redirect(to: elsewhere.url("/stolen?x=1"), status: status)])
      let request = HTTPRequest(
        url: configured.url(), headers: ["Authorization": "Basic c2VjcmV0Og==", "Content-Type": "application/json"],
        body: Array("[{\"seq\":\(status)}]".utf8))
      let response = try await URLSessionTransport().send(request)
      #expect(response.statusCode == status)
      #expect(response.header("Location") == elsewhere.url("/stolen?x=1").absoluteString)
      let sent = try #require(try await configured.requests().last)
      #expect(sent.method == "POST" && sent.body == "[{\"seq\":\(status)}]")
      guard case .unexpectedAnswer(let reason) = DeliveryOutcome.standard(for: response) else {
        Issue.record("a \(status) must not count as delivered nor be dropped at once")
        continue
      }
      #expect(reason.contains("HTTP \(status) redirect to \(elsewhere.url("/stolen"))"))
    }
    #expect(try await configured.requestCount() == 5)
    #expect(try await elsewhere.requestCount() == 0)
  }

  @Test func redirectedBatchesAreRetriedCountedAndReportedNeverDelivered() async throws {
    // What `URLSessionTransport` hands the queue for a redirect (`redirectsAreAnswersNeverFollowed`).
    let transport = ScriptedTransport(
      answering: .status(307, headers: ["Location": "https://elsewhere.test/collect?api_secret=S3CRET"]))
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    // On the manual clock: each backoff passes at once, as the test moves the clock to it.
    let clock = ManualQueueClock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10),
      configuration: testConfiguration(directory, maxAttempts: 3), transport: transport, onReport: reports.handler,
      clock: clock, random: SeededQueueRandom(seed: 1))
    for i in 0..<4 { try queue.enqueue(payload(i)) }
    await queue.flush()
    for request in 2...3 {
      _ = await advance(queue, clock) { transport.requests.count == request }
      await queue.flush()  // the answer is applied
    }
    #expect(queue.counters.dropped(.maxAttempts) == 4)
    let counters = queue.counters
    #expect(counters.delivered == 0 && counters.pendingEvents == 0 && counters.retried == 8)
    expectBalanced(counters)
    #expect(transport.requests.count == 3)
    #expect(transport.requests.allSatisfy { $0.request.url.host == scriptedURL.host && $0.path == scriptedURL.path })
    let text = reports.descriptions.joined(separator: "\n")
    #expect(text.contains("dropped 4 records (maxAttempts)") && text.contains("HTTP 307 redirect to"))
    #expect(!text.contains("S3CRET") && !text.contains("test-secret-token"))
    await queue.close(timeout: .seconds(1), advancing: clock)
  }

  // MARK: Bodies

  /// A 1 GB body used to cost 2 GB of memory; an endless one, all there was; an answer that never came
  /// held the caller forever. `URLSessionTransport` on a real socket, one collector for its limits.
  @Test func longBodiesAreCutAtTheLimitAndNotRead() async throws {
    let collector = try await Collector()
    // The endless one first: the collector's count of finished streams is then its own.
    for length in [Collector.Response.endless, 1 << 30] {
      try await collector.script([.init(status: 200, body: "{\"ok\":true}", stream: length)])
      let transport = URLSessionTransport(maxResponseBytes: 100_000)
      let response = try await transport.send(HTTPRequest(url: collector.url(), body: Array("[]".utf8)))
      #expect(response.statusCode == 200)
      #expect(response.isBodyTruncated)
      if length == Collector.Response.endless {
        #expect(response.body.count == 100_000)
        #expect(response.body.starts(with: Array("{\"ok\":true}xxx".utf8)))
        // The client hung up: an endless body ends only so. (How much the network read before the
        // cancellation landed depends on the machine's speed; the body kept does not.)
        #expect(try await eventually { try await collector.streamed().finished == 1 })
      } else {
        #expect(response.body.isEmpty)  // announced longer than the limit: not read at all
      }
      #expect(response.description.hasSuffix("..."))
    }

    // Exactly the limit: whole.
    try await collector.script([.init(status: 200, stream: 4096)])
    let whole = try await URLSessionTransport(maxResponseBytes: 4096).send(HTTPRequest(url: collector.url()))
    #expect(!whole.isBodyTruncated && whole.body.count == 4096)
    #expect(URLSessionTransport().maxResponseBytes == URLSessionTransport.defaultMaxResponseBytes)

    // Cancelling the caller stops a request that would never end.
    try await collector.script([.init(status: 200, delay: 600)])
    let earlier = try await collector.requestCount()
    let transport = URLSessionTransport()
    let request = Task { try await transport.send(HTTPRequest(url: collector.url())) }
    #expect(try await eventually { try await collector.requestCount() == earlier + 1 })
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
  }

  // MARK: 413 to everything

  @Test func aServerRefusingEverythingAsTooLargeCostsOneReportLine() async throws {
    let transport = ScriptedTransport(answering: .status(413, body: "Request Entity Too Large"))
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    var configuration = testConfiguration(directory)
    configuration.repeatedReportInterval = .seconds(3_600)  // everything folds, however slow the machine
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 32), configuration: configuration,
      transport: transport, onReport: reports.handler)
    for i in 0..<32 { try queue.enqueue(payload(i)) }
    await queue.flush()
    // Split down to single records (31 splits, 32 singles), each dropped and counted.
    #expect(transport.requests.count == 63)
    #expect(queue.counters.dropped(.tooLarge) == 32)
    expectBalanced(queue.counters)
    #expect(reports.all.count == 1)
    await queue.close(timeout: .seconds(1))
    // At close, the folded 31 go out as one summary: the reports add up to the counter.
    let drops = reports.all.compactMap { report -> Int? in
      if case .dropped(_, let count, .tooLarge, _) = report { count } else { nil }
    }
    #expect(drops == [1, 31])
    #expect(reports.descriptions[1].contains("31 more reports like the last one"))
  }
}
