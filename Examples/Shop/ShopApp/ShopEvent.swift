import APIClient
import AppLifecycle
import Catalog
import Onboarding
import Trackers

/// Every event the shop tracks: one case per feature, each carrying the feature's own event.
///
/// Checkout is a reducer whose analytics are declared beside it (``Checkout/checkoutReducer(tracker:)``),
/// so what it reports is already ``AnalyticsData``.
public enum ShopEvent: Sendable, Hashable {
  /// The appearance the app shows, chosen at launch: `dark` or `light`.
  case theme(String)
  /// The app's lifecycle.
  case app(AppEvent)
  /// Signing up and out.
  case onboarding(OnboardingEvent)
  /// Browsing and searching.
  case catalog(CatalogEvent)
  /// What the checkout reducer reported.
  case checkout(AnalyticsData)
  /// A failed request.
  case api(APIErrorEvent)
  /// A synthetic event of the load generator (`shop --events N`), numbered from 0.
  case loadTest(seq: Int)
}

extension ShopEvent {
  /// The theme, if this is the appearance.
  public var theme: String? {
    guard case let .theme(name) = self else { return nil }
    return name
  }

  /// The lifecycle event, if this is one.
  public var app: AppEvent? {
    guard case let .app(event) = self else { return nil }
    return event
  }

  /// The onboarding event, if this is one.
  public var onboarding: OnboardingEvent? {
    guard case let .onboarding(event) = self else { return nil }
    return event
  }

  /// The catalog event, if this is one.
  public var catalog: CatalogEvent? {
    guard case let .catalog(event) = self else { return nil }
    return event
  }

  /// What the checkout reducer reported, if this is from checkout.
  public var checkout: AnalyticsData? {
    guard case let .checkout(data) = self else { return nil }
    return data
  }

  /// The load generator's sequence number, if this is a synthetic event.
  public var loadTest: Int? {
    guard case let .loadTest(seq) = self else { return nil }
    return seq
  }

  /// The API failure, if this is one.
  public var api: APIErrorEvent? {
    guard case let .api(event) = self else { return nil }
    return event
  }
}
