// swift-service-lifecycle's `Service`, as that package declares it (Sources/ServiceLifecycle/Service.swift):
// the README shows the conformance an app writes with the real package, and DocSnippetTests compiles it
// against this stand-in, since swift-trackers takes no dependency.

/// A long-running part of a process: `run()` returns when the service is done or its task is cancelled.
public protocol Service: Sendable {
  /// Runs the service.
  func run() async throws
}
