// The SwiftUI names an app's root file and views use unqualified, declared with SwiftUI's shapes so that
// the same source compiles against this module on Linux and against SwiftUI on Apple platforms
// (https://developer.apple.com/documentation/swiftui: `App`, `Scene`, `View`, `Environment`, `State`,
// `Binding`). Only the shapes matter: nothing here renders.
//
// SwiftUI declares no top-level `Configuration`: `ButtonStyle.Configuration` and `ToggleStyle.Configuration`
// are typealiases inside the style protocols. `ButtonStyle` is here to use that name the way a style does:
// with an imported top-level `Configuration` too, `makeBody(configuration: Configuration)` is ambiguous.

/// A stand-in for SwiftUI's `App`.
@MainActor public protocol App {
  associatedtype Body: Scene
  init()
  var body: Body { get }
}

/// A stand-in for SwiftUI's `Scene`.
@MainActor public protocol Scene {}

/// A stand-in for SwiftUI's `View`.
@MainActor public protocol View {
  associatedtype Body: View
  var body: Body { get }
}

/// A stand-in for SwiftUI's `Never: View`, which ends the chain of `Body` types.
extension Never: View {
  /// Never called: a primitive view has no body.
  public var body: Never { fatalError("Never has no body") }
}

/// A stand-in for SwiftUI's `WindowGroup`.
public struct WindowGroup<Content: View>: Scene {
  let content: Content
  /// Creates a window group showing `content`.
  public init(content: () -> Content) { self.content = content() }
}

/// A stand-in for SwiftUI's `Text`.
public struct Text: View {
  let string: String
  /// Creates a text view.
  public init(_ string: String) { self.string = string }
  /// Never called: a primitive view has no body.
  public var body: Never { fatalError("Text is primitive") }
}

/// A stand-in for SwiftUI's `ScenePhase`.
public enum ScenePhase: Sendable { case active, inactive, background }

/// A stand-in for SwiftUI's `EnvironmentValues`.
public struct EnvironmentValues: Sendable {
  /// The scene's phase.
  public var scenePhase: ScenePhase = .active
  /// Creates the default values.
  public init() {}
}

/// A stand-in for SwiftUI's `Environment` property wrapper: `@Environment(\.scenePhase) var scenePhase`.
@propertyWrapper public struct Environment<Value> {
  let keyPath: KeyPath<EnvironmentValues, Value>
  /// Creates an environment property reading `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
  /// The value, read from default environment values.
  public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// A stand-in for SwiftUI's `State` property wrapper.
@propertyWrapper public struct State<Value> {
  private var value: Value
  /// Creates a state with an initial value.
  public init(wrappedValue: Value) { self.value = wrappedValue }
  /// The current value.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }
  /// A binding to the value (a constant one here: the stand-in has no storage outside the struct).
  public var projectedValue: Binding<Value> {
    let value = self.value
    return Binding(get: { value }, set: { _ in })
  }
}

/// A stand-in for SwiftUI's `Binding` property wrapper.
@propertyWrapper public struct Binding<Value> {
  let get: () -> Value
  let set: (Value) -> Void
  /// Creates a binding from a getter and a setter.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }
  /// The bound value.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
  /// The binding itself.
  public var projectedValue: Binding<Value> { self }
}

/// A stand-in for SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
  /// Whether the button is pressed.
  public let isPressed: Bool
}

/// A stand-in for SwiftUI's `ButtonStyle`, whose `Configuration` is a member typealias.
@MainActor public protocol ButtonStyle {
  associatedtype Body: View
  /// The properties of a button.
  typealias Configuration = ButtonStyleConfiguration
  /// The button's body in this style.
  func makeBody(configuration: Configuration) -> Body
}
