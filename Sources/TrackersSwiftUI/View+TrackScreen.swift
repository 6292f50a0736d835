// The SwiftUI glue, and the only file of this module that imports SwiftUI: a view modifier that asks its
// `ScreenTrackingRule` (kept in `@State`, so one per view identity) whether to track, each time the view
// appears and each time its screen changes while it is visible. Type-checked on Linux against
// .ci/apple-sdk/SwiftUI.swift; it uses no application API, so app extensions and widgets can link it.
#if canImport(SwiftUI)
  import SwiftUI
  import Trackers

  extension View {
    /// Tracks `.screen(name:properties:)` with `tracker` when this view appears, and again when it shows
    /// another screen, not when it re-appears showing the same one (unless `policy` says so).
    ///
    /// Put it on the view that is the screen: a `NavigationStack`'s root or a pushed destination, a tab's
    /// content, a sheet's content. <doc:TrackersSwiftUI#What-appears-means> says when SwiftUI makes each of
    /// them appear.
    ///
    /// <!-- snippet: not compiled: SwiftUI, which Linux lacks (.ci/apple-sdk type-checks the modifier itself) -->
    /// ```swift
    /// ProductView(product: product)
    ///   .trackScreen("Product", properties: ["id": .string(product.id)], with: analytics)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - properties: The screen's properties; a change of one is another screen.
    ///   - tracker: Where the screen goes: any `Tracker<AnalyticsData>`, such as the app's combined vendors.
    ///   - policy: When the same screen is tracked again: ``ScreenTrackingPolicy/whenScreenChanges`` (the
    ///     default) or ``ScreenTrackingPolicy/onEveryAppearance``.
    public func trackScreen(
      _ name: String, properties: AnalyticsData.Properties = [:], with tracker: @escaping Tracker<AnalyticsData>,
      policy: ScreenTrackingPolicy = .whenScreenChanges
    ) -> some View {
      trackScreen(AnalyticsData.screen(name: name, properties: properties), with: tracker, policy: policy)
    }

    /// Tracks the app's own event `screen` with `tracker` when this view appears, and again when it shows
    /// another screen (another value), not when it re-appears showing an equal one (unless `policy` says so).
    ///
    /// For a tracker of the app's own events, which a `pullback` at the app's root sends on to the vendors:
    ///
    /// <!-- snippet: not compiled: SwiftUI, which Linux lacks (.ci/apple-sdk type-checks the modifier itself) -->
    /// ```swift
    /// ProductView(product: product)
    ///   .trackScreen(ShopScreen.product(id: product.id), with: shopTracker)
    /// ```
    ///
    /// - Parameters:
    ///   - screen: The event that says which screen this is; an unequal value is another screen.
    ///   - tracker: Where the event goes.
    ///   - policy: When an equal screen is tracked again: ``ScreenTrackingPolicy/whenScreenChanges`` (the
    ///     default) or ``ScreenTrackingPolicy/onEveryAppearance``.
    public func trackScreen<Screen: Equatable & Sendable>(
      _ screen: Screen, with tracker: @escaping Tracker<Screen>, policy: ScreenTrackingPolicy = .whenScreenChanges
    ) -> some View {
      modifier(ScreenTrackingModifier(screen: screen, tracker: tracker, policy: policy))
    }
  }

  /// Asks the view identity's rule on each appearance and each change of screen, and tracks when it says so.
  private struct ScreenTrackingModifier<Screen: Equatable & Sendable>: ViewModifier {
    let screen: Screen
    let tracker: Tracker<Screen>
    let policy: ScreenTrackingPolicy
    /// One per view identity: SwiftUI keeps it while the view's identity lives (across disappearances).
    @State private var rule = ScreenTrackingRule<Screen>()

    func body(content: Content) -> some View {
      // `task(id:)`, not `onAppear`: it runs when the view appears and again when `screen` changes while the
      // view is visible, on every OS this package supports (iOS 15+); `onChange(of:initial:_:)` is iOS 17+,
      // and `onChange(of:perform:)` is deprecated (iOS 17, and visionOS 1: a warning there). The closure is
      // `@MainActor`, where `@State` lives, whichever way the SDK declares the action (`@Sendable` with the
      // actor context inherited, or `sending @isolated(any)`): without it, the second does not compile.
      content.task(id: screen) { @MainActor in
        var next = rule
        next.policy = policy
        guard next.appeared(showing: screen) else { return }
        // Written only when it changed: an appearance that changes nothing invalidates no view.
        if next != rule { rule = next }
        tracker(screen)
      }
    }
  }
#endif
