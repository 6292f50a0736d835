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

  @Test func aViewedProductCarriesSkuNameAndPriceAsANumber() {
    let product = Product(sku: "tea-01", name: "Sencha", price: 4.5)
    #expect(catalogAnalytics(.productViewed(product)) == .event(
      name: "Product Viewed",
      properties: ["sku": "tea-01", "name": "Sencha", "price": .double(4.5)]
    ))
  }

  @Test func aSearchCarriesTheQueryAndTheResultCountAsAnInteger() {
    #expect(catalogAnalytics(.searched(query: "green", resultCount: 3)) == .event(
      name: "Products Searched",
      properties: ["query": "green", "results": .int(3)]
    ))
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
    track(.productViewed(Product(sku: "tea-01", name: "Sencha", price: 4.5)))
    track(.searched(query: "green", resultCount: 3))

    recorder.expect(
      .screen(name: "Home"),
      .screen(name: "Category", properties: ["category": "Tea"]),
      .event(name: "Product Viewed", properties: ["sku": "tea-01", "name": "Sencha", "price": .double(4.5)]),
      .event(name: "Products Searched", properties: ["query": "green", "results": .int(3)])
    )
  }
}
