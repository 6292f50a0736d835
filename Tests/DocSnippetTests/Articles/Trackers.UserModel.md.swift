// The Swift blocks of Sources/Trackers/Documentation.docc/UserModel.md, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker
import Trackers
import TrackersDelivery

private func userModel1() {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#1
    let vendors: Tracker<AnalyticsData> = combine(
      googleAnalyticsTracker, mixpanelTracker, amplitudeTracker, segmentTracker, postHogTracker
    )

    vendors(.superProperties(.register(["theme": "dark"])))
    vendors(.standard(.productViewed(StandardEvent.Product(id: "tea-sencha", name: "Sencha", price: 12.5, currency: "EUR"))))
    vendors(.userId("user-42"))
    vendors(.alias(userId: "user-42"))
    vendors(.group(type: "company", key: "acme", traits: ["plan": "business"]))
    vendors(.profile(.increment(name: "orders_count", by: 1)))
    // end snippet
  }
}

private func userModel2(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#2
    vendors(.standard(.searched(query: "sencha"), properties: ["results": 2]))
    vendors(.standard(.signedUp(method: "email")))
    // end snippet
  }
}

private func userModel3(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#3
    let sencha = StandardEvent.Product(id: "tea-sencha", name: "Sencha", price: 12.5, currency: "EUR")
    let order = StandardEvent.Order(id: "order-1001", currency: "EUR", products: [sencha], total: 7.5, revenue: 7.5, discount: 5)
    vendors(.standard(.orderCompleted(order)))
    // end snippet
  }
}

private func userModel4(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#4
    vendors(.userId("user-42"))
    vendors(.alias(userId: "user-42"))
    // end snippet
  }
}

private func userModel5(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#5
    vendors(.group(type: "company", key: "acme", traits: ["plan": "business"]))
    // end snippet
  }
}

private func userModel6(vendors: @escaping Tracker<AnalyticsData>, paidAt: Date) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#6
    vendors(.profile(.setOnce(name: "first_order_at", value: .date(paidAt))))
    vendors(.profile(.increment(name: "orders_count", by: 1)))
    vendors(.profile(.append(name: "viewed_categories", value: "Green tea")))
    vendors(.profile(.union(name: "tags", values: ["tea", "gift"])))
    vendors(.profile(.unset(name: "coupon")))
    // end snippet
  }
}

private func userModel7(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#7
    vendors(.superProperties(.register(["theme": "dark"])))
    vendors(.superProperties(.registerOnce(["first_seen_version": "2.1.0"])))
    vendors(.superProperties(.registerForUser(["plan": "pro"])))   // the signed-in user's
    vendors(.superProperties(.unregister("theme")))
    vendors(.userId(nil))   // sign-out: "plan" goes, "first_seen_version" stays
    // end snippet
  }
}

private func userModel8(vendors: @escaping Tracker<AnalyticsData>, order: StandardEvent.Order) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#8
    vendors(.timeEvent(name: "Order Completed"))
    vendors(.standard(.checkoutStarted(order)))
    // ... the customer pays ...
    vendors(.standard(.orderCompleted(order)))   // carries "duration"
    // end snippet
  }
}

private func userModel9(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#9
    let link = StandardEvent.DeepLink(
      url: "https://shop.example/tea/sencha?utm_source=newsletter&utm_campaign=spring&token=tok-8f3a91",
      referrer: "com.apple.mobilemail", keepingParameters: StandardEvent.DeepLink.campaignParameters)
    vendors(.standard(.deepLinkOpened(link)))
    // url: https://shop.example/tea/sencha?utm_source=newsletter&utm_campaign=spring&token=redacted
    // end snippet
  }
}

private func userModel10(vendors: @escaping Tracker<AnalyticsData>) {
  compileDeclarations {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#10
    func userNotificationCenter(didReceive userInfo: [AnyHashable: Any], actionIdentifier: String) {
      vendors(.standard(.pushNotificationOpened(StandardEvent.PushNotification(userInfo: userInfo, action: actionIdentifier))))
    }
    vendors(.standard(.pushNotificationReceived(StandardEvent.PushNotification(
      campaign: .init(id: "8245", name: "Spring sale", source: "Firebase", medium: "notification")))))
    // end snippet
  }
}

private func userModel11(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#11
    vendors(.userProperties(["plan": "pro", "seats": 5, "locale": "de-DE", "beta": true]))
    // end snippet
  }
}

private func userModelSignIn(vendors: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#12
    vendors(.signIn(userId: "user-42", traits: ["plan": "pro", "seats": 5, "locale": "de-DE"]))
    // end snippet
  }
}

private func userModel12() {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#13
    var configuration = PostHogConfiguration(apiKey: "phc_...")
    configuration.existingIdentity = ExistingIdentity(anonymousId: "anonymous-id-from-posthog-ios", userId: nil)
    // end snippet
  }
}

private func userModel13(currentOrientation: @escaping @Sendable () -> String, signedInUserId: @escaping @Sendable () -> String?) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#14
    let send: Tracker<AnalyticsData> = enriching(combine(segmentTracker, consoleTracker)) {
      [
        "session_orientation": .string(currentOrientation()),
        "session_user_is_logged_in": .bool(signedInUserId() != nil),
        "user_uid": signedInUserId().map(PropertyValue.string),  // no key when signed out
      ]
    }
    send(.event(name: "Project Viewed", properties: ["project_id": 42]))
    // end snippet
  }
}

private func userModel14(vendors: @escaping Tracker<AnalyticsData>, currentUserId: String?) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/UserModel.md#15
    vendors(.userId(currentUserId))   // at every launch, as apps call setUserId: nil when nobody is signed in
    vendors(.userId(nil))             // signed out: this device's anonymous id stays
    vendors(.reset)                   // reset: a new anonymous user from now on
    // end snippet
  }
}
