/// A product as the catalog shows it.
public struct Product: Sendable, Hashable {
  /// The stock-keeping unit, unique per product.
  public var sku: String
  /// The name shown to the customer.
  public var name: String
  /// The price in the shop's currency.
  public var price: Double

  /// Creates a product.
  public init(sku: String, name: String, price: Double) {
    self.sku = sku
    self.name = name
    self.price = price
  }
}

extension Product: CustomDebugStringConvertible {
  /// `Product(sku: "tea-01", price: 4.5)`, so a logged event stays short and without the module path.
  public var debugDescription: String { "Product(sku: \(String(reflecting: sku)), price: \(price))" }
}
