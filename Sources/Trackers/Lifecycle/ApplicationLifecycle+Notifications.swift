// The only Apple-only code of the lifecycle: it turns the system's notifications into calls of the plain
// API (`enteredForeground()`, `enteredBackground()`, `backgroundTimeExpired()`, and `follow(_:activity:)`
// with `ProcessInfo`'s expiring activity) that the tests and the example drive on Linux.
//
// What an app extension may not use (`UIApplication.shared`, background tasks) is marked unavailable in
// extensions, as Apple's "App Extension Programming Guide" asks; an extension calls
// `observeExtensionHostNotifications()` instead.
#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif
#if os(watchOS) && canImport(WatchKit)
import WatchKit
#endif

extension ApplicationLifecycle {
  /// Follows the system's foreground and background notifications for the life of the app, and tells the
  /// vendor modules the screen's size. Call it once, on the main thread, after ``launched(tracking:)``.
  ///
  /// - iOS, tvOS and visionOS: `UIApplication`'s notifications, and the screen size each time a scene
  ///   becomes active. On the way to the background the flush runs inside a background task so the requests
  ///   can finish; if the task runs out of time, the queues let go of their storage and the task ends
  ///   (``backgroundTimeExpired()``). Not in an app extension, which has no `UIApplication`: there, call
  ///   `observeExtensionHostNotifications()`, or ``enteredBackground(timeout:)`` at the end of each piece of
  ///   work (a widget).
  /// - watchOS: `WKApplication.didEnterBackgroundNotification` and `willEnterForegroundNotification`
  ///   (watchOS 7 and later; `WKExtension`'s names for them are deprecated since watchOS 9.2). On the way to
  ///   the background the flush runs inside `ProcessInfo`'s expiring activity, which ends when it is done or
  ///   when the system says the time is up (then the queues let go of their storage at once,
  ///   ``backgroundTimeExpired()``).
  /// - macOS: `NSApplication`'s activation notifications (active is the foreground, resigning it the
  ///   background, as Segment's macOS SDK counts them), and the main screen's size.
  #if (canImport(UIKit) && !os(watchOS)) || (os(watchOS) && canImport(WatchKit)) || canImport(AppKit)
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  @available(macCatalystApplicationExtension, unavailable)
  @MainActor public func observeApplicationNotifications() {
    #if canImport(UIKit) && !os(watchOS)
    followApplication()
    #elseif os(watchOS) && canImport(WatchKit)
    followWatchApplication()
    #else
    followMacApplication()
    #endif
  }
  #endif

  #if canImport(UIKit) && !os(watchOS)
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  @available(macCatalystApplicationExtension, unavailable)
  @MainActor private func followApplication() {
    let center = NotificationCenter.default
    _ = center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) {
      [self] _ in
      enteredForeground()
    }
    _ = center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) {
      [self] _ in
      MainActor.assumeIsolated { flushInBackgroundTask() }
    }
    #if os(iOS) || os(tvOS)
    // The screen is known once a scene is: UIKit posts this with the scene as the object, each time one
    // becomes active (at launch, on the return to the foreground, on another display).
    _ = center.addObserver(forName: UIScene.didActivateNotification, object: nil, queue: .main) {
      [self] notification in
      // Cast here, so that only the scene (main-actor isolated, so sendable) enters the main actor's code.
      let scene = notification.object as? UIWindowScene
      MainActor.assumeIsolated { recordScreenSize(of: scene) }
    }
    // Observing late, after the first scene became active: read that one now.
    let active = UIApplication.shared.connectedScenes.first { $0.activationState == .foregroundActive }
    recordScreenSize(of: active as? UIWindowScene)
    #endif
  }

  /// Leaves the foreground now (so a return that follows is seen after it), then flushes and lets go of
  /// the storage inside a background task, which ends exactly once: when that is done, or when its time
  /// runs out, whichever comes first.
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  @available(macCatalystApplicationExtension, unavailable)
  @MainActor private func flushInBackgroundTask() {
    guard let trip = leaveForeground() else { return }
    let application = UIApplication.shared
    let task = BackgroundTask()
    // The handler runs on the main thread, shortly before the time runs out, and must return at once: the
    // queues let go of their locks (file operations only, no waiting), and the task ends, else the system
    // terminates the app.
    task.identifier = application.beginBackgroundTask(withName: "swift-trackers flush") { [self] in
      MainActor.assumeIsolated {
        backgroundTimeExpired()
        task.end(in: application)
      }
    }
    Task { @MainActor in
      await finishLeaving(trip, timeout: .seconds(5))
      task.end(in: application)
    }
  }

  /// A background task's identifier, ended once: the expiration handler and the end of the flush both
  /// try, on the main thread.
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  @available(macCatalystApplicationExtension, unavailable)
  @MainActor private final class BackgroundTask {
    var identifier = UIBackgroundTaskIdentifier.invalid

    func end(in application: UIApplication) {
      guard identifier != .invalid else { return }
      application.endBackgroundTask(identifier)
      identifier = .invalid
    }
  }

  #if os(iOS) || os(tvOS)
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(macCatalystApplicationExtension, unavailable)
  @MainActor private func recordScreenSize(of scene: UIWindowScene?) {
    guard let bounds = scene?.screen.bounds,
      let width = Int(exactly: bounds.width.rounded()), let height = Int(exactly: bounds.height.rounded())
    else { return }
    recordScreenSize(width: width, height: height)
  }
  #endif
  #elseif os(watchOS) && canImport(WatchKit)
  @MainActor private func followWatchApplication() {
    let center = NotificationCenter.default
    _ = center.addObserver(forName: WKApplication.willEnterForegroundNotification, object: nil, queue: .main) {
      [self] _ in
      follow(.willEnterForeground, activity: Self.processActivity)
    }
    _ = center.addObserver(forName: WKApplication.didEnterBackgroundNotification, object: nil, queue: .main) {
      [self] _ in
      follow(.didEnterBackground, activity: Self.processActivity)
    }
  }
  #elseif canImport(AppKit)
  @MainActor private func followMacApplication() {
    recordScreenSize()
    let center = NotificationCenter.default
    _ = center.addObserver(forName: NSApplication.didBecomeActiveNotification, object: nil, queue: .main) {
      [self] _ in
      enteredForeground()
      MainActor.assumeIsolated { recordScreenSize() }
    }
    _ = center.addObserver(forName: NSApplication.didResignActiveNotification, object: nil, queue: .main) {
      [self] _ in
      // Leaves the foreground now, so that a quick return to it is seen after, and flushes in a task.
      guard let trip = leaveForeground() else { return }
      Task { await finishLeaving(trip, timeout: .seconds(5)) }
    }
  }

  @MainActor private func recordScreenSize() {
    guard let frame = NSScreen.main?.frame,
      let width = Int(exactly: frame.width.rounded()), let height = Int(exactly: frame.height.rounded())
    else { return }
    recordScreenSize(width: width, height: height)
  }
  #endif

  #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
  /// In an app extension (a share extension, a keyboard, an action, a notification content extension):
  /// follows the host app's foreground and background notifications for the life of the extension. When
  /// the host goes to the background, the flush and the letting go of a shared directory run inside
  /// `ProcessInfo`'s expiring activity, as Apple advises for an extension's background work, and end when
  /// done or when the system says the time is up (then ``backgroundTimeExpired()``). Call it once, on the
  /// main thread, after ``launched(tracking:)``.
  ///
  /// A widget has no host app to follow: call ``enteredForeground()`` when its work begins and
  /// ``enteredBackground(timeout:)`` before it returns its timeline (see "Sharing a queue between
  /// processes" in TrackersDelivery).
  @MainActor public func observeExtensionHostNotifications() {
    let center = NotificationCenter.default
    _ = center.addObserver(forName: .NSExtensionHostWillEnterForeground, object: nil, queue: .main) { [self] _ in
      follow(.willEnterForeground, activity: Self.processActivity)
    }
    _ = center.addObserver(forName: .NSExtensionHostDidEnterBackground, object: nil, queue: .main) { [self] _ in
      follow(.didEnterBackground, activity: Self.processActivity)
    }
  }

  /// `ProcessInfo`'s expiring activity, the one the system grants a watchOS app and an app extension.
  private static let processActivity: ExpiringActivity = { reason, block in
    ProcessInfo.processInfo.performExpiringActivity(withReason: reason, using: block)
  }
  #endif
}
