// A stand-in for Apple's WatchKit, for `.ci/apple-typecheck`: it declares ONLY what our sources use (or are
// about to), with the declaration, isolation and availability of the page named above each symbol
// (developer.apple.com, read 2026-11). Bodies are placeholders: nothing here runs. On the watchOS view's
// search path only (Xcode refuses `import WatchKit` elsewhere: "WatchKit is not available when building
// for iOS").
// Like the SDK's WatchKit, it re-exports Foundation (and so Darwin): a file that imports only WatchKit sees them.
@_exported import Darwin
@_exported import Foundation

// https://developer.apple.com/documentation/watchkit/wkapplication
// `@MainActor class WKApplication`, watchOS 7.0+: the app object of a single-target watchOS app.
@available(watchOS 7.0, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(macOS, unavailable)
@MainActor open class WKApplication: NSObject {
  // https://developer.apple.com/documentation/watchkit/wkapplication/shared()
  open class func shared() -> WKApplication { fatalError() }

  // https://developer.apple.com/documentation/watchkit/wkapplication/didenterbackgroundnotification and the
  // three below (the ObjC constants WKApplicationDidEnterBackgroundNotification, ...). Declared isolated to
  // the main actor like the class: the stored documentation did not show these pages' Swift declarations,
  // and without `NS_SWIFT_NONISOLATED` (which UIKit's carry) an imported constant of a `@MainActor` class is
  // isolated. Reading them from the main actor, as our code does, is right either way.
  public static let didEnterBackgroundNotification = NSNotification.Name("WKApplicationDidEnterBackgroundNotification")
  public static let willEnterForegroundNotification = NSNotification.Name("WKApplicationWillEnterForegroundNotification")
  public static let didBecomeActiveNotification = NSNotification.Name("WKApplicationDidBecomeActiveNotification")
  public static let willResignActiveNotification = NSNotification.Name("WKApplicationWillResignActiveNotification")
}

// https://developer.apple.com/documentation/watchkit/wkextension
// `@MainActor class WKExtension`, watchOS 2.0+, deprecated: the extension object of a WatchKit extension app.
@available(watchOS 2.0, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(macOS, unavailable)
@MainActor open class WKExtension: NSObject {
  // https://developer.apple.com/documentation/watchkit/wkextension/shared()
  open class func shared() -> WKExtension { fatalError() }

  // https://developer.apple.com/documentation/watchkit/wkextension/applicationdidenterbackgroundnotification
  // `@MainActor @preconcurrency static var applicationDidEnterBackgroundNotification: NSNotification.Name
  // { get }`, watchOS 7.0–9.2; the three below are declared alike on their pages.
  @available(watchOS, introduced: 7.0, deprecated: 9.2)
  @preconcurrency public static var applicationDidEnterBackgroundNotification: NSNotification.Name {
    NSNotification.Name("WKApplicationDidEnterBackgroundNotification")
  }
  // https://developer.apple.com/documentation/watchkit/wkextension/applicationwillenterforegroundnotification
  @available(watchOS, introduced: 7.0, deprecated: 9.2)
  @preconcurrency public static var applicationWillEnterForegroundNotification: NSNotification.Name {
    NSNotification.Name("WKApplicationWillEnterForegroundNotification")
  }
  // https://developer.apple.com/documentation/watchkit/wkextension/applicationdidbecomeactivenotification
  @available(watchOS, introduced: 7.0, deprecated: 9.2)
  @preconcurrency public static var applicationDidBecomeActiveNotification: NSNotification.Name {
    NSNotification.Name("WKApplicationDidBecomeActiveNotification")
  }
  // https://developer.apple.com/documentation/watchkit/wkextension/applicationwillresignactivenotification
  @available(watchOS, introduced: 7.0, deprecated: 9.2)
  @preconcurrency public static var applicationWillResignActiveNotification: NSNotification.Name {
    NSNotification.Name("WKApplicationWillResignActiveNotification")
  }
}
