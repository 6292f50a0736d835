/// A vendor module's configuration (`MixpanelConfiguration`, ...): its own keys and host, plus the shared ``DeliveryOptions``, whose
/// fields read and write as the configuration's own.
///
/// ```swift
/// var configuration = AmplitudeConfiguration(apiKey: key, region: .eu, privacy: consent.registry)
/// configuration.maxEventsPerRequest = 10        // DeliveryOptions.maxEventsPerRequest
/// configuration.ipLocation = .vendorDefault     // DeliveryOptions.ipLocation
/// ```
@dynamicMemberLookup
public protocol VendorConfiguration: Sendable {
  /// Storage, batching, transport, privacy and clock, shared by every vendor module.
  var options: DeliveryOptions { get set }
}

extension VendorConfiguration {
  /// Reads and writes a shared option as if it were the configuration's own: `configuration.flushInterval`.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<DeliveryOptions, Value>) -> Value {
    get { options[keyPath: keyPath] }
    set { options[keyPath: keyPath] = newValue }
  }
}
