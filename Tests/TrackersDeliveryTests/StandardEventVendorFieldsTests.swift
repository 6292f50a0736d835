import Testing
import Trackers
import TrackersDelivery

/// The user model's readers that only vendor modules need, which the kit declares (issue 39): the Spec's
/// fields of a standard event and a product, a deep link cut without a second redaction, and the name of a
/// profile operation.
@Suite struct StandardEventVendorFieldsTests {
  typealias DeepLink = StandardEvent.DeepLink

  @Test func aDeepLinksSpecFieldsWinOverTheExtraOnes() {
    let link = DeepLink(
      url: "shop://tea/sencha?utm_source=mail", referrer: "com.apple.mobilemail",
      keepingParameters: DeepLink.campaignParameters)
    #expect(StandardEvent.deepLinkOpened(link).specProperties(adding: ["url": "mine", "seq": 1])
      == ["url": "shop://tea/sencha?utm_source=mail", "referring_application": "com.apple.mobilemail", "seq": 1])
  }

  @Test func aProductsSpecFieldsLeaveOutTheCurrencyOnlyWhenAsked() {
    let tea = StandardEvent.Product(id: "tea", price: 4.5, quantity: 2, currency: "EUR")
    #expect(tea.specProperties(includingCurrency: true) == tea.properties)
    #expect(tea.specProperties(includingCurrency: false)
      == ["product_id": "tea", "price": 4.5, "quantity": 2])
    let order = StandardEvent.Order(currency: "EUR", products: [tea], discount: 1)
    let fields = StandardEvent.orderCompleted(order).specProperties()
    #expect(fields["products"] == [["product_id": "tea", "price": 4.5, "quantity": 2]])
    #expect(fields["subtotal"] == 8.0 && fields["revenue"] == 8.0 && fields["currency"] == "EUR")
  }

  @Test func replacingKeepsTheGivenURLAsItIs() {
    let link = DeepLink(url: "shop://a?code=123", referrer: nil)
    #expect(link.url == "shop://a?code=redacted")
    let cut = link.replacing(url: String(link.url.prefix(8)), referrer: "mail")
    #expect(cut.url == "shop://a" && cut.referrer == "mail")
  }

  @Test func operationNames() {
    #expect(ProfileOperation.increment(name: "orders", by: 1).operationName == "increment")
    #expect(ProfileOperation.setOnce(name: "first_seen", value: "2026").operationName == "set once")
    #expect(ProfileOperation.unset(name: "plan").operationName == "unset")
  }
}
