/// What the catalog feature reports: the screens a customer browses and what they look for.
public enum CatalogEvent: Sendable, Hashable {
  /// The home screen appeared.
  case homeViewed
  /// A category's screen appeared.
  case categoryViewed(name: String)
  /// A product's page appeared.
  case productViewed(Product)
  /// The customer searched, and how many products matched.
  case searched(query: String, resultCount: Int)
}
