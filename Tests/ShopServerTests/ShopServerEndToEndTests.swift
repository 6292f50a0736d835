import Foundation
import ShopApp
import Testing
import Trackers
import VendorTestSupport
@testable import ShopServer

/// The backend in this process on a free port, delivering to the loopback collector: orders from several
/// users over several keep-alive connections at once, the answers, and the drain.
@Suite struct ShopServerEndToEndTests {
  /// Options for a backend on a free loopback port, delivering to `collector`.
  func options(_ collector: Collector, vendors: [Vendor], storage: URL) -> ServerOptions {
    var options = ServerOptions()
    options.port = 0
    options.shop.endpoint = collector.baseURL
    options.shop.vendors = vendors
    options.shop.storage = storage
    // The drain ends as soon as nothing is pending; the deadline only bounds a broken run, so that a slow
    // machine never decides a count.
    options.drainSeconds = 600
    return options
  }

  func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("shop-server-tests-\(UUID().uuidString)")
  }

  /// Eight users, each on one of four connections, five orders each, all four connections at once, to all
  /// five vendors: every order is answered 202, and every vendor receives every order once, about its own
  /// user, with its user's IP (and user agent, where the vendor has a field for it).
  @Test func ordersOfManyUsersOnConcurrentConnectionsReachTheCollectorAsTheirOwn() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let output = Lines()
    let errors = Lines()
    let users = 8
    let connections = 4
    let ordersPerUser = 5
    let statuses = try await withIsolatedEnvironments {
      let backend = try ShopBackend.start(
        options(collector, vendors: Vendor.allCases, storage: storage), output: output.sink, errors: errors.sink)
      let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
        for connection in 0..<connections {
          group.addTask {
            try await blocking {
              let client = try TestClient(port: backend.port)
              var statuses: [Int] = []
              for round in 0..<ordersPerUser {
                for user in 0..<users where user % connections == connection {
                  client.postOrder(
                    #"{"userId": "user-\#(user)", "orderId": "order-\#(user)-\#(round)", "total": 12.5, "#
                      + #""currency": "EUR", "anonymousId": "\#(user).1700000000"}"#,
                    headers: ["X-Forwarded-For: 203.0.113.\(user + 1), 10.0.0.1", "User-Agent: client-\(user)"])
                  statuses.append(client.response()?.status ?? 0)
                }
              }
              return statuses
            }
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      await backend.shutdown()
      return statuses
    }
    #expect(statuses == Array(repeating: 202, count: users * ordersPerUser))
    #expect(errors.all == [])
    for vendor in Vendor.allCases {
      let summary = output.summary(vendor.rawValue)
      #expect(summary["tracked"] == "40" && summary["delivered"] == "40", "\(vendor): \(output.all)")
      #expect(summary["dropped"] == "0" && summary["pending"] == "0", "\(vendor): \(output.all)")
    }

    let received = try ReceivedOrders(try await collector.requests())
    for vendor in Vendor.allCases {
      let orders = received.orders[vendor] ?? [:]
      #expect(orders.count == users * ordersPerUser, "\(vendor)")
      #expect(received.duplicates[vendor] ?? [] == [], "\(vendor)")
      for user in 0..<users {
        for round in 0..<ordersPerUser {
          let order = orders["order-\(user)-\(round)"]
          #expect(order?.user == "user-\(user)", "\(vendor) order-\(user)-\(round)")
          #expect(order?.ip == "203.0.113.\(user + 1)", "\(vendor) order-\(user)-\(round)")
          if vendor == .segment || vendor == .posthog {
            #expect(order?.userAgent == "client-\(user)", "\(vendor) order-\(user)-\(round)")
          }
        }
      }
    }
  }

  /// Malformed bodies are answered 400 with their rule on a connection that stays open, health 200,
  /// unknown paths 404 and wrong methods 405; none of them is tracked.
  @Test func malformedOrdersHealthAndUnknownPathsAreAnsweredAndNothingIsTracked() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let output = Lines()
    let responses = try await withIsolatedEnvironments {
      let backend = try ShopBackend.start(
        options(collector, vendors: [.mixpanel], storage: storage), output: output.sink, errors: Lines().sink)
      let responses = try await blocking {
        let client = try TestClient(port: backend.port)
        var responses: [TestClient.Response?] = []
        client.postOrder(#"{"userId": "u", "orderId": "o", "total": -5, "currency": "EUR"}"#)
        responses.append(client.response())
        client.postOrder(#"{"userId": "u", "orderId": "o", "total": 5, "currency": "euro"}"#)
        responses.append(client.response())
        client.postOrder("not json")
        responses.append(client.response())
        client.send("GET /health HTTP/1.1\r\n\r\n")
        responses.append(client.response())
        client.send("HEAD /health HTTP/1.1\r\n\r\n")
        responses.append(client.response(toHead: true))
        client.send("GET /orders HTTP/1.1\r\n\r\n")
        responses.append(client.response())
        client.send("GET /nowhere HTTP/1.1\r\n\r\n")
        responses.append(client.response())
        return responses
      }
      await backend.shutdown()
      return responses
    }
    #expect(responses.map { $0?.status } == [400, 400, 400, 200, 200, 405, 404])
    #expect(responses[0]?.body == "\"total\" must be a finite number >= 0\n")
    #expect(responses[1]?.body == "\"currency\" must be an ISO 4217 code of three capital letters, such as \"EUR\"\n")
    #expect(responses[3]?.body == "ok\n")
    // HEAD: the length of the body it would have, and no body (the next answer's bytes follow at once).
    #expect(responses[4]?.headers["content-length"] == "3" && responses[4]?.body == "")
    #expect(responses[5]?.headers["allow"] == "POST")
    #expect(output.summary("mixpanel")["tracked"] == "0", "\(output.all)")
    #expect(try await collector.requests().filter { $0.path == "/import" }.isEmpty)
  }

  /// Hostile connections are answered with the rule and closed: a body over the limit (413, before it is
  /// sent), a head over the limit (431), garbage (400); the server goes on serving.
  @Test func hostileRequestsAreRefusedAndTheServerGoesOn() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let results = try await withIsolatedEnvironments {
      let backend = try ShopBackend.start(
        options(collector, vendors: [.posthog], storage: storage), output: Lines().sink, errors: Lines().sink)
      let results = try await blocking { () -> [(Int?, Bool)] in
        var results: [(Int?, Bool)] = []
        for request in [
          "POST /orders HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n",
          "GET /health HTTP/1.1\r\nCookie: " + String(repeating: "x", count: 9000) + "\r\n\r\n",
          "\u{16}\u{3}\u{1}\u{0}\u{a5}\u{1}\u{0}\u{0}\u{a1}\u{3}\u{3}\r\n\r\n",
          "POST /orders HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        ] {
          let client = try TestClient(port: backend.port)
          client.send(request)
          results.append((client.response()?.status, client.isClosedByServer()))
        }
        let client = try TestClient(port: backend.port)
        client.send("GET /health HTTP/1.1\r\n\r\n")
        results.append((client.response()?.status, false))
        return results
      }
      await backend.shutdown()
      return results
    }
    #expect(results.map(\.0) == [413, 431, 400, 501, 200])
    #expect(results.dropLast().allSatisfy { $0.1 })
  }

  /// Shutdown stops accepting, closes idle keep-alive connections, delivers every order already
  /// answered 202, and prints the summary; a second call waits for the same drain.
  @Test func shutdownDrainsWhatWasAcceptedAndPrintsTheSummary() async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: storage) }
    let output = Lines()
    let (idleClosed, refused, first, second) = try await withIsolatedEnvironments {
      let backend = try ShopBackend.start(
        options(collector, vendors: [.amplitude, .ga4], storage: storage), output: output.sink, errors: Lines().sink)
      let idle = try await blocking {
        let client = try TestClient(port: backend.port)
        for number in 0..<3 {
          client.postOrder(#"{"userId": "user-\#(number)", "orderId": "o-\#(number)", "total": 3, "currency": "EUR", "anonymousId": "anon-\#(number)"}"#)
          _ = client.response()
        }
        return client
      }
      async let first = backend.shutdown()
      async let second = backend.shutdown()
      let (firstSummaries, secondSummaries) = await (first, second)
      let idleClosed = try await blocking { idle.isClosedByServer() }
      return (idleClosed, !backend.isAccepting, firstSummaries, secondSummaries)
    }
    #expect(idleClosed && refused)
    #expect(first == second && first.map(\.vendor) == [.amplitude, .ga4])
    for summary in first {
      #expect(summary.tracked == 3 && summary.delivered == 3 && summary.dropped == 0 && summary.pending == 0, "\(summary)")
    }
    #expect(output.all.filter { $0.hasPrefix("summary ") } == first.map(\.line))
  }
}
