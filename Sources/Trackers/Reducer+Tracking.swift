/// Wraps a reducer so that each action it receives is also described to a tracker.
///
/// `toAnalytics` sees the state as it was **before** the action (read-only) and runs **before** the wrapped
/// reducer: analytics can observe the feature but can neither change its state nor start its effects.
/// Returning `nil` sends nothing. The reducer's result (an effect of any architecture library, or `Void`) is
/// returned unchanged.
///
/// ```swift
/// let reducer = tracking(checkoutReducer, with: mixpanelTracker) { state, action in
///   switch action {
///   case .checkoutTapped: .event(name: "Checkout Started", properties: ["items": .int(state.items.count)])
///   case .itemAdded, .itemRemoved: nil
///   }
/// }
/// ```
///
/// Use ``tracking(afterReducing:with:_:)`` to describe the action with the state it produced.
public func tracking<State, Action, Result>(
  _ reducer: @escaping (inout State, Action) -> Result,
  with tracker: @escaping Tracker<AnalyticsData>,
  _ toAnalytics: @escaping (State, Action) -> AnalyticsData?
) -> (inout State, Action) -> Result {
  return { state, action in
    if let data = toAnalytics(state, action) { tracker(data) }
    return reducer(&state, action)
  }
}

/// Wraps a reducer so that each action can be described as several events, sent in order.
///
/// Like ``tracking(_:with:_:)-(_,_,(State,Action)->AnalyticsData?)``: the mapping sees the state before the
/// action and runs before the wrapped reducer. An empty array sends nothing.
///
/// ```swift
/// let reducer = tracking(sessionReducer, with: amplitudeTracker) { _, action in
///   switch action {
///   case let .loggedIn(user): [.userId(user.id), .userProperty(name: "plan", value: .string(user.plan))]
///   case .loggedOut: ["Logout", .userId(nil)]
///   }
/// }
/// ```
public func tracking<State, Action, Result>(
  _ reducer: @escaping (inout State, Action) -> Result,
  with tracker: @escaping Tracker<AnalyticsData>,
  _ toAnalytics: @escaping (State, Action) -> [AnalyticsData]
) -> (inout State, Action) -> Result {
  return { state, action in
    for data in toAnalytics(state, action) { tracker(data) }
    return reducer(&state, action)
  }
}

/// Wraps a reducer so that each action is described with the state it **produced**.
///
/// `toAnalytics` runs after the wrapped reducer, with the new state (read-only). Use it when the event
/// needs what the action computed, such as an order number assigned by the reducer.
///
/// ```swift
/// let reducer = tracking(afterReducing: checkoutReducer, with: mixpanelTracker) { state, action in
///   guard case .orderPlaced = action, let order = state.order else { return nil }
///   return .event(name: "Order Completed", properties: ["order": .string(order.id)])
/// }
/// ```
public func tracking<State, Action, Result>(
  afterReducing reducer: @escaping (inout State, Action) -> Result,
  with tracker: @escaping Tracker<AnalyticsData>,
  _ toAnalytics: @escaping (State, Action) -> AnalyticsData?
) -> (inout State, Action) -> Result {
  return { state, action in
    let result = reducer(&state, action)
    if let data = toAnalytics(state, action) { tracker(data) }
    return result
  }
}

/// Wraps a reducer so that a tracker hears when a value in the state changes.
///
/// After the wrapped reducer ran, `value` is read from the state before and after the action; only when the
/// two differ (an equal re-assignment is no change) is `toAnalytics(old, new)` called, once per action.
/// Returning `nil` sends nothing. A key-path literal works as `value`.
///
/// ```swift
/// let reducer = onChange(of: \.cartTotal, checkoutReducer, with: mixpanelTracker) { old, new in
///   .event(name: "Cart Total Changed", properties: ["from": .double(old), "to": .double(new)])
/// }
/// ```
public func onChange<State, Action, Result, Value: Equatable>(
  of value: @escaping (State) -> Value,
  _ reducer: @escaping (inout State, Action) -> Result,
  with tracker: @escaping Tracker<AnalyticsData>,
  _ toAnalytics: @escaping (_ old: Value, _ new: Value) -> AnalyticsData?
) -> (inout State, Action) -> Result {
  return { state, action in
    let old = value(state)
    let result = reducer(&state, action)
    let new = value(state)
    if old != new, let data = toAnalytics(old, new) { tracker(data) }
    return result
  }
}
