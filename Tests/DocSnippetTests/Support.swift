// What the twins stand in: `compile { ... }` type-checks a block of statements without running it, and a
// result builder takes each statement's value, so an example that shows a call's result (`x.count  // 2`)
// compiles as written, without `_ =`.
import Foundation

/// Takes every statement of a block and discards its value.
@resultBuilder enum Statements {
  static func buildExpression<Value>(_ value: Value) {}
  static func buildBlock(_ statements: Void...) {}
  static func buildOptional(_ statement: Void?) {}
  static func buildEither(first statement: Void) {}
  static func buildEither(second statement: Void) {}
  static func buildArray(_ statements: [Void]) {}
  static func buildLimitedAvailability(_ statement: Void) {}
}

/// Compiles `body`, an example's statements, and never runs it: the examples configure live vendors and
/// write to the app's storage, which a test must not.
func compile(@Statements _ body: () async throws -> Void) {}

/// The keys an app keeps out of its source, as the examples spell them.
struct Secrets {
  var amplitude = "amplitude-key"
  var ga4 = "ga4-secret"
  var segment = "segment-write-key"
}

/// Compiles `body`, an example that declares types or functions (which a result builder refuses), and never
/// runs it.
func compileDeclarations(_ body: () async throws -> Void) {}

#if !canImport(UIKit) && !canImport(AppKit)
import Trackers

extension ApplicationLifecycle {
  /// Apple platforms only: here it lets the examples that call it compile.
  @MainActor func observeApplicationNotifications() {}
}
#endif

#if !canImport(Darwin)
extension FileManager {
  /// Apple platforms only (App Groups): here it lets the examples that call it compile.
  func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}
#endif

#if !canImport(Darwin)
extension URL {
  /// Apple platforms only (macOS 13, iOS 16): here it lets the examples that read it compile.
  static var applicationSupportDirectory: URL { FileManager.default.temporaryDirectory }
}
#endif

#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
import Trackers

extension ApplicationLifecycle {
  /// App extensions on Apple platforms only: here it lets the examples that call it compile.
  @MainActor func observeExtensionHostNotifications() {}
}
#endif
