// StoreKit 2's `Product` (https://developer.apple.com/documentation/storekit/product), the name an app's
// purchase code uses unqualified next to the standard events it tracks. Only the shape matters.
import Foundation

/// A stand-in for StoreKit's `Product`.
public struct Product: Sendable, Identifiable {
  /// The product's identifier in App Store Connect.
  public let id: String
  /// Its localized name.
  public let displayName: String
  /// Its price in the storefront's currency.
  public let price: Decimal

  /// Creates a product (StoreKit loads them with `Product.products(for:)`).
  public init(id: String, displayName: String, price: Decimal) {
    self.id = id
    self.displayName = displayName
    self.price = price
  }
}
