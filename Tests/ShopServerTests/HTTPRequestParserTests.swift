import Testing
@testable import ShopServer

/// The request parser's rules, as inputs and the exact result: what it reads, what it refuses and with
/// which status, and that no input traps it.
@Suite struct HTTPRequestParserTests {
  func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Result {
    HTTPRequestParser.parse(Array(text.utf8), limits: limits)
  }

  func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Int? {
    guard case let .invalid(response) = parse(text, limits: limits) else { return nil }
    #expect(response.closes)
    return response.status
  }

  @Test func readsARequestWithItsContentLengthBody() {
    let text = "POST /orders?debug=1 HTTP/1.1\r\nHost: shop\r\nContent-Length: 2\r\nUser-Agent:  wrk \r\n\r\n{}"
    let expected = HTTPRequest(
      method: "POST", path: "/orders",
      headers: [("Host", "shop"), ("Content-Length", "2"), ("User-Agent", "wrk")], body: Array("{}".utf8))
    #expect(parse(text) == .request(expected, consumed: text.utf8.count))
    #expect(expected.header("user-agent") == "wrk")
  }

  @Test func everyPrefixOfARequestIsIncomplete() {
    let text = "POST /orders HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
    let bytes = Array(text.utf8)
    for end in 0..<bytes.count {
      #expect(HTTPRequestParser.parse(bytes[0..<end]) == .incomplete, "\(end) bytes")
    }
    guard case .request = HTTPRequestParser.parse(bytes) else {
      Issue.record("the whole request was not read")
      return
    }
  }

  @Test func pipelinedRequestsAreReadOneAtATime() {
    let first = "GET /health HTTP/1.1\r\n\r\n"
    let second = "\r\nGET /other HTTP/1.1\r\n\r\n"
    let bytes = Array((first + second).utf8)
    guard case let .request(request, consumed) = HTTPRequestParser.parse(bytes) else {
      Issue.record("the first request was not read")
      return
    }
    #expect(request.path == "/health" && consumed == first.utf8.count)
    // The blank line a client may send between requests is skipped.
    guard case let .request(next, rest) = HTTPRequestParser.parse(bytes[consumed...]) else {
      Issue.record("the second request was not read")
      return
    }
    #expect(next.path == "/other" && consumed + rest == bytes.count)
  }

  @Test func keepAliveFollowsTheVersionAndTheConnectionHeader() {
    func keepAlive(_ text: String) -> Bool? {
      guard case let .request(request, _) = parse(text) else { return nil }
      return request.keepAlive
    }
    #expect(keepAlive("GET / HTTP/1.1\r\n\r\n") == true)
    #expect(keepAlive("GET / HTTP/1.1\r\nConnection: Close\r\n\r\n") == false)
    #expect(keepAlive("GET / HTTP/1.1\r\nConnection: upgrade, close\r\n\r\n") == false)
    #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
    #expect(keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
  }

  @Test func refusesWhatItWillNotGuess() {
    #expect(status("GET /\r\n\r\n") == 400)
    #expect(status("GET  / HTTP/1.1\r\n\r\n") == 400)
    #expect(status("G(T / HTTP/1.1\r\n\r\n") == 400)
    #expect(status("GET http://shop/ HTTP/1.1\r\n\r\n") == 400)
    #expect(status("GET / HTTP/2.0\r\n\r\n") == 505)
    #expect(status("GET / SPDY\r\n\r\n") == 400)
    #expect(status("GET / HTTP/1.1\r\nNo colon\r\n\r\n") == 400)
    #expect(status("GET / HTTP/1.1\r\nHost : shop\r\n\r\n") == 400)
    #expect(status("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == 400)
    #expect(status("GET / HTTP/1.1\r\nHost: a\nb\r\n\r\n") == 400)
    #expect(status("GET / HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n") == 400)
    #expect(status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == 400)
    #expect(status("POST / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n") == 400)
    #expect(status("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n") == 400)
    #expect(status("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n") == 400)
    #expect(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
  }

  @Test func refusalsNameTheRule() {
    guard case let .invalid(response) = parse("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n") else {
      Issue.record("not refused")
      return
    }
    #expect(response.body == "Content-Length headers must agree\n")
  }

  @Test func theLimitsAreAnsweredWithTheirStatus() {
    var limits = HTTPLimits()
    limits.maxHeadBytes = 64
    limits.maxHeaderCount = 2
    limits.maxBodyBytes = 10
    // A body larger than the limit is refused from its Content-Length, before any of it is read.
    #expect(status("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", limits: limits) == 413)
    #expect(status("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits) == 431)
    // A head that has not ended within the limit is refused without waiting for its end.
    #expect(status("GET / HTTP/1.1\r\nCookie: " + String(repeating: "x", count: 80), limits: limits) == 431)
    #expect(status("GET / HTTP/1.1\r\nCookie: " + String(repeating: "x", count: 40), limits: limits) == nil)
    guard case .request = parse("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits) else {
      Issue.record("a body at the limit was refused")
      return
    }
  }

  /// Every byte value in every position of a request: each input is read, incomplete or refused, never a
  /// trap (the run finishing is the proof; the count shows every input was tried).
  @Test func noByteInAnyPositionTrapsTheParser() {
    let request = Array("POST /orders HTTP/1.1\r\nContent-Length: 3\r\nHost: a\r\n\r\n{ }".utf8)
    var outcomes = [0, 0, 0]
    for position in request.indices {
      for byte in UInt8.min...UInt8.max {
        var bytes = request
        bytes[position] = byte
        switch HTTPRequestParser.parse(bytes) {
        case .incomplete: outcomes[0] += 1
        case .request: outcomes[1] += 1
        case .invalid: outcomes[2] += 1
        }
      }
    }
    #expect(outcomes.reduce(0, +) == request.count * 256)
    #expect(outcomes[1] > 0 && outcomes[2] > 0)
  }
}
