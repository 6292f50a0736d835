// A stand-in for Apple's UIKit, for `.ci/apple-typecheck`: it declares ONLY what our sources use, with the
// declaration, isolation and availability of the page named above each symbol (developer.apple.com, read
// 2026-11). Bodies are placeholders: nothing here runs. `canImport(UIKit)` is true on iOS, iPadOS, Mac
// Catalyst, tvOS, visionOS and watchOS, so the check puts this module on those views' search path; what
// watchOS lacks is marked `@available(watchOS, unavailable)`, and the check turns each view's own
// `@available(<platform>, unavailable)` (and, in the app extension view, `…ApplicationExtension`) into
// `@available(*, unavailable)`, since a Linux compiler ignores Apple platforms' availability.
// Platform availability that follows from iOS in Swift (Mac Catalyst, visionOS) is spelled out here.
// Like the SDK's UIKit, it re-exports Foundation (and so Darwin): a file that imports only UIKit sees them.
@_exported import Darwin
@_exported import Foundation

// https://developer.apple.com/documentation/uikit/uiresponder
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor open class UIApplication: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiapplication/shared
  // UIApplication.h: `sharedApplication NS_EXTENSION_UNAVAILABLE_IOS("Use view controller based solutions
  // where appropriate instead.")`, which Swift applies to every iOS-derived platform's extensions.
  @available(iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
  @available(tvOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
  @available(visionOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
  @available(macCatalystApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
  open class var shared: UIApplication { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
  @available(iOS 13.0, tvOS 13.0, *)
  open var connectedScenes: Set<UIScene> { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)
  // (and beginbackgroundtask(expirationhandler:), the same declaration without the name)
  @available(iOS 7.0, tvOS 9.0, *)
  nonisolated open func beginBackgroundTask(
    withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
  ) -> UIBackgroundTaskIdentifier { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
  @available(iOS 4.0, tvOS 9.0, *)
  nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
  @available(iOS 4.0, tvOS 9.0, *)
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
  // https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
  @available(iOS 4.0, tvOS 9.0, *)
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
  // https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
  @available(iOS 2.0, tvOS 9.0, *)
  nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
  // https://developer.apple.com/documentation/uikit/uiapplication/willresignactivenotification
  @available(iOS 2.0, tvOS 9.0, *)
  nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
  // https://developer.apple.com/documentation/uikit/uiapplication/protecteddatadidbecomeavailablenotification
  // (iOS, iPadOS, Mac Catalyst, visionOS; the page lists tvOS without a version)
  @available(iOS 4.0, tvOS 9.0, *)
  nonisolated public static let protectedDataDidBecomeAvailableNotification = NSNotification.Name("UIApplicationProtectedDataDidBecomeAvailable")
}

// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier
@available(iOS 4.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  // https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid
  public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

// https://developer.apple.com/documentation/uikit/uiscene
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor open class UIScene: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.property
  open var activationState: UIScene.ActivationState { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum
  public enum ActivationState: Int, Sendable {
    case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
  }

  // https://developer.apple.com/documentation/uikit/uiscene/didactivatenotification
  nonisolated public static let didActivateNotification = NSNotification.Name("UISceneDidActivateNotification")
  // https://developer.apple.com/documentation/uikit/uiscene/didenterbackgroundnotification
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UISceneDidEnterBackgroundNotification")
  // https://developer.apple.com/documentation/uikit/uiscene/willenterforegroundnotification
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UISceneWillEnterForegroundNotification")
}

// https://developer.apple.com/documentation/uikit/uiwindowscene
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor open class UIWindowScene: UIScene {
  // https://developer.apple.com/documentation/uikit/uiwindowscene/screen (iOS, iPadOS, Mac Catalyst, tvOS)
  @available(visionOS, unavailable)
  open var screen: UIScreen { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiscreen (iOS, iPadOS, Mac Catalyst, tvOS)
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UIScreen: NSObject {
  // https://developer.apple.com/documentation/uikit/uiscreen/bounds
  open var bounds: CGRect { fatalError() }
}
