/// The ingest API limits and reserved names this module enforces.
///
/// Sources: the TelemetryDeck Swift SDK (`Sources/TelemetryDeck/Signals/SignalCache.swift`,
/// `SignalManager.swift`) and the Ingest API v2 page (telemetrydeck.com/docs/ingest/v2/).
public enum TelemetryDeckLimits {
  /// Signals per request: the SDK sends at most 100 at once (`SignalCache.maximumNumberOfSignalsToPopAtOnce`).
  public static let signalsPerRequest = 100
  /// Bytes of one request body. TelemetryDeck documents no limit; this one is ours, chosen to keep one
  /// request (and one retry) small: 100 signals with this module's context and a few properties take
  /// about 85 KB.
  public static let requestBytes = 1_000_000
  /// Payload keys the server renames by prepending an underscore (`count` is stored as `_count`), from the
  /// Ingest API v2 page's "Forbidden Payload Values"; compared without case, as the SDK compares its own
  /// reserved keys.
  public static let reservedPayloadKeys: Set<String> = [
    "count", "type", "appid", "clientuser", "__time", "payload", "platform", "receivedat",
  ]
  /// The prefix of the SDK's own signal types and payload keys (`TelemetryDeck.Device.modelName`); the SDK
  /// warns about any other use of it, compared without case.
  public static let reservedPrefix = "TelemetryDeck."
  /// The signal the module sends when a session begins (``TelemetryDeckConfiguration/sendsSessionStartedSignal``),
  /// as the SDK does.
  public static let sessionStartedSignal = "TelemetryDeck.Session.started"
}
