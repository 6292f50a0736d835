import Catalog
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// The plan (`TrackingPlan.json` beside this file) is what `everyEventReachesTheVendors` tracks.
@Suite(.trackingPlan(module: "Catalog", receivers: shopPlanReceivers))
struct CatalogAnalyticsTests {
  @Test func homeAndCategoryAreScreens() {
    #expect(catalogAnalytics(.homeViewed) == .screen(name: "Home"))
    #expect(catalogAnalytics(.categoryViewed(name: "Tea")) == .screen(name: "Category", properties: ["category": "Tea"]))
  }

  @Test func aViewedProductIsTheStandardEventWithItsSkuAsIdNamePriceAndCurrency() {
    let product = Catalog.Product(sku: "tea-01", name: "Sencha", price: 4.5)
    #expect(catalogAnalytics(.productViewed(product)) == .standard(
      .productViewed(StandardEvent.Product(id: "tea-01", name: "Sencha", price: 4.5, currency: "EUR"))
    ))
    #expect(catalogAnalytics(.productViewed(product)).name == "Product Viewed")
  }

  @Test func aSearchIsTheStandardEventWithTheResultCountAsAnInteger() {
    #expect(catalogAnalytics(.searched(query: "green", resultCount: 3)) == .standard(
      .searched(query: "green"), properties: ["results": .int(3)]
    ))
    #expect(catalogAnalytics(.searched(query: "green", resultCount: 3)).name == "Products Searched")
  }

  @Test func theMappingIsPure() {
    let event = CatalogEvent.searched(query: "oolong", resultCount: 0)
    #expect(catalogAnalytics(event) == catalogAnalytics(event))
  }

  /// Every catalog event, sent as the shop's root sends it, so the tracking plan lists all of them.
  @Test func everyEventReachesTheVendors() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let track: Tracker<CatalogEvent> = pullback(recorder.tracker, transform: catalogAnalytics)

    track(.homeViewed)
    track(.categoryViewed(name: "Tea"))
    track(.productViewed(Catalog.Product(sku: "tea-01", name: "Sencha", price: 4.5)))
    track(.searched(query: "green", resultCount: 3))

    recorder.expect(
      .screen(name: "Home"),
      .screen(name: "Category", properties: ["category": "Tea"]),
      .standard(.productViewed(StandardEvent.Product(id: "tea-01", name: "Sencha", price: 4.5, currency: "EUR"))),
      .standard(.searched(query: "green"), properties: ["results": .int(3)])
    )
  }
}
