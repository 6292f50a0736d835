// The Swift blocks of Sources/Trackers/Reducer+Tracking.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import MixpanelTracker
import Trackers

private func reducers() {
  // A feature's state, actions and reducers, as the examples assume them.
  struct Order { var id: String }
  struct CheckoutState { var items: [String] = []; var cartTotal = 0.0; var order: Order? }
  enum CheckoutAction { case checkoutTapped, itemAdded, itemRemoved }
  func checkoutReducer(_ state: inout CheckoutState, _ action: CheckoutAction) {}
  struct User { var id: String; var plan: String }
  enum SessionAction { case loggedIn(User), loggedOut }
  func sessionReducer(_ state: inout [String], _ action: SessionAction) {}
  compile {
    // snippet: Sources/Trackers/Reducer+Tracking.swift#1
    let reducer = tracking(checkoutReducer, with: mixpanelTracker) { state, action in
      switch action {
      case .checkoutTapped: .event(name: "Checkout Started", properties: ["items": .int(state.items.count)])
      case .itemAdded, .itemRemoved: nil
      }
    }
    // end snippet
    _ = reducer
  }
  compile {
    // snippet: Sources/Trackers/Reducer+Tracking.swift#2
    let reducer = tracking(sessionReducer, with: amplitudeTracker) { _, action in
      switch action {
      case let .loggedIn(user): [.userId(user.id), .userProperty(name: "plan", value: .string(user.plan))]
      case .loggedOut: ["Logout", .userId(nil)]
      }
    }
    // end snippet
    _ = reducer
  }
  compile {
    // snippet: Sources/Trackers/Reducer+Tracking.swift#4
    let reducer = onChange(of: \.cartTotal, checkoutReducer, with: mixpanelTracker) { old, new in
      .event(name: "Cart Total Changed", properties: ["from": .double(old), "to": .double(new)])
    }
    // end snippet
    _ = reducer
  }
}

private func afterReducing() {
  struct Order { var id: String }
  struct CheckoutState { var order: Order? }
  enum CheckoutAction { case orderPlaced }
  func checkoutReducer(_ state: inout CheckoutState, _ action: CheckoutAction) {}
  compile {
    // snippet: Sources/Trackers/Reducer+Tracking.swift#3
    let reducer = tracking(afterReducing: checkoutReducer, with: mixpanelTracker) { state, action in
      guard case .orderPlaced = action, let order = state.order else { return nil }
      return .event(name: "Order Completed", properties: ["order": .string(order.id)])
    }
    // end snippet
    _ = reducer
  }
}
