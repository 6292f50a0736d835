/// The vendor-shaped event a module's environment (`MixpanelEnvironment.send`, ...) receives (`GoogleAnalyticsEvent`,
/// `MixpanelEvent`, ...), tied to the module's ``VendorModule`` so that ``VendorEnvironment`` can build the
/// module's `notConfigured` and `unimplemented` values.
///
/// ```swift
/// extension MixpanelEvent: VendorEvent {
///   // Qualified with the module's name: unqualified, `vendorModule` here is this property itself.
///   public static var vendorModule: VendorModule { mixpanelModule }
/// }
/// ```
public protocol VendorEvent: Sendable, CustomStringConvertible {
  /// The module's counters and messages.
  static var vendorModule: VendorModule { get }
}
