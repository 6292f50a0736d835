// The Swift blocks of Sources/GoogleAnalyticsTracker/Documentation.docc/MigratingFromFirebaseAnalytics.md,
// compiled: see DocSnippetTests.swift. Tests/GoogleAnalyticsTrackerTests/MigrationTests.swift runs the same
// configuration.
import Foundation
import GoogleAnalyticsTracker
import Trackers
import TrackersDelivery

private func migratingFromFirebaseAnalytics1(
  secrets: Secrets, firebaseAppId: String, appInstanceId: String, signedInUserId: String?
) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/MigratingFromFirebaseAnalytics.md#1
    var configuration = GoogleAnalyticsConfiguration(
      stream: .app(firebaseAppId: firebaseAppId, appInstanceId: appInstanceId), apiSecret: secrets.ga4)
    configuration.naming = .keepingAcceptedNames            // the names Firebase accepted, unchanged
    configuration.sessionTimeout = .seconds(30 * 60)         // setSessionTimeoutInterval's default, 1800 s
    configuration.existingIdentity = ExistingIdentity(anonymousId: appInstanceId, userId: signedInUserId)
    GoogleAnalyticsTracker.Current = try .live(configuration)
    // end snippet
  }
}
