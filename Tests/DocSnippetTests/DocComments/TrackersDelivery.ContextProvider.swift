// The Swift blocks of Sources/TrackersDelivery/Context/ContextProvider.swift, compiled: see DocSnippetTests.swift.
import Trackers
import TrackersDelivery

private func contextProviders() {
  compile {
    // snippet: Sources/TrackersDelivery/Context/ContextProvider.swift#1
    // At launch: the live context, with the app's own name.
    let context = ContextProvider.live { $0.app.name = "Shop" }

    // In a test: nothing read from the machine.
    let pinned = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    // end snippet
    _ = context
    _ = pinned
  }
}
