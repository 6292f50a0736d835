import Checkout
import Catalog
import Foundation
import Onboarding
import Trackers

/// The scripted user journey `shop` plays by default: launch from a push notification, a newsletter's
/// deep link, browse, sign up, add to cart, checkout, an API timeout, logout. The app's launch and its way to the background are the library's
/// ``Trackers/ApplicationLifecycle`` events, sent around the journey.
///
/// It uses the whole user model, as a real shop would: the theme registered at launch as a super property,
/// the vocabulary's standard e-commerce events with an order carrying its revenue, the anonymous visitor
/// aliased to the new account, the company's group, a timer from checkout to the completed order, and the
/// profile's order count and first order date.
public enum Journey {
  /// One thing the user or the app does.
  public enum Step: Sendable, Equatable {
    /// A feature event sent to the root tracker.
    case track(ShopEvent)
    /// An action for the checkout reducer, whose analytics are declared beside it.
    case checkout(CheckoutAction)
  }

  /// A titled part of the journey.
  public struct Chapter: Sendable, Equatable {
    /// The chapter's heading, such as "Sign up".
    public var title: String
    /// What happens in it, in order.
    public var steps: [Step]
  }

  static let sencha = Catalog.Product(sku: "tea-sencha", name: "Sencha", price: 12.5)

  /// When the offline journey starts, by its scripted clock (``ScriptedClock``): 2026-11-04T18:46:10Z.
  public static let start = Date(timeIntervalSince1970: 1_793_817_970)
  /// How long each step of the offline journey takes by its scripted clock.
  public static let stepDuration: TimeInterval = 5

  /// The offline journey's clock: it starts at ``Journey/start`` and moves ``Journey/stepDuration`` on
  /// at each step, so what depends on time (a timed event's duration, the first order's date) prints the
  /// same on every run. Live, the journey runs on the system's clock.
  public final class ScriptedClock: Sendable {
    private let date = Locked(Journey.start)

    /// A clock at ``Journey/start``.
    public init() {}

    /// The scripted time.
    public func now() -> Date { date.withLock { $0 } }

    func advance() { date.withLock { $0 += Journey.stepDuration } }
  }

  /// The new user's e-mail address: personal data that must never reach a vendor.
  public static let userEmail = "ada.lovelace@example.com"
  /// The new user's phone number, in international format: personal data that must never reach a vendor.
  public static let userPhone = "+33 6 12 34 56 78"

  /// The spring sale's push notification, as Firebase Cloud Messaging delivers its payload: the campaign's
  /// id and name in `google.c.a.*`, and the message id, which the vocabulary does not read.
  public static let springSalePayload: [String: String] = [
    "google.c.a.c_id": "8245", "google.c.a.c_l": "Spring sale", "gcm.message_id": "1793817970000001",
  ]
  /// The newsletter's link to the sencha, as Mail hands it to the shop: the campaign's `utm_*` parameters and
  /// a sign-in token, which must never reach a vendor.
  public static let newsletterLink =
    "https://shop.example/tea/sencha?utm_source=newsletter&utm_campaign=spring&token=tok-8f3a91"

  /// A search the user pasted from a review: 121 characters, over GA4's 100 for a parameter value.
  static let pastedQuery =
    "a smooth japanese green tea, steamed not roasted, grassy with a sweet finish, good cold brewed in summer or hot in winter"

  static var springSale: StandardEvent.PushNotification {
    StandardEvent.PushNotification(userInfo: springSalePayload)
  }

  /// The journey, in order.
  public static let chapters: [Chapter] = [
    Chapter(title: "Launch", steps: [
      .track(.theme("dark")),
      .track(.app(.notificationReceived(springSale))),
      .track(.app(.notificationOpened(StandardEvent.PushNotification(userInfo: springSalePayload, action: "open")))),
      .track(.onboarding(.welcomeShown)),
    ]),
    Chapter(title: "Newsletter link", steps: [
      .track(.app(.openedFromLink(StandardEvent.DeepLink(
        url: newsletterLink, referrer: "com.apple.mobilemail",
        keepingParameters: StandardEvent.DeepLink.campaignParameters))))
    ]),
    Chapter(title: "Browse", steps: [
      .track(.catalog(.homeViewed)),
      .track(.catalog(.categoryViewed(name: "Green tea"))),
      .track(.catalog(.searched(query: "sencha", resultCount: 2))),
      // Pasted from a review: GA4 takes parameter values of 100 characters at most, and Firebase drops a
      // longer one and logs the event (error code 4); so does the GA4 module, reporting it.
      .track(.catalog(.searched(query: pastedQuery, resultCount: 0))),
      .track(.catalog(.productViewed(sencha))),
    ]),
    Chapter(title: "Sign up", steps: [
      .track(.onboarding(.signUpStarted(method: .email))),
      .track(.onboarding(.signedUp(
        userId: "user-42", method: .email, plan: "free", email: userEmail, phone: userPhone
      ))),
      .track(.onboarding(.joinedCompany(id: "acme", plan: "business"))),
    ]),
    Chapter(title: "Add to cart", steps: [
      .checkout(.add(Checkout.Item(sku: sencha.sku, price: sencha.price))),
      .checkout(.applyCoupon(code: "WELCOME5")),
    ]),
    Chapter(title: "Checkout", steps: [
      .checkout(.payTapped),
      .checkout(.paymentSucceeded(orderId: "order-1001")),
    ]),
    Chapter(title: "API timeout", steps: [.track(.api(.timeout(endpoint: "/recommendations")))]),
    Chapter(title: "Logout", steps: [.track(.onboarding(.loggedOut))]),
  ]

  /// Plays the journey into `track`, writing chapter titles and checkout actions to `sink`; `clock`, when
  /// given, is the scripted clock each step moves on (`nil`: the system's clock).
  ///
  /// Checkout actions run through ``Checkout/checkoutReducer(tracker:now:)``, whose analytics reach
  /// `track` as ``ShopEvent/checkout(_:)``.
  public static func play(into track: @escaping Tracker<ShopEvent>, log sink: LogSink, clock: ScriptedClock? = nil) {
    var now: @Sendable () -> Date = { Date() }
    if let clock { now = { clock.now() } }
    let checkout = checkoutReducer(tracker: pullback(track, transform: { ShopEvent.checkout($0) }), now: now)
    var cart = Checkout()
    for (number, chapter) in chapters.enumerated() {
      sink.write("")
      sink.write("== \(number + 1). \(chapter.title)")
      for step in chapter.steps {
        clock?.advance()
        switch step {
        case let .track(event):
          track(event)
        case let .checkout(action):
          sink.write("checkout: \(describe(action))")
          if let effect = checkout(&cart, action) {
            sink.write("checkout effect: \(describe(effect))")
          }
        }
      }
    }
  }

  static func describe(_ action: CheckoutAction) -> String {
    switch action {
    case let .add(item): "add(sku: \"\(item.sku)\", price: \(item.price))"
    case let .remove(sku): "remove(sku: \"\(sku)\")"
    case let .applyCoupon(code): "applyCoupon(code: \"\(code)\")"
    case .payTapped: "payTapped"
    case let .paymentSucceeded(orderId): "paymentSucceeded(orderId: \"\(orderId)\")"
    case let .paymentFailed(reason): "paymentFailed(reason: \"\(reason)\")"
    }
  }

  static func describe(_ effect: CheckoutEffect) -> String {
    switch effect {
    case let .chargeCard(amount): "chargeCard(amount: \(amount))"
    }
  }
}
