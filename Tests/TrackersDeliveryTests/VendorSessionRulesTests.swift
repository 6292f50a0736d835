import Foundation
import Testing
import TrackersDelivery

/// ``VendorSession`` under each vendor SDK's identity rules, on a clock the test sets: which identity changes
/// start a session, with the exact ids. The rules are the ones the vendor modules pass (GA4:
/// `GoogleAnalyticsConfiguration.sessionRules`, Amplitude and PostHog: their configuration's `session`); the
/// modules' own session tests check the same on the wire.
@Suite struct VendorSessionRulesTests {
  /// 2023-11-14T22:13:20.250Z.
  let start = Date(timeIntervalSince1970: 1_700_000_000.25)

  /// GA4: Firebase's `setUserID` and gtag's `user_id` keep the session; a new client id is a new user.
  static let ga4 = SessionRules(
    timeout: .seconds(30 * 60), idUnit: .seconds, continuesInForeground: true, endsWhenAnonymousIdChanges: true)
  /// Amplitude-Swift: neither `setUserId` nor `reset()` (a new device id) touches the session.
  static let amplitude = SessionRules(timeout: .seconds(5 * 60), idUnit: .milliseconds, continuesInForeground: true)
  /// posthog-ios: `identify` keeps the session, `reset()` (a new anonymous id) rotates it.
  static let postHog = SessionRules(
    timeout: .seconds(30 * 60), maxLength: .seconds(24 * 60 * 60), idUnit: .milliseconds, makesUUID: true,
    endsWhenAnonymousIdChanges: true)

  private func session(_ rules: SessionRules) -> VendorSession {
    VendorSession(
      saved: nil, anonymousId: "anon-1", userId: nil, location: "memory",
      module: VendorModule(name: "SessionRulesTests", vendor: "Test", configuration: ""), rules: rules,
      save: { _ in nil })
  }

  /// The journey of the issue: events, a sign-up, events, a sign-out (which keeps the anonymous id, as GA4's
  /// live environment does, or starts a new one, as Amplitude's and PostHog's do), events; a second apart.
  private func journey(_ rules: SessionRules, newAnonymousIdAtSignOut: Bool) -> [VendorSession.Stamp] {
    let session = session(rules)
    let afterSignOut = newAnonymousIdAtSignOut ? "anon-2" : "anon-1"
    let owners: [(String, String?)] = [
      ("anon-1", nil), ("anon-1", "user-1"), ("anon-1", "user-1"), (afterSignOut, nil), (afterSignOut, nil),
    ]
    return owners.enumerated().map { index, owner in
      session.stamp(at: start.addingTimeInterval(Double(index)), anonymousId: owner.0, userId: owner.1)
    }
  }

  @Test func ga4KeepsOneSessionThroughSignUpAndSignOut() {
    let stamps = journey(Self.ga4, newAnonymousIdAtSignOut: false)
    #expect(stamps.map(\.id) == [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000])
    #expect(stamps.map(\.isNew) == [true, false, false, false, false])
    #expect(stamps.map(\.engagementMilliseconds) == [100, 1_000, 1_000, 1_000, 1_000])
  }

  @Test func ga4StartsASessionForANewClientId() {
    let session = session(Self.ga4)
    let first = session.stamp(at: start, anonymousId: "anon-1", userId: "user-1")
    let second = session.stamp(at: start, anonymousId: "anon-2", userId: nil)  // a privacy reset, same second
    #expect(first.id == 1_700_000_000)
    #expect(second.id == 1_700_000_001)
    #expect(second.ended?.id == 1_700_000_000)
  }

  @Test func anEndedSessionNamesTheIdentityItBelongedToNotTheOneThatEndedIt() throws {
    let session = session(Self.postHog)
    _ = session.stamp(at: start, anonymousId: "anon-1", userId: "user-1")
    let afterReset = session.stamp(at: start.addingTimeInterval(1), anonymousId: "anon-2", userId: nil)
    let ended = try #require(afterReset.ended)
    #expect(ended.id == 1_700_000_000_250 && ended.anonymousId == "anon-1" && ended.userId == "user-1")
    // A session that timed out ends under the identity it had: the same one.
    let later = session.stamp(at: start.addingTimeInterval(3 * 60 * 60), anonymousId: "anon-2", userId: nil)
    #expect(later.ended?.anonymousId == "anon-2" && later.ended?.userId == nil)
  }

  @Test func amplitudeKeepsOneSessionThroughSignUpSignOutAndANewDeviceId() {
    let stamps = journey(Self.amplitude, newAnonymousIdAtSignOut: true)
    #expect(stamps.map(\.id) == Array(repeating: 1_700_000_000_250, count: 5))
    #expect(stamps.map(\.isNew) == [true, false, false, false, false])
  }

  @Test func postHogKeepsTheSessionAtSignUpAndStartsOneAtSignOut() {
    let stamps = journey(Self.postHog, newAnonymousIdAtSignOut: true)
    #expect(stamps.map(\.id) == [
      1_700_000_000_250, 1_700_000_000_250, 1_700_000_000_250, 1_700_000_003_250, 1_700_000_003_250,
    ])
    #expect(stamps.map(\.isNew) == [true, false, false, true, false])
    #expect(stamps[3].ended?.id == 1_700_000_000_250)
    #expect(stamps[3].uuid != stamps[2].uuid)
    // Its first 48 bits are the new start, 1_700_000_003_250 ms = 0x018BCFE574B2.
    #expect(stamps[3].uuid?.lowercased().hasPrefix("018bcfe5-74b2-7") == true)
  }

  @Test func rulesThatEndOnAUserChangeStartOneAtSignUpAndAtSignOut() {
    var rules = Self.ga4
    rules.endsWhenUserChanges = true
    let stamps = journey(rules, newAnonymousIdAtSignOut: false)
    #expect(stamps.map(\.id) == [1_700_000_000, 1_700_000_001, 1_700_000_001, 1_700_000_003, 1_700_000_003])
  }
}
