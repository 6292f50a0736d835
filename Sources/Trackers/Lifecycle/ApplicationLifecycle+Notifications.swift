// The only Apple-only code of the lifecycle: it turns the system's notifications into calls of the plain
// API (`enteredForeground()`, `enteredBackground()`) that the tests and the example drive on Linux.
#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

extension ApplicationLifecycle {
  #if canImport(UIKit) && !os(watchOS)
  /// Follows `UIApplication`'s foreground and background notifications for the life of the app, and
  /// records the screen size in the context. On the way to the background, the flush runs inside a
  /// background task so the requests can finish. Call it once, on the main thread, after
  /// ``launched(tracking:)``.
  @MainActor public func observeApplicationNotifications() {
    recordScreenSize()
    let center = NotificationCenter.default
    _ = center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) {
      [self] _ in
      enteredForeground()
      MainActor.assumeIsolated { recordScreenSize() }
    }
    _ = center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) {
      [self] _ in
      MainActor.assumeIsolated {
        let task = UIApplication.shared.beginBackgroundTask(withName: "swift-trackers flush")
        Task {
          await enteredBackground()
          await MainActor.run { UIApplication.shared.endBackgroundTask(task) }
        }
      }
    }
  }

  @MainActor private func recordScreenSize() {
    #if os(iOS) || os(tvOS)
    let scene = UIApplication.shared.connectedScenes.lazy.compactMap { $0 as? UIWindowScene }.first
    guard let bounds = scene?.screen.bounds else { return }
    context.update { $0.screen = TrackingContext.Screen(width: Int(bounds.width), height: Int(bounds.height)) }
    #endif
  }
  #elseif canImport(AppKit)
  /// Follows `NSApplication`'s activation notifications for the life of the app (active is the foreground,
  /// resigning it the background, as Segment's macOS SDK counts them), and records the main screen's size
  /// in the context. Call it once, on the main thread, after ``launched(tracking:)``.
  @MainActor public func observeApplicationNotifications() {
    recordScreenSize()
    let center = NotificationCenter.default
    _ = center.addObserver(forName: NSApplication.didBecomeActiveNotification, object: nil, queue: .main) {
      [self] _ in
      enteredForeground()
      MainActor.assumeIsolated { recordScreenSize() }
    }
    _ = center.addObserver(forName: NSApplication.didResignActiveNotification, object: nil, queue: .main) {
      [self] _ in
      Task { await enteredBackground() }
    }
  }

  @MainActor private func recordScreenSize() {
    guard let frame = NSScreen.main?.frame else { return }
    context.update { $0.screen = TrackingContext.Screen(width: Int(frame.width), height: Int(frame.height)) }
  }
  #endif
}
