// The README's server block, compiled: the conformance to swift-service-lifecycle's `Service` (here its
// stand-in, Tests/ServiceLifecycleStandIn) and the service built from a vendor's environment.
import MixpanelTracker
import ServiceLifecycle
import TrackersServer

// snippet: README.md#4
extension TrackersService: Service {}

func trackersService() -> TrackersService {
  TrackersService(.vendor(MixpanelTracker.Current), shutdownTimeout: .seconds(10)) { summary in print(summary) }
}
// end snippet
