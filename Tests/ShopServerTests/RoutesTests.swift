import Testing
@testable import ShopServer

/// What each method and path is answered, and where an order's client comes from.
@Suite struct RoutesTests {
  let order = Array(#"{"userId": "u-1", "orderId": "o-1", "total": 12.5, "currency": "EUR"}"#.utf8)

  func status(_ method: String, _ path: String) -> Int? {
    guard case let .respond(response) = Routes.action(for: HTTPRequest(method: method, path: path), peer: nil) else {
      return nil
    }
    return response.status
  }

  @Test func pathsAndMethods() {
    #expect(status("GET", "/health") == 200)
    #expect(status("HEAD", "/health") == 200)
    #expect(status("POST", "/health") == 405)
    #expect(status("GET", "/orders") == 405)
    #expect(status("DELETE", "/orders") == 405)
    #expect(status("get", "/health") == 405)
    #expect(status("GET", "/") == 404)
    #expect(status("POST", "/orders/1") == 404)
    guard case let .respond(response) = Routes.action(for: HTTPRequest(method: "GET", path: "/orders"), peer: nil) else {
      Issue.record("GET /orders was not answered")
      return
    }
    #expect(response.headers == ["Allow": "POST"])
  }

  @Test func aMalformedOrderIsAnswered400WithItsRule() {
    let request = HTTPRequest(method: "POST", path: "/orders", body: Array(#"{"userId": "u", "orderId": "o", "total": -1, "currency": "EUR"}"#.utf8))
    #expect(Routes.action(for: request, peer: "10.0.0.1") == .respond(HTTPResponse(status: 400, body: "\"total\" must be a finite number >= 0\n")))
  }

  @Test func theClientIsTheFirstForwardedAddressElseThePeer() {
    func client(_ headers: [(name: String, value: String)]) -> ClientInfo? {
      let request = HTTPRequest(method: "POST", path: "/orders", headers: headers, body: order)
      guard case let .trackOrder(parsed, client) = Routes.action(for: request, peer: "10.0.0.1") else { return nil }
      #expect(parsed.userId == "u-1")
      return client
    }
    #expect(client([("User-Agent", "wrk/4")]) == ClientInfo(ip: "10.0.0.1", userAgent: "wrk/4"))
    #expect(client([("x-forwarded-for", "203.0.113.9, 10.1.1.1")]) == ClientInfo(ip: "203.0.113.9", userAgent: nil))
    #expect(client([("X-Forwarded-For", " 2001:db8::1 ")]) == ClientInfo(ip: "2001:db8::1", userAgent: nil))
    // Not an address: the peer, rather than whatever the header says.
    #expect(client([("X-Forwarded-For", "unknown, 203.0.113.9")]) == ClientInfo(ip: "10.0.0.1", userAgent: nil))
    #expect(client([("X-Forwarded-For", "")]) == ClientInfo(ip: "10.0.0.1", userAgent: nil))
  }

  @Test func theGA4ClientIdComesFromTheGACookie() {
    #expect(ClientInfo.gaClientId(cookies: "theme=dark; _ga=GA1.1.1234567890.1700000000") == "1234567890.1700000000")
    #expect(ClientInfo.gaClientId(cookies: "_ga=GA1.2.42.7") == "42.7")
    #expect(ClientInfo.gaClientId(cookies: "_ga=1234") == nil)
    #expect(ClientInfo.gaClientId(cookies: "_ga=GA1.1.12a.7") == nil)
    #expect(ClientInfo.gaClientId(cookies: "_gat=GA1.1.1.2") == nil)
    let request = HTTPRequest(
      method: "POST", path: "/orders", headers: [("Cookie", "_ga=GA1.1.99.100")], body: order)
    #expect(Routes.action(for: request, peer: nil) == .trackOrder(
      OrderRequest(userId: "u-1", orderId: "o-1", total: 12.5, currency: "EUR"),
      ClientInfo(ip: nil, userAgent: nil, gaClientId: "99.100")))
  }

  @Test func responsesOnTheWire() {
    let response = HTTPResponse(status: 405, body: "no\n", headers: ["Allow": "POST"])
    #expect(String(decoding: response.serialized(keepAlive: true), as: UTF8.self)
      == "HTTP/1.1 405 Method Not Allowed\r\nAllow: POST\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: 3\r\nConnection: keep-alive\r\n\r\nno\n")
    #expect(String(decoding: Routes.accepted.serialized(keepAlive: false, omittingBody: true), as: UTF8.self)
      == "HTTP/1.1 202 Accepted\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 9\r\nConnection: close\r\n\r\n")
  }
}
