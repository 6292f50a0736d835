import Trackers

/// What a catalog event means to analytics: screens for what the customer sees, the vocabulary's standard
/// events for viewing a product and searching, so each vendor gets them under its own e-commerce names
/// (GA4's `view_item` and `search`, Segment's `Product Viewed` and `Products Searched`, ...).
///
/// ```swift
/// let catalogTracker: Tracker<CatalogEvent> = pullback(vendors, transform: catalogAnalytics)
/// ```
public func catalogAnalytics(_ event: CatalogEvent) -> AnalyticsData {
  switch event {
  case .homeViewed:
    .screen(name: "Home")
  case let .categoryViewed(name):
    .screen(name: "Category", properties: ["category": .string(name)])
  case let .productViewed(product):
    .standard(.productViewed(product.analyticsProduct))
  case let .searched(query, resultCount):
    // The result count has no field in the standard search: it travels as the event's own property.
    .standard(.searched(query: query), properties: ["results": .int(resultCount)])
  }
}

/// The currency of every price in the catalog: the shop sells in euros.
let catalogCurrency = "EUR"

extension Product {
  /// The product as the vocabulary's standard e-commerce events carry it: the SKU is its id.
  var analyticsProduct: StandardEvent.Product {
    StandardEvent.Product(id: sku, name: name, price: price, currency: catalogCurrency)
  }
}
