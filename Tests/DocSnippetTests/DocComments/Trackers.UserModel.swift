// The Swift blocks of the doc comments of Sources/Trackers/UserModel/*.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Trackers

private func userModel(tracker: Tracker<AnalyticsData>, orderDate: Date) {
  compile {
    // snippet: Sources/Trackers/UserModel/ProfileOperation.swift#1
    tracker(.profile(.increment(name: "orders_count", by: 1)))
    tracker(.profile(.setOnce(name: "first_order_at", value: .date(orderDate))))
    tracker(.profile(.union(name: "interests", values: ["shoes", "hats"])))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/ProfileOperation.swift#2
    ProfileOperation.increment(name: "orders_count", by: "one").issues(vendor: "Mixpanel")
    // [Mixpanel: increment of 'orders_count' by "one": an increment adds a finite number ...]
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/SuperPropertyOperation.swift#1
    tracker(.superProperties(.register(["theme": "dark"])))
    tracker(.superProperties(.registerForUser(["plan": "pro"])))
    tracker("Cart Opened")   // sent with theme = "dark", plan = "pro"
    tracker(.userId(nil))    // sign-out: plan is forgotten, theme stays
    tracker(.superProperties(.unregister("theme")))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent+Product.swift#1
    let shoe = StandardEvent.Product(id: "sku-1", name: "Trail Shoe", category: "Shoes", price: 89.5, quantity: 2, currency: "EUR")
    tracker(.standard(.productAdded(shoe)))
    // end snippet
  }
  compile {
    let shoe = StandardEvent.Product(id: "sku-1")
    // snippet: Sources/Trackers/UserModel/StandardEvent+Product.swift#2
    let order = StandardEvent.Order(id: "o-1001", currency: "EUR", products: [shoe], tax: 3.2, shipping: 4.9)
    order.subtotal   // 179.0
    order.value      // 187.1: the total, which GA4 calls value
    tracker(.standard(.orderCompleted(order)))
    // end snippet
  }
  compile {
    let shoe = StandardEvent.Product(id: "sku-1")
    let order = StandardEvent.Order(id: "o-1001", currency: "EUR", products: [shoe])
    let url = URL(string: "shop://tea/sencha?utm_source=newsletter")!
    // snippet: Sources/Trackers/UserModel/StandardEvent.swift#1
    tracker(.standard(.productViewed(shoe)))
    tracker(.standard(.orderCompleted(order), properties: ["gift_wrap": true]))
    tracker(.standard(.signedUp(method: "email")))
    tracker(.standard(.deepLinkOpened(.init(url: url, keepingParameters: StandardEvent.DeepLink.campaignParameters))))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent.swift#2
    StandardEvent.orderCompleted(.init(currency: "EUR", products: [])).issues(vendor: "GA4")
    // [GA4: Order Completed has no order id: ... To fix this, set Order.id]
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent+DeepLink.swift#1
    let link = StandardEvent.DeepLink(
      url: "https://shop.example/tea/sencha?utm_source=newsletter&token=s3cr3t#access_token=abc",
      referrer: "com.apple.mobilemail", keepingParameters: StandardEvent.DeepLink.campaignParameters)
    link.url  // "https://shop.example/tea/sencha?utm_source=newsletter&token=redacted#access_token=redacted"
    tracker(.standard(.deepLinkOpened(link)))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent+DeepLink.swift#2
    StandardEvent.DeepLink.redacted("app://reset?code=123&utm_medium=email", keepingParameters: ["utm_*"])
    // "app://reset?code=redacted&utm_medium=email"
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent+PushNotification.swift#1
    let push = StandardEvent.PushNotification(
      campaign: .init(id: "spring-24", name: "Spring sale", source: "braze", medium: "push"))
    tracker(.standard(.pushNotificationReceived(push)))
    // end snippet
  }
  compileDeclarations {
    // What UserNotifications hands a `UNUserNotificationCenterDelegate`, reduced to what the example reads.
    struct Content { let userInfo: [AnyHashable: Any] }
    struct Request { let content: Content }
    struct Notification { let request: Request }
    struct Response { let notification: Notification; let actionIdentifier: String }
    let response = Response(
      notification: Notification(request: Request(content: Content(userInfo: ["google.c.a.c_id": "8245"]))),
      actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier")
    // snippet: Sources/Trackers/UserModel/StandardEvent+PushNotification.swift#2
    let push = StandardEvent.PushNotification(userInfo: response.notification.request.content.userInfo,
                                              action: response.actionIdentifier)
    tracker(.standard(.pushNotificationOpened(push)))
    // end snippet
  }
}
