// The Swift blocks of Sources/Trackers/Documentation.docc/AnalyticsFromStateAndActions.md, compiled: see
// DocSnippetTests.swift.
import Foundation
import Trackers

private func analyticsFromStateAndActions(analytics: @escaping Tracker<AnalyticsData>) {
  /// The app's own: a line of the cart, and whatever its reducers return.
  struct Item { var sku: String }
  enum Effect { case none }

  compileDeclarations {
    // snippet: Sources/Trackers/Documentation.docc/AnalyticsFromStateAndActions.md#1
    struct Checkout { var items: [Item] = []; var total: Double = 0 }
    enum CheckoutAction { case add(Item), remove(Item), pay }

    func checkoutReducer(_ state: inout Checkout, _ action: CheckoutAction) -> Effect {
      // the feature's logic, unchanged
      return .none
    }

    let reducer = onChange(
      of: \.total,
      tracking(checkoutReducer, with: analytics) { state, action in
        switch action {
        case let .add(item): .event(name: "Item Added", properties: ["sku": .string(item.sku)])
        case .pay: .event(name: "Checkout Started", properties: ["items": .int(state.items.count)])
        case .remove: nil
        }
      },
      with: analytics
    ) { old, new in
      .event(name: "Cart Total Changed", properties: ["from": .double(old), "to": .double(new)])
    }
    // end snippet
    _ = reducer
  }
}
