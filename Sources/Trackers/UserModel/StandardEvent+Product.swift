// Nested in `StandardEvent`: an app has its own `Product` and `Order` (the shop example's catalog has a
// `Product`; StoreKit 2 declares `Product`), and a top-level name here would make each unqualified use in a
// file importing both ambiguous.
extension StandardEvent {
  /// A product in a standard e-commerce event: what GA4 calls an item and Segment's e-commerce spec a
  /// product.
  ///
  /// ```swift
  /// let shoe = StandardEvent.Product(id: "sku-1", name: "Trail Shoe", category: "Shoes", price: 89.5, quantity: 2, currency: "EUR")
  /// tracker(.standard(.productAdded(shoe)))
  /// ```
  public struct Product: Sendable, Hashable {
    /// The product's id (GA4 `item_id`, Segment `product_id`).
    public var id: String
    /// Its name.
    public var name: String?
    /// Its stock-keeping unit, when it differs from ``id``.
    public var sku: String?
    /// Its category.
    public var category: String?
    /// Its brand.
    public var brand: String?
    /// Its variant (size, colour).
    public var variant: String?
    /// The price of one unit, in ``currency`` (or the order's).
    public var price: Double?
    /// How many units (at least 1).
    public var quantity: Int
    /// A coupon applied to this product.
    public var coupon: String?
    /// The ISO 4217 code of ``price`` when the product is not part of an ``Order`` (which has its own).
    public var currency: String?

    /// Creates a product.
    public init(
      id: String, name: String? = nil, sku: String? = nil, category: String? = nil, brand: String? = nil,
      variant: String? = nil, price: Double? = nil, quantity: Int = 1, coupon: String? = nil,
      currency: String? = nil
    ) {
      self.id = id
      self.name = name
      self.sku = sku
      self.category = category
      self.brand = brand
      self.variant = variant
      self.price = price
      self.quantity = quantity
      self.coupon = coupon
      self.currency = currency
    }

    /// ``price`` times ``quantity``, or `nil` without a price.
    public var amount: Double? {
      price.map { $0 * Double(quantity) }
    }
  }

  /// An order, a checkout or a cart in a standard e-commerce event: its products and the money it carries,
  /// which each vendor module writes into its vendor's revenue fields.
  ///
  /// ```swift
  /// let order = StandardEvent.Order(id: "o-1001", currency: "EUR", products: [shoe], tax: 3.2, shipping: 4.9)
  /// order.subtotal   // 179.0
  /// order.value      // 187.1: the total, which GA4 calls value
  /// tracker(.standard(.orderCompleted(order)))
  /// ```
  public struct Order: Sendable, Hashable {
    /// The order's id (GA4 `transaction_id`, Segment `order_id`); required to complete or refund one.
    public var id: String?
    /// The ISO 4217 code of every amount: "EUR", "USD".
    public var currency: String
    /// The products, in the order the user sees them.
    public var products: [Product]
    /// The total the user pays; `nil`: ``value`` computes it.
    public var total: Double?
    /// The revenue the app counts, when it differs from ``value`` (Segment: without shipping and tax).
    public var revenue: Double?
    /// The tax in ``value``.
    public var tax: Double?
    /// The shipping cost in ``value``.
    public var shipping: Double?
    /// The discount taken off the subtotal.
    public var discount: Double?
    /// A coupon applied to the whole order.
    public var coupon: String?

    /// Creates an order.
    public init(
      id: String? = nil, currency: String, products: [Product], total: Double? = nil, revenue: Double? = nil,
      tax: Double? = nil, shipping: Double? = nil, discount: Double? = nil, coupon: String? = nil
    ) {
      self.id = id
      self.currency = currency
      self.products = products
      self.total = total
      self.revenue = revenue
      self.tax = tax
      self.shipping = shipping
      self.discount = discount
      self.coupon = coupon
    }

    /// The sum of the products' prices times their quantities.
    package var subtotal: Double {
      products.reduce(0) { $0 + ($1.amount ?? 0) }
    }

    /// ``total``, or the subtotal less the discount plus tax and shipping.
    public var value: Double {
      total ?? subtotal - (discount ?? 0) + (tax ?? 0) + (shipping ?? 0)
    }

    /// ``revenue``, or the subtotal less the discount (Segment's meaning: without shipping and tax).
    public var revenueAmount: Double {
      revenue ?? subtotal - (discount ?? 0)
    }
  }
}
