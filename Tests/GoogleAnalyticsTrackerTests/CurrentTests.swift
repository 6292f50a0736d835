import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import VendorTestSupport

@Suite struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSays() {
    let recorder = Recorder<GoogleAnalyticsEvent>()
    let (_, issues) = collectingIssues {
      withIsolatedEnvironments {
        GoogleAnalyticsTracker.Current = .unimplemented
        GoogleAnalyticsTracker.Current.send = recorder.tracker
        googleAnalyticsTracker(.userId("u-1"))
        googleAnalyticsTracker(.screen(name: "Cart"))
        googleAnalyticsTracker(.userProperty(name: "tier", value: "gold"))
        googleAnalyticsTracker(.error(message: "timeout"))
        googleAnalyticsTracker("login")
      }
    }
    #expect(issues == [])
    #expect(recorder.events == [
      .userId("u-1"),
      .event(name: "screen_view", params: ["screen_name": "Cart"]),
      .userProperty(name: "tier", value: "gold"),
      .event(name: "app_error", params: ["error_message": "timeout"]),
      .event(name: "login", params: [:]),
    ])
  }

  @Test func invalidEventIsReportedWithItsRuleAndNeverSent() {
    let recorder = Recorder<GoogleAnalyticsEvent>()
    let (_, issues) = collectingIssues {
      withIsolatedEnvironments {
        GoogleAnalyticsTracker.Current.send = recorder.tracker
        googleAnalyticsTracker("add-to-cart")
      }
    }
    #expect(recorder.events.isEmpty)
    #expect(issues.count == 1)
    #expect(issues.first?.contains(
      "GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter"
    ) == true)
    #expect(issues.first?.contains("To fix this") == true)
  }

  @Test func unimplementedReportsWhenCalled() async {
    let (_, issues) = await collectingIssues {
      await withIsolatedEnvironments {
        GoogleAnalyticsTracker.Current = .unimplemented
        googleAnalyticsTracker("login")
        await GoogleAnalyticsTracker.Current.flush()
      }
    }
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix("GoogleAnalyticsTracker.Current.send was called") == true)
    #expect(issues.last?.hasPrefix("GoogleAnalyticsTracker.Current.flush was called") == true)
  }

  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    let (counters, issues) = collectingIssues {
      withIsolatedEnvironments {
        // The only test that uses the initial value, so the process-wide warning is still unspent here.
        let before = GoogleAnalyticsTracker.Current.counters().notConfigured
        googleAnalyticsTracker("login")
        googleAnalyticsTracker("logout")
        return GoogleAnalyticsTracker.Current.counters().notConfigured - before
      }
    }
    #expect(counters == 2)
    #expect(issues.count <= 1)
    if let issue = issues.first {
      #expect(issue.contains("GoogleAnalyticsTracker.Current is not configured"))
      #expect(issue.contains("To fix this, set it once at launch"))
      #expect(issue.contains("GoogleAnalyticsTracker.Current = try .live("))
    }
  }
}

@Suite struct VendorModuleTests {
  @Test func notConfiguredWarnsExactlyOnceAndCountsEveryEvent() {
    let module = VendorModule(name: "ExampleTracker", vendor: "Example", configuration: "ExampleTracker.Current = .live()")
    let tracker: Tracker<String> = module.notConfigured()
    let (_, issues) = collectingIssues {
      tracker("a")
      tracker("b")
      tracker("c")
    }
    #expect(module.counters.notConfigured == 3)
    #expect(issues == [
      "ExampleTracker.Current is not configured, so events are dropped and counted (first: a). To fix this, set it "
        + "once at launch, before the first event: `ExampleTracker.Current = .live()`; in tests, assign "
        + "`ExampleTracker.Current = .mock` or a recorder."
    ])
  }

  @Test func rejectInvalidCountsUnderTheFirstRule() {
    let module = VendorModule(name: "ExampleTracker", vendor: "Example", configuration: "")
    let (_, issues) = collectingIssues {
      module.rejectInvalid(
        [ValidationIssue(vendor: "Example", rule: "name", message: "bad name"),
         ValidationIssue(vendor: "Example", rule: "value", message: "bad value")],
        event: "event x")
    }
    #expect(module.counters.invalidByRule == ["name": 1])
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Example: bad name; Example: bad value. The event was not sent: event x.") == true)
  }
}
