import TrackersDelivery

// The names from TrackersDelivery an app writes to configure and watch this module, so that an app that
// imports SegmentTracker and Trackers, not TrackersDelivery, can write them. Every vendor module declares the
// same aliases of the same types, so a file that imports several of them, or TrackersDelivery too, still
// sees one type per name.

/// The ids the app's users already have with the vendor, from the official SDK this module replaces
/// (``TrackersDelivery/ExistingIdentity``), for `configuration.existingIdentity`.
public typealias ExistingIdentity = TrackersDelivery.ExistingIdentity

/// Something the module did not deliver and why (``TrackersDelivery/TrackerReport``), the argument of
/// `configuration.onReport`.
public typealias TrackerReport = TrackersDelivery.TrackerReport

/// The module's counts of what it sent, dropped and refused (``TrackersDelivery/TrackerCounters``), from
/// `Current.counters()`.
public typealias TrackerCounters = TrackersDelivery.TrackerCounters
