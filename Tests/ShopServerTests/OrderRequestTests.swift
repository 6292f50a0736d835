import Testing
import Trackers
@testable import ShopServer

/// `POST /orders` bodies: what is an order, and the rule every malformed body is refused with.
@Suite struct OrderRequestTests {
  func parse(_ json: String) -> Result<OrderRequest, OrderRequestError> {
    Result { () throws(OrderRequestError) in try OrderRequest.parse(Array(json.utf8)) }
  }

  @Test func aValidBodyIsAnOrderCompleted() throws {
    let order = try OrderRequest.parse(Array(#"{"userId": "u-1", "orderId": "o-1", "total": 12.5, "currency": "EUR", "note": 1}"#.utf8))
    #expect(order == OrderRequest(userId: "u-1", orderId: "o-1", total: 12.5, currency: "EUR"))
    #expect(order.analytics == .standard(.orderCompleted(.init(id: "o-1", currency: "EUR", products: [], total: 12.5, revenue: 12.5))))
    #expect(try OrderRequest.parse(Array(#"{"userId":"u","orderId":"o","total":0,"currency":"USD"}"#.utf8)).total == 0)
    let anonymous = #"{"userId":"u","orderId":"o","total":1,"currency":"USD","anonymousId":"123.456"}"#
    #expect(try OrderRequest.parse(Array(anonymous.utf8)).anonymousId == "123.456")
  }

  @Test func everyMalformedBodyNamesTheRuleItBroke() {
    let object = #"the body must be a JSON object: {"userId": "...", "orderId": "...", "total": 12.5, "currency": "EUR"}"#
    let userId = #""userId" must be a non-empty string of at most 256 characters, without control characters"#
    let orderId = #""orderId" must be a non-empty string of at most 256 characters, without control characters"#
    let total = #""total" must be a finite number >= 0"#
    let currency = #""currency" must be an ISO 4217 code of three capital letters, such as "EUR""#
    let cases: [(String, String)] = [
      ("", object),
      ("[]", object),
      ("null", object),
      (#"{"userId": "u"#, object),
      (String(repeating: "[", count: 10_000), object),
      (#"{"userId": "u", "orderId": "o", "total": 1e999, "currency": "EUR"}"#, object),
      (#"{"orderId": "o", "total": 1, "currency": "EUR"}"#, userId),
      (#"{"userId": "", "orderId": "o", "total": 1, "currency": "EUR"}"#, userId),
      (#"{"userId": 42, "orderId": "o", "total": 1, "currency": "EUR"}"#, userId),
      (#"{"userId": "a\u0000b", "orderId": "o", "total": 1, "currency": "EUR"}"#, userId),
      (#"{"userId": "\#(String(repeating: "u", count: 257))", "orderId": "o", "total": 1, "currency": "EUR"}"#, userId),
      (#"{"userId": "u", "orderId": null, "total": 1, "currency": "EUR"}"#, orderId),
      (#"{"userId": "u", "orderId": "o", "currency": "EUR"}"#, total),
      (#"{"userId": "u", "orderId": "o", "total": -0.01, "currency": "EUR"}"#, total),
      (#"{"userId": "u", "orderId": "o", "total": "12.5", "currency": "EUR"}"#, total),
      (#"{"userId": "u", "orderId": "o", "total": true, "currency": "EUR"}"#, total),
      (#"{"userId": "u", "orderId": "o", "total": 1, "currency": "eur"}"#, currency),
      (#"{"userId": "u", "orderId": "o", "total": 1, "currency": "EURO"}"#, currency),
      (#"{"userId": "u", "orderId": "o", "total": 1}"#, currency),
      (#"{"userId": "u", "orderId": "o", "total": 1, "currency": "EUR", "anonymousId": 7}"#,
       #""anonymousId" must be a non-empty string of at most 256 characters, without control characters"#),
    ]
    for (body, rule) in cases {
      switch parse(body) {
      case .success: Issue.record("accepted: \(body.prefix(80))")
      case let .failure(error): #expect(error.description == rule, "\(body.prefix(80))")
      }
    }
  }
}
