import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Issue 38, item 2: the two forms of "the user is gone". A sign-out (`.userId(nil)`) keeps the device's
/// anonymous id; a reset (`.reset`) starts a new one, as the SDKs' `reset()`.
@Suite struct SignOutTests {
  typealias Identity = IdentityStore<Int>.Identity

  /// Fails the test if called: the identity must keep its anonymous id.
  func noNewId() -> String {
    Issue.record("a new anonymous id was made")
    return "unexpected"
  }

  @Test func signingInKeepsTheAnonymousId() {
    let anonymous = Identity(anonymousId: "a-1", groups: ["company": "acme"])
    #expect(anonymous.signingIn("ada", newAnonymousId: noNewId)
      == Identity(anonymousId: "a-1", userId: "ada", groups: ["company": "acme"]))
  }

  @Test func signingOutKeepsTheAnonymousIdAndTheUserPropertiesAndForgetsTheGroups() {
    let signedIn = Identity(anonymousId: "a-1", userId: "ada", userProperties: ["tier": "gold"], groups: ["company": "acme"])
    #expect(signedIn.signingIn(nil, newAnonymousId: noNewId)
      == Identity(anonymousId: "a-1", userProperties: ["tier": "gold"]))
  }

  @Test func signingOutWhileSignedOutChangesNothing() {
    let signedOut = Identity(anonymousId: "a-1", userProperties: ["tier": "gold"], groups: ["team": "blue"])
    #expect(signedOut.signingIn(nil, newAnonymousId: noNewId) == signedOut)
    #expect(signedOut.signingIn(nil, newAnonymousId: noNewId).signingIn(nil, newAnonymousId: noNewId) == signedOut)
  }

  @Test func signingTheSameUserInAgainChangesNothing() {
    let signedIn = Identity(anonymousId: "a-1", userId: "ada", groups: ["company": "acme"])
    #expect(signedIn.signingIn("ada", newAnonymousId: noNewId) == signedIn)
  }

  @Test func anotherUserSigningInStartsANewAnonymousId() {
    let signedIn = Identity(anonymousId: "a-1", userId: "ada", groups: ["company": "acme"])
    #expect(signedIn.signingIn("bob", newAnonymousId: { "a-2" }) == Identity(anonymousId: "a-2", userId: "bob"))
  }

  @Test func aSignOutThenAnotherUserKeepsTheDevice() {
    // Two people, but the sign-out between them says so: the device stays, and nothing of Ada's is left.
    let signedIn = Identity(anonymousId: "a-1", userId: "ada", groups: ["company": "acme"])
    let next = signedIn.signingIn(nil, newAnonymousId: noNewId).signingIn("bob", newAnonymousId: noNewId)
    #expect(next == Identity(anonymousId: "a-1", userId: "bob"))
  }

  @Test func resettingStartsANewAnonymousIdAndForgetsEverythingOfTheUser() {
    let signedIn = Identity(anonymousId: "a-1", userId: "ada", userProperties: ["tier": "gold"], groups: ["company": "acme"])
    #expect(signedIn.resetting(newAnonymousId: { "a-2" }) == Identity(anonymousId: "a-2"))
    let signedOut = Identity(anonymousId: "a-1")
    #expect(signedOut.resetting(newAnonymousId: { "a-3" }) == Identity(anonymousId: "a-3"))
  }

  @Test func aLiveResetIsSavedCountedAndSendsNothing() async throws {
    let storage = try TemporaryStorage()
    let sent = LockIsolated<[String]>([])
    let environment = try recordingEnvironment(
      ResetEchoEvent.self, in: storage, existingIdentity: ExistingIdentity(anonymousId: "device-from-the-sdk", userId: "user-7"),
      recording: sent)
    let track = VendorPipeline(current: { environment }, map: { ResetEchoEvent(data: $0) }, validate: { _ in [] }).tracker
    track(.reset)
    #expect(sent.current.isEmpty)
    #expect(environment.counters().identityUpdates == 1)
    await environment.close(.seconds(1))
    let saved = try String(contentsOf: storage.url.appendingPathComponent("identity.json"), encoding: .utf8)
    #expect(!saved.contains("device-from-the-sdk") && !saved.contains("user-7"))
    #expect(saved.contains(#""anonymousId":""#))
  }
}

/// A vendor event that is the vocabulary itself.
private struct ResetEchoEvent: VendorEvent, Hashable {
  static let vendorModule = VendorModule(
    name: "ResetEchoTracker", vendor: "ResetEcho", configuration: "ResetEchoTracker.Current = .live()")
  var data: AnalyticsData
  var description: String { data.description }
}

