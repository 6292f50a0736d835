import Trackers

/// What a catalog event means to analytics: screens for what the customer sees, events for what they do.
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
    .event(
      name: "Product Viewed",
      properties: ["sku": .string(product.sku), "name": .string(product.name), "price": .double(product.price)]
    )
  case let .searched(query, resultCount):
    .event(name: "Products Searched", properties: ["query": .string(query), "results": .int(resultCount)])
  }
}
