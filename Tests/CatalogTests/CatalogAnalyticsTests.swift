import Catalog
import Testing
import Trackers

@Suite struct CatalogAnalyticsTests {
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
}
