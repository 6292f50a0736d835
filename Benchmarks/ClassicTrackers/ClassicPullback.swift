import Trackers

/// The classic signature this package replaces: a pullback that stores a `KeyPath` and applies it to every
/// event. It lives in its own module, as it would in an app, so the optimizer can't see through it.
public func classicPullback<Local, Global>(
  _ tracker: @escaping Tracker<Local>,
  value: KeyPath<Global, Local?> & Sendable
) -> Tracker<Global> {
  return { global in
    if let local = global[keyPath: value] { tracker(local) }
  }
}

/// `combine` as the classic signature wrote it: not inlinable, an array walk per event.
public func classicCombine<Event>(_ trackers: [Tracker<Event>]) -> Tracker<Event> {
  return { event in
    for tracker in trackers { tracker(event) }
  }
}
