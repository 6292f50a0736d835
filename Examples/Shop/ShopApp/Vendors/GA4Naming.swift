import Trackers

/// The shop's events in GA4's naming: snake_case names and parameter keys (`Product Added` becomes
/// `product_added`), and Booleans as 1 or 0, since GA4 parameters are strings or numbers.
///
/// The features keep readable names for every vendor; the root adapts them for the one vendor with stricter
/// rules, with a `pullback(googleAnalyticsTracker, transform: ga4Compatible)`.
public func ga4Compatible(_ data: AnalyticsData) -> AnalyticsData {
  switch data {
  case let .event(name, properties): .event(name: snakeCased(name), properties: ga4Params(properties))
  case let .screen(name, properties): .screen(name: name, properties: ga4Params(properties))
  case let .error(message, properties): .error(message: message, properties: ga4Params(properties))
  case let .userProperty(name, value): .userProperty(name: snakeCased(name), value: ga4Value(value))
  case let .standard(event, properties): .standard(event, properties: ga4Params(properties))
  case let .group(type, key, traits): .group(type: type, key: key, traits: ga4Params(traits))
  case let .superProperties(.register(properties)): .superProperties(.register(ga4Params(properties)))
  case let .superProperties(.registerOnce(properties)): .superProperties(.registerOnce(ga4Params(properties)))
  case .userId, .lifecycle, .alias, .profile, .superProperties, .timeEvent: data
  }
}

private func ga4Params(_ properties: AnalyticsData.Properties) -> AnalyticsData.Properties {
  var params: AnalyticsData.Properties = [:]
  for (key, value) in properties { params[snakeCased(key)] = ga4Value(value) }
  return params
}

private func ga4Value(_ value: PropertyValue) -> PropertyValue {
  if case let .bool(flag) = value { return .int(flag ? 1 : 0) }
  return value
}

/// `Sign Up Completed` -> `sign_up_completed`: lowercase ASCII letters and digits, runs of anything else
/// become one underscore.
func snakeCased(_ name: String) -> String {
  var result = ""
  var pendingUnderscore = false
  for scalar in name.unicodeScalars {
    let isWordCharacter = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
    if isWordCharacter {
      if pendingUnderscore && !result.isEmpty { result += "_" }
      pendingUnderscore = false
      result.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
    } else {
      pendingUnderscore = true
    }
  }
  return result
}
