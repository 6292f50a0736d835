/// The vendor-shaped event a module's environment (`MixpanelEnvironment.send`, ...) receives (`GoogleAnalyticsEvent`,
/// `MixpanelEvent`, ...), tied to the module's ``VendorModule`` so that ``VendorEnvironment`` can build the
/// module's `notConfigured` and `unimplemented` values.
///
/// <!-- snippet: not compiled: MixpanelTracker declares this very conformance, which compiles there -->
/// ```swift
/// extension MixpanelEvent: VendorEvent {
///   // The module's constant is named after the vendor: `vendorModule` here would be this property itself.
///   public static var vendorModule: VendorModule { mixpanelModule }
/// }
/// ```
public protocol VendorEvent: Sendable, CustomStringConvertible {
  /// The module's counters and messages.
  static var vendorModule: VendorModule { get }
}
