// The Swift blocks of Sources/Trackers/AnalyticsData.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersAnalyticsData1() {
  compile {
    // snippet: Sources/Trackers/AnalyticsData.swift#1
    let events: [AnalyticsData] = [
      "Logout",
      .event(name: "Signup", properties: ["plan": "pro", "seats": 5, "trial": false]),
      .screen(name: "Cart"),
      .userId("user-42"),
      .signIn(userId: "user-42", traits: ["plan": "pro"]),
      .userProperty(name: "tier", value: "gold"),
      .userProperties(["tier": "gold", "seats": 5, "beta": true]),
      .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
      .lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")),
      .standard(.searched(query: "trail shoes")),
      .alias(userId: "user-42"),
      .group(type: "company", key: "acme", traits: ["plan": "enterprise"]),
      .profile(.increment(name: "orders_count", by: 1)),
      .superProperties(.register(["theme": "dark"])),
      .timeEvent(name: "Order Completed"),
      .reset,
    ]
    // end snippet
    _ = events
  }
}

private func trackersAnalyticsDataSignIn(tracker: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/AnalyticsData.swift#2
    tracker(.signIn(userId: "user-42", traits: ["plan": "pro", "seats": 5]))
    // Segment: one identify {"userId": "user-42", "traits": {"plan": "pro", "seats": 5}, ...}
    // end snippet
  }
}

private func trackersAnalyticsData2(tracker: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/AnalyticsData.swift#3
    tracker(.userProperties(["plan": "pro", "seats": 5, "locale": "de-DE"]))
    tracker(.signIn(userId: "user-42", traits: ["plan": "pro", "seats": 5]))  // signing in, with them
    // end snippet
  }
}

private func trackersAnalyticsData3(tracker: @escaping Tracker<AnalyticsData>) {
  compile {
    // snippet: Sources/Trackers/AnalyticsData.swift#4
    tracker(.userId(nil))   // signed out: the same anonymous user goes on
    tracker(.reset)         // a new anonymous user from now on
    // end snippet
  }
}

private func addingProperties() {
  compile {
    // snippet: Sources/Trackers/AnalyticsData.swift#5
    let event: AnalyticsData = .event(name: "Signup", properties: ["plan": "pro"])
    event.adding(["plan": "free", "orientation": "portrait"])
    // .event(name: "Signup", properties: ["plan": "pro", "orientation": "portrait"])
    // end snippet
  }
}
