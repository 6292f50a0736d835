// The blocks of Sources/TrackersTesting/Documentation.docc/TestingTrackers.md about a vendor module in a
// test, compiled and run: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import PostHogTracker
import Testing
import Trackers
import TrackersDeliveryTesting
import TrackersTesting

// snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#7
@Test(.isolatedEnvironments) func theSignUpRegistersThePlan() {
  let recorder = TrackerRecorder<MixpanelEvent>()
  MixpanelTracker.Current.send = recorder.tracker       // on the module the test never configured
  mixpanelTracker(.superProperties(.register(["plan": "pro"])))
  mixpanelTracker(.event(name: "Product Added", properties: ["sku": "tea"]))
  recorder.expect(.event(name: "Product Added", properties: ["sku": "tea", "plan": "pro"]))
}
// end snippet

// snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#8
@Test(.isolatedEnvironments) func theOrderReachesPostHog() async throws {
  let storage = try TemporaryStorage()
  let transport = ScriptedTransport()                   // answers as PostHog documents: 200 {"status": 1}
  var configuration = PostHogConfiguration(apiKey: "phc_key", storageDirectory: storage.url)
  configuration.transport = transport
  PostHogTracker.Current = try .live(configuration)
  postHogTracker("Order Completed")
  let counters = await PostHogTracker.Current.deliverPending()
  #expect(counters.delivery.delivered == 1)
  #expect(transport.requests.map(\.path) == ["/batch/"])  // the path exactly as sent
  await PostHogTracker.Current.close(nil)
}
// end snippet

@Test(.isolatedEnvironments) func anUnexpectedAnswerTheTestMeans() async throws {
  let storage = try TemporaryStorage()
  let transport = ScriptedTransport()
  var configuration = PostHogConfiguration(apiKey: "phc_key", storageDirectory: storage.url)
  configuration.transport = transport
  configuration.delivery = { $0.backoff = .init(base: .milliseconds(1), cap: .milliseconds(5)) }
  // snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#9
  transport.script(.unexpectedAnswer(.status(200, headers: ["Content-Type": "text/html"], body: "<html>Sign in</html>")))
  // end snippet
  PostHogTracker.Current = try .live(configuration)
  postHogTracker("Order Completed")
  let counters = await PostHogTracker.Current.deliverPending(timeout: .seconds(600))  // a bound for a stuck run only
  #expect(counters.delivery.delivered == 1 && counters.delivery.retried == 1)
  await PostHogTracker.Current.close(nil)
}

// snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#10
@Test(.isolatedEnvironments) func nothingReachesMixpanelOnceConsentIsDenied() async throws {
  let storage = try TemporaryStorage()
  let consent = ConsentStore(ConsentState(status: .granted))
  var configuration = MixpanelConfiguration(projectToken: "token", storageDirectory: storage.url)
  configuration.privacy = consent.registry
  configuration.transport = ScriptedTransport()
  MixpanelTracker.Current = try .live(configuration)
  let recorder = TrackerRecorder<MixpanelEvent>()
  MixpanelTracker.Current.send = MixpanelTracker.Current.applyingConsent(to: recorder.tracker)
  mixpanelTracker("Signed Up")
  recorder.expect(.event(name: "Signed Up", properties: [:]))
  consent.deny()
  mixpanelTracker("Checked Out")
  recorder.expectNoEvents()
  #expect(MixpanelTracker.Current.counters().deniedConsent == 1)
  await MixpanelTracker.Current.close(nil)
}
// end snippet
