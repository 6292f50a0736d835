import Trackers

// TEMPORARY: stands in for the vendor modules (GoogleAnalyticsTracker, MixpanelTracker, ...) until they
// land; replaced by each module's own vendor-shaped event. Approximates each vendor's vocabulary only.

/// One short line: what `vendor` would receive for `data`.
func temporaryVendorPreview(_ vendor: Vendor, _ data: AnalyticsData) -> String {
  switch (vendor, data) {
  case let (.ga4, .event(name, properties)): "\(snakeCase(name))\(compact(properties))"
  case let (.ga4, .screen(name, properties)): "screen_view screen_name=\"\(name)\"\(compact(properties))"
  case let (.ga4, .userId(id)): id.map { "user_id=\"\($0)\"" } ?? "user_id cleared"
  case let (.ga4, .userProperty(name, value)): "user_properties.\(snakeCase(name))=\(value)"
  case let (.ga4, .error(message, properties)): "app_exception description=\"\(message)\"\(compact(properties))"

  case let (.mixpanel, .event(name, properties)): "track \"\(name)\"\(compact(properties))"
  case let (.mixpanel, .screen(name, properties)): "track \"Viewed \(name)\"\(compact(properties))"
  case let (.mixpanel, .userId(id)): id.map { "identify distinct_id=\"\($0)\"" } ?? "reset"
  case let (.mixpanel, .userProperty(name, value)): "engage $set \(name)=\(value)"
  case let (.mixpanel, .error(message, properties)): "track \"Error\" message=\"\(message)\"\(compact(properties))"

  case let (.amplitude, .event(name, properties)): "event_type=\"\(name)\"\(compact(properties))"
  case let (.amplitude, .screen(name, properties)): "event_type=\"[Amplitude] Screen Viewed\" screen_name=\"\(name)\"\(compact(properties))"
  case let (.amplitude, .userId(id)): id.map { "user_id=\"\($0)\"" } ?? "user_id cleared, new device session"
  case let (.amplitude, .userProperty(name, value)): "identify $set \(name)=\(value)"
  case let (.amplitude, .error(message, properties)): "event_type=\"Error\" message=\"\(message)\"\(compact(properties))"

  case let (.segment, .event(name, properties)): "track \"\(name)\"\(compact(properties))"
  case let (.segment, .screen(name, properties)): "screen \"\(name)\"\(compact(properties))"
  case let (.segment, .userId(id)): id.map { "identify userId=\"\($0)\"" } ?? "reset"
  case let (.segment, .userProperty(name, value)): "identify traits.\(name)=\(value)"
  case let (.segment, .error(message, properties)): "track \"Error\" message=\"\(message)\"\(compact(properties))"

  case let (.posthog, .event(name, properties)): "capture \"\(name)\"\(compact(properties))"
  case let (.posthog, .screen(name, properties)): "capture $screen $screen_name=\"\(name)\"\(compact(properties))"
  case let (.posthog, .userId(id)): id.map { "$identify distinct_id=\"\($0)\"" } ?? "reset"
  case let (.posthog, .userProperty(name, value)): "$set \(name)=\(value)"
  case let (.posthog, .error(message, properties)): "capture $exception $exception_message=\"\(message)\"\(compact(properties))"
  }
}

private func compact(_ properties: AnalyticsData.Properties) -> String {
  properties.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
}

private func snakeCase(_ name: String) -> String {
  String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(40))
}
