import Trackers

/// The shop's events in GA4's naming: snake_case names and parameter keys (`Product Added` becomes
/// `product_added`), and Booleans as 1 or 0, since GA4 parameters are strings or numbers.
///
/// The features keep readable names for every vendor; the root adapts them for the one vendor with stricter
/// rules, with a `pullback(googleAnalyticsTracker, transform: ga4Compatible)`.
///
/// Standard events keep their neutral names: `GoogleAnalyticsTracker` gives them GA4's recommended ones
/// (`view_item`, `purchase`, ...); only their own properties are adapted. A timer keeps a standard event's
/// name for the same reason, since the pipeline finds it by the name of the event that stops it.
public func ga4Compatible(_ data: AnalyticsData) -> AnalyticsData {
  switch data {
  case let .event(name, properties): .event(name: snakeCased(name), properties: ga4Params(properties))
  case let .screen(name, properties): .screen(name: name, properties: ga4Params(properties))
  case let .error(message, properties): .error(message: message, properties: ga4Params(properties))
  case let .userProperty(name, value): .userProperty(name: snakeCased(name), value: ga4Value(value))
  case let .standard(event, properties): .standard(event, properties: ga4Params(properties))
  case let .group(type, key, traits): .group(type: type, key: key, traits: ga4Params(traits))
  case let .profile(operation): .profile(ga4Operation(operation))
  case let .superProperties(operation): .superProperties(ga4Operation(operation))
  case let .timeEvent(name): .timeEvent(name: standardEventNames.contains(name) ? name : snakeCased(name))
  case .userId, .lifecycle, .alias: data
  }
}

/// The neutral names of the standard events, which GA4's module maps itself.
private let standardEventNames: Set<String> = {
  let product = StandardEvent.Product(id: "")
  let order = StandardEvent.Order(currency: "", products: [])
  let events: [StandardEvent] = [
    .productViewed(product), .productAdded(product), .productRemoved(product), .cartViewed(order),
    .checkoutStarted(order), .orderCompleted(order), .orderRefunded(order), .signedUp(method: nil),
    .loggedIn(method: nil), .searched(query: ""), .shared(method: nil, contentType: nil, itemId: nil),
  ]
  return Set(events.map(\.name))
}()

private func ga4Operation(_ operation: ProfileOperation) -> ProfileOperation {
  switch operation {
  case let .setOnce(name, value): .setOnce(name: snakeCased(name), value: ga4Value(value))
  case let .increment(name, by): .increment(name: snakeCased(name), by: by)
  case let .append(name, value): .append(name: snakeCased(name), value: ga4Value(value))
  case let .prepend(name, value): .prepend(name: snakeCased(name), value: ga4Value(value))
  case let .union(name, values): .union(name: snakeCased(name), values: values.map(ga4Value))
  case let .remove(name, value): .remove(name: snakeCased(name), value: ga4Value(value))
  case let .unset(name): .unset(name: snakeCased(name))
  }
}

private func ga4Operation(_ operation: SuperPropertyOperation) -> SuperPropertyOperation {
  switch operation {
  case let .register(properties): .register(ga4Params(properties))
  case let .registerOnce(properties): .registerOnce(ga4Params(properties))
  case let .unregister(name): .unregister(snakeCased(name))
  case .unregisterAll: .unregisterAll
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
