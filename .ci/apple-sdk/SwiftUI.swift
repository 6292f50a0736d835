// A stand-in for Apple's SwiftUI, for `.ci/apple-typecheck`: it declares ONLY what our sources use (the
// `trackScreen` modifier of Sources/TrackersSwiftUI), with the declaration, isolation (`@MainActor
// @preconcurrency`, `nonisolated`, `sending`, `@isolated(any)`) and availability of the page named above each
// symbol (developer.apple.com, read 2026-11). Bodies are placeholders: nothing here runs. On every Apple
// platform; availability that follows from iOS in Swift (Mac Catalyst, visionOS) is spelled out. What it can't
// check: SwiftUI's behaviour at run time (when a view appears, when a task starts), and attributes the pages
// don't show (`@_inheritActorContext`).

// https://developer.apple.com/documentation/swiftui/view
// `@MainActor @preconcurrency protocol View`; its `body` is `@ViewBuilder @MainActor @preconcurrency var body:
// Self.Body { get }` (https://developer.apple.com/documentation/swiftui/view/body-8kl5o).
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/never: `extension Never: View`, the body of a primitive view.
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Never: View {
  public var body: Never { fatalError("a primitive view has no body") }
}

// https://developer.apple.com/documentation/swiftui/viewmodifier
// `@MainActor @preconcurrency protocol ViewModifier`, with `associatedtype Body: View`,
// `typealias Content = _ViewModifier_Content<Self>`
// (https://developer.apple.com/documentation/swiftui/viewmodifier/content) and
// `@MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`
// (https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)).
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
// `struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`, a `View`: the proxy a modifier's
// `body(content:)` receives.
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public var body: Never { fatalError("a primitive view has no body") }
}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
// `@frozen struct ModifiedContent<Content, Modifier>`, a `View` where `Content : View, Modifier : ViewModifier`
// (https://developer.apple.com/documentation/swiftui/modifiedcontent/content,
// https://developer.apple.com/documentation/swiftui/modifiedcontent/modifier).
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
  public var content: Content
  public var modifier: Modifier
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public var body: Never { fatalError("a primitive view has no body") }
}

@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
  // https://developer.apple.com/documentation/swiftui/view/modifier(_:)
  // `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

@available(iOS 15.0, macOS 12.0, macCatalyst 15.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension View {
  // https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
  // "Adds a task to perform before this view appears or when a specified value changes." iOS 15.0, macOS 12.0,
  // tvOS 15.0, watchOS 8.0. The action is declared as on the current pages of the `task` family
  // (https://developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:)):
  // `sending @escaping @isolated(any) () async -> Void`. Xcode 16's SDK declared it
  // `@_inheritActorContext @escaping @Sendable () async -> Void`; an explicit `@MainActor` closure, as ours
  // is, type-checks against both.
  nonisolated public func task<T>(
    id value: T, priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View where T: Equatable {
    self
  }
}

// https://developer.apple.com/documentation/swiftui/dynamicproperty: `protocol DynamicProperty`
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/state
// `@frozen @propertyWrapper struct State<Value>`, a `DynamicProperty`, with `init(wrappedValue:)`
// (https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)) and
// `var wrappedValue: Value { get nonmutating set }`
// (https://developer.apple.com/documentation/swiftui/state/wrappedvalue).
@available(iOS 13.0, macOS 10.15, macCatalyst 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) { fatalError("a stand-in: nothing here runs") }
  public var wrappedValue: Value {
    get { fatalError("a stand-in: nothing here runs") }
    nonmutating set { fatalError("a stand-in: nothing here runs") }
  }
}
