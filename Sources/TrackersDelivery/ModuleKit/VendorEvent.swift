/// The vendor-shaped event a module's environment (`MixpanelEnvironment.send`, ...) receives (`GoogleAnalyticsEvent`,
/// `MixpanelEvent`, ...), tied to the module's ``VendorModule`` so that ``VendorEnvironment`` can build the
/// module's `notConfigured` and `unimplemented` values.
public protocol VendorEvent: Sendable, CustomStringConvertible {
  /// The module's counters and messages.
  static var vendorModule: VendorModule { get }
}
