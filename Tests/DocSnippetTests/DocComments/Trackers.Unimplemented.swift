// The Swift blocks of Sources/Trackers/Unimplemented.swift, compiled: see DocSnippetTests.swift.
import Foundation
import ShopGoogleAnalytics
import Trackers

// ShopGoogleAnalytics declares it already: this one shadows it in this target, with the same value.
// snippet: Sources/Trackers/Unimplemented.swift#1
extension Environment {
  public static let unimplemented = Environment(
    send: Trackers.unimplemented("GoogleAnalyticsTracker.Current.send")
  )
}
// end snippet

enum UnimplementedClosures {
  /// A module's environment with a closure that returns a value.
  struct Environment: Sendable {
    var send: Tracker<AnalyticsData>
    var now: @Sendable () -> Date

    // snippet: Sources/Trackers/Unimplemented.swift#2
    public static let unimplemented = Environment(
      send: Trackers.unimplemented("MixpanelTracker.Current.send"),
      now: Trackers.unimplemented("MixpanelTracker.Current.now", placeholder: Date(timeIntervalSince1970: 0))
    )
    // end snippet
  }
}
