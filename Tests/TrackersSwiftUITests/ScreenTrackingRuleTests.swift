import Testing
import Trackers
import TrackersSwiftUI

// The rule the `trackScreen` modifiers keep in `@State`, one per view identity. Each test is one view identity
// and the sequence of appearances SwiftUI gives it (see the module's article, "What appears means").
@Suite struct ScreenTrackingRuleTests {
  let product42 = AnalyticsData.screen(name: "Product", properties: ["id": "42"])
  let product43 = AnalyticsData.screen(name: "Product", properties: ["id": "43"])

  /// The screens a rule tracks, in order, when its view identity appears showing each of `appearances`.
  func tracked<Screen: Equatable>(
    _ appearances: [Screen], policy: ScreenTrackingPolicy = .whenScreenChanges
  ) -> [Screen] {
    var rule = ScreenTrackingRule<Screen>(policy: policy)
    var tracked: [Screen] = []
    for screen in appearances where rule.appeared(showing: screen) {
      tracked.append(screen)
    }
    return tracked
  }

  @Test func theFirstAppearanceIsTracked() {
    var rule = ScreenTrackingRule<AnalyticsData>()
    #expect(rule.lastTracked == nil)
    let first = rule.appeared(showing: product42)
    #expect(first)
    #expect(rule.lastTracked == product42)
  }

  @Test func theDefaultPolicyIsWhenTheScreenChanges() {
    #expect(ScreenTrackingRule<AnalyticsData>().policy == .whenScreenChanges)
  }

  // A NavigationStack's root after a pop, a tab switched back to: the same identity, the same screen.
  @Test func reappearingWithTheSameScreenIsNotTracked() {
    #expect(tracked([product42, product42, product42]) == [product42])
  }

  // The same view identity now showing another product (a split view's detail column, a tab whose content
  // changed while it was hidden).
  @Test func anotherScreenIsTracked() {
    #expect(tracked([product42, product43]) == [product42, product43])
  }

  @Test func goingBackToAnEarlierScreenIsTrackedAgain() {
    #expect(tracked([product42, product43, product43, product42]) == [product42, product43, product42])
  }

  @Test func theNameAndEveryPropertyMakeTheScreen() {
    let cart = AnalyticsData.screen(name: "Cart")
    let cartWithCoupon = AnalyticsData.screen(name: "Cart", properties: ["coupon": true])
    let checkout = AnalyticsData.screen(name: "Checkout")
    #expect(tracked([cart, cart, cartWithCoupon, cartWithCoupon, checkout]) == [cart, cartWithCoupon, checkout])
  }

  @Test func everyAppearanceIsTrackedWhenTheAppSaysSo() {
    #expect(tracked([product42, product42, product43, product42], policy: .onEveryAppearance)
      == [product42, product42, product43, product42])
  }

  @Test func aNewViewIdentityStartsAfresh() {
    // A destination pushed, popped and pushed again, a sheet presented twice: each is a new `@State`.
    #expect(tracked([product42]) == [product42])
    #expect(tracked([product42]) == [product42])
  }

  @Test func tracksAsksWithoutRecording() {
    var rule = ScreenTrackingRule<AnalyticsData>()
    #expect(rule.tracks(product42))
    #expect(rule.tracks(product42))
    #expect(rule.lastTracked == nil)
    _ = rule.appeared(showing: product42)
    #expect(!rule.tracks(product42))
    #expect(rule.tracks(product43))
  }

  @Test func thePolicyCanChangeBetweenAppearances() {
    var rule = ScreenTrackingRule<AnalyticsData>()
    let first = rule.appeared(showing: product42)
    #expect(first)
    let again = rule.appeared(showing: product42)
    #expect(!again)
    rule.policy = .onEveryAppearance
    let everyAppearance = rule.appeared(showing: product42)
    #expect(everyAppearance)
    rule.policy = .whenScreenChanges
    let backToTheDefault = rule.appeared(showing: product42)
    #expect(!backToTheDefault)
  }

  @Test func aNotTrackedAppearanceLeavesTheRuleAsItWas() {
    var rule = ScreenTrackingRule<AnalyticsData>()
    _ = rule.appeared(showing: product42)
    let before = rule
    let again = rule.appeared(showing: product42)
    #expect(!again)
    #expect(rule == before)
  }

  // The app's own events, when they are Equatable.
  enum ShopScreen: Equatable, Sendable {
    case product(id: String)
    case cart
  }

  @Test func theAppsOwnEquatableEvents() {
    let screens: [ShopScreen] = [.product(id: "42"), .product(id: "42"), .cart, .cart, .product(id: "43")]
    #expect(tracked(screens) == [.product(id: "42"), .cart, .product(id: "43")])
    #expect(tracked(screens, policy: .onEveryAppearance) == screens)
  }

  @Test func theRuleIsASendableValue() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(ScreenTrackingRule<AnalyticsData>.self)
    requireSendable(ScreenTrackingRule<ShopScreen>.self)
    requireSendable(ScreenTrackingPolicy.self)
    // A value: a copy keeps its own memory.
    var first = ScreenTrackingRule<ShopScreen>()
    let copy = first
    _ = first.appeared(showing: .cart)
    #expect(first.lastTracked == .cart)
    #expect(copy.lastTracked == nil)
  }
}
