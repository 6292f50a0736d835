/// A tracker: a function that receives events and sends them somewhere.
///
/// Trackers are plain values. Feature code calls one; the app decides, at its root, where the events go by
/// composing trackers with ``combineTrackers(_:)`` (or ``combine(_:)-(Tracker<Event>...)``),
/// ``pullback(_:action:)``, ``filter(_:_:)`` and ``logging(_:label:to:format:redactor:)``.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(googleAnalyticsTracker, action: \.app),
///   pullback(firebaseAPIErrorTracker, action: \.api)
/// )
/// send(.app(.appLaunched))
/// ```
public typealias Tracker<Event> = @Sendable (Event) -> Void

/// Combines trackers into one that sends every event to each of them, in the order given.
///
/// ```swift
/// let both: Tracker<AnalyticsData> = combine(consoleTracker, amplitudeTracker)
/// ```
@inlinable
public func combine<Event>(_ trackers: Tracker<Event>...) -> Tracker<Event> {
  combine(trackers)
}

/// Combines an array of trackers into one that sends every event to each of them, in array order.
///
/// An empty array gives a tracker that does nothing; a single tracker is returned as it is, so combining
/// costs nothing when there is nothing to combine.
@inlinable
public func combine<Event>(_ trackers: [Tracker<Event>]) -> Tracker<Event> {
  switch trackers.count {
  case 0:
    return { _ in }
  case 1:
    return trackers[0]
  case 2:
    // Up to four trackers are captured one by one: calling a captured closure costs no array walk and no
    // retain of the element, which an event dispatched to four features and five vendors pays 9 times.
    let first = trackers[0], second = trackers[1]
    return { event in
      first(event)
      second(event)
    }
  case 3:
    let first = trackers[0], second = trackers[1], third = trackers[2]
    return { event in
      first(event)
      second(event)
      third(event)
    }
  case 4:
    let first = trackers[0], second = trackers[1], third = trackers[2], fourth = trackers[3]
    return { event in
      first(event)
      second(event)
      third(event)
      fourth(event)
    }
  default:
    // More: the first four as one, the rest combined the same way.
    let head = combine(Array(trackers[..<4])), tail = combine(Array(trackers[4...]))
    return { event in
      head(event)
      tail(event)
    }
  }
}

/// Pulls a tracker of local events back to a tracker of global events.
///
/// The global tracker runs `action` on every event and forwards only when it yields a local event, so a
/// tracker of `AppEvent` can listen to an app-wide `AnalyticsEvent` through an optional accessor:
///
/// ```swift
/// enum AnalyticsEvent {
///   case app(AppEvent), api(APIErrorEvent)
///   var app: AppEvent? {
///     guard case let .app(event) = self else { return nil }
///     return event
///   }
/// }
/// let appTracker: Tracker<AnalyticsEvent> = pullback(googleAnalyticsTracker, action: \.app)
/// ```
///
/// A key-path literal such as `\.app` converts to the function parameter directly; that is also much
/// faster than applying a stored `KeyPath` on every event.
@inlinable
public func pullback<Local, Global>(
  _ tracker: @escaping Tracker<Local>,
  action: @escaping @Sendable (Global) -> Local?
) -> Tracker<Global> {
  return { global in
    if let local = action(global) { tracker(local) }
  }
}

/// Pulls a tracker of local events back to global events along an ``EventPath``.
///
/// ```swift
/// let api = EventPath(AnalyticsEvent.api, \.api)
/// let tracker: Tracker<AnalyticsEvent> = pullback(firebaseAPIErrorTracker, along: api)
/// ```
///
/// The label is `along:`, not `action:`: a form of its own, so that a root of many `action:` pullbacks
/// never weighs an `EventPath` reading of each key path (that doubled the compiler's work per argument).
@inlinable
public func pullback<Local, Global>(
  _ tracker: @escaping Tracker<Local>,
  along path: EventPath<Global, Local>
) -> Tracker<Global> {
  pullback(tracker, action: path.extractValue)
}

/// Pulls a tracker back along a total transform: every global event becomes one local event.
///
/// This is how a feature's own event enum reaches a vendor tracker of the vendor-neutral vocabulary:
///
/// ```swift
/// @Sendable func analytics(_ event: CheckoutEvent) -> AnalyticsData {
///   switch event {
///   case let .purchased(total): .event(name: "purchase", properties: ["value": .double(total)])
///   }
/// }
/// let checkoutTracker: Tracker<CheckoutEvent> = pullback(mixpanelTracker, transform: analytics)
/// ```
@inlinable
public func pullback<Local, Global>(
  _ tracker: @escaping Tracker<Local>,
  transform: @escaping @Sendable (Global) -> Local
) -> Tracker<Global> {
  return { global in tracker(transform(global)) }
}

/// Pulls a tracker back along a transform that drops events (`-> Local?`: `nil` forwards nothing) or fans
/// them out (`-> [Local]`: each, in order; an empty array forwards nothing).
///
/// ```swift
/// @Sendable func analytics(_ event: CatalogEvent) -> AnalyticsData? {
///   switch event {
///   case let .productViewed(id): .event(name: "product_viewed", properties: ["product_id": .string(id)])
///   case .scrolled: nil  // no analytics meaning
///   }
/// }
/// let catalogTracker: Tracker<CatalogEvent> = pullback(mixpanelTracker, transform: analytics)
/// ```
///
/// A sign-in that is both an identity and an event:
///
/// ```swift
/// @Sendable func analytics(_ event: SessionEvent) -> [AnalyticsData] {
///   switch event {
///   case let .signedIn(userId): [.userId(userId), .event(name: "signed_in")]
///   case .tokenRefreshed: []
///   }
/// }
/// let sessionTracker: Tracker<SessionEvent> = pullback(segmentTracker, transform: analytics)
/// ```
///
/// A dropping transform forwards what ``pullback(_:action:)`` with the same closure forwards; the label says
/// that the closure maps an event rather than picks a case out of an enum.
@_disfavoredOverload
@inlinable
public func pullback<Output: ForwardedEvents & Sendable, Global>(
  _ tracker: @escaping Tracker<Output.Event>,
  transform: @escaping @Sendable (Global) -> Output
) -> Tracker<Global> {
  // Disfavored: a trailing closure returning `Local?` (`pullback(tracker) { ... }`) fits this form and
  // `pullback(_:action:)` alike, and the two forward the same events; without the attribute every such
  // call, written before this form existed, would be ambiguous. A call labelled `transform:` reaches it.
  return { global in transform(global).forEachEvent(tracker) }
}

/// Pulls a tracker back in one call: `action` picks the feature's events out of the global ones, and
/// `transform` turns each into the tracker's event.
///
/// This is how a feature inside an app-wide event enum reaches a vendor tracker of the vendor-neutral
/// vocabulary; a key-path literal to an optional accessor is the action:
///
/// ```swift
/// let checkoutTracker: Tracker<AppEvent> = pullback(mixpanelTracker, action: \.checkout, transform: analytics)
/// ```
///
/// It forwards the same events as the two single-step pullbacks, ``pullback(_:transform:)-(_,(Global)->Local)``
/// inside ``pullback(_:action:)``, with one closure call fewer per event. A transform may also drop or fan out
/// (``pullback(_:action:transform:)-(_,_,(Value)->Output)``).
@inlinable
public func pullback<Local, Value, Global>(
  _ tracker: @escaping Tracker<Local>,
  action: @escaping @Sendable (Global) -> Value?,
  transform: @escaping @Sendable (Value) -> Local
) -> Tracker<Global> {
  return { global in
    if let value = action(global) { tracker(transform(value)) }
  }
}

/// Pulls a tracker back in one call, through a transform that drops events (`-> Local?`) or fans them out
/// (`-> [Local]`).
///
/// ```swift
/// @Sendable func analytics(_ event: SearchEvent) -> AnalyticsData? {
///   switch event {
///   case let .searched(query): .standard(.searched(query: query))
///   case .keystroke: nil  // too many to be worth an event
///   }
/// }
/// let searchTracker: Tracker<AppEvent> = pullback(amplitudeTracker, action: \.search, transform: analytics)
/// ```
@_disfavoredOverload
@inlinable
public func pullback<Output: ForwardedEvents & Sendable, Value, Global>(
  _ tracker: @escaping Tracker<Output.Event>,
  action: @escaping @Sendable (Global) -> Value?,
  transform: @escaping @Sendable (Value) -> Output
) -> Tracker<Global> {
  // Disfavored: where both forms fit (a transform returning `X?` to a tracker of `X?`), the total form
  // above is meant. `Sendable`: the tracker captures the result type's conformance.
  return { global in
    if let value = action(global) { transform(value).forEachEvent(tracker) }
  }
}

/// Pulls a tracker back in one call along an ``EventPath``, then through `transform`.
///
/// ```swift
/// let checkout = EventPath(AppEvent.checkout, \.checkout)
/// let checkoutTracker: Tracker<AppEvent> = pullback(mixpanelTracker, along: checkout, transform: analytics)
/// ```
@inlinable
public func pullback<Local, Value, Global>(
  _ tracker: @escaping Tracker<Local>,
  along path: EventPath<Global, Value>,
  transform: @escaping @Sendable (Value) -> Local
) -> Tracker<Global> {
  pullback(tracker, action: path.extractValue, transform: transform)
}

/// Pulls a tracker back in one call along an ``EventPath``, through a transform that drops events
/// (`-> Local?`) or fans them out (`-> [Local]`).
///
/// ```swift
/// let session = EventPath(AppEvent.session, \.session)
/// let sessionTracker: Tracker<AppEvent> = pullback(segmentTracker, along: session, transform: sessionAnalytics)
/// ```
@_disfavoredOverload
@inlinable
public func pullback<Output: ForwardedEvents & Sendable, Value, Global>(
  _ tracker: @escaping Tracker<Output.Event>,
  along path: EventPath<Global, Value>,
  transform: @escaping @Sendable (Value) -> Output
) -> Tracker<Global> {
  pullback(tracker, action: path.extractValue, transform: transform)
}

/// Forwards only the events for which `isIncluded` returns `true`.
///
/// ```swift
/// let withoutBackground = filter(googleAnalyticsTracker) { $0 != .appEnteredBackground }
/// ```
@inlinable
public func filter<Event>(
  _ tracker: @escaping Tracker<Event>,
  _ isIncluded: @escaping @Sendable (Event) -> Bool
) -> Tracker<Event> {
  return { event in
    if isIncluded(event) { tracker(event) }
  }
}
