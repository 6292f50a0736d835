// A stand-in for Apple's AppKit, for `.ci/apple-typecheck`: it declares ONLY what our sources use, with the
// declaration, isolation and availability of the page named above each symbol (developer.apple.com, read
// 2026-11). Bodies are placeholders: nothing here runs. `canImport(AppKit)` is true on macOS and also in Mac
// Catalyst builds, where these classes are unavailable (their pages list macOS only): the check puts this
// module on both views' search path and turns `@available(macCatalyst, unavailable)` into
// `@available(*, unavailable)` in the Mac Catalyst view.
// Like the SDK's AppKit, it re-exports Foundation (and so Darwin): a file that imports only AppKit sees them.
@_exported import Darwin
@_exported import Foundation

// https://developer.apple.com/documentation/appkit/nsresponder
@available(macOS 10.0, *)
@available(macCatalyst, unavailable)
@MainActor open class NSResponder: NSObject {}

// https://developer.apple.com/documentation/appkit/nsapplication
@available(macOS 10.0, *)
@available(macCatalyst, unavailable)
@MainActor open class NSApplication: NSResponder {
  // https://developer.apple.com/documentation/appkit/nsapplication/shared
  // (NS_EXTENSION_UNAVAILABLE_MAC in NSApplication.h)
  @available(macOSApplicationExtension, unavailable)
  open class var shared: NSApplication { fatalError() }

  // https://developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification
  // The page declares `class let didBecomeActiveNotification: NSNotification.Name` without `nonisolated`
  // (unlike UIKit's): isolated to the main actor like the class. "The system posts this notification on
  // the main actor."
  public static let didBecomeActiveNotification = NSNotification.Name("NSApplicationDidBecomeActiveNotification")
  // https://developer.apple.com/documentation/appkit/nsapplication/didresignactivenotification (as above)
  public static let didResignActiveNotification = NSNotification.Name("NSApplicationDidResignActiveNotification")
}

// https://developer.apple.com/documentation/appkit/nsscreen
@available(macOS 10.0, *)
@available(macCatalyst, unavailable)
@MainActor open class NSScreen: NSObject {
  // https://developer.apple.com/documentation/appkit/nsscreen/main
  open class var main: NSScreen? { fatalError() }
  // https://developer.apple.com/documentation/appkit/nsscreen/frame
  open var frame: NSRect { fatalError() }
}
