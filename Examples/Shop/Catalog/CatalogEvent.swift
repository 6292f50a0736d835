/// What the catalog feature reports: the screens a customer browses and what they look for.
public enum CatalogEvent: Sendable, Hashable {
  case homeViewed
  case categoryViewed(name: String)
  case productViewed(Product)
  case searched(query: String, resultCount: Int)
}
