/// Nesting: the library-wide maximum, the one depth function every check goes through, and equality,
/// hashing and release that are safe at any depth.
///
/// Arrays and dictionaries are stored out of line, so a `PropertyValue` can nest as deep as memory allows:
/// `.array([.array([.array(...)])])` 200,000 levels deep is a legal value. A recursive walk of it (the
/// synthesized `==`, a recursive encoder, even releasing it) takes a few hundred bytes of stack per level,
/// and a secondary thread on iOS has 512 KiB. So every walk in this library is either iterative or
/// recursive only down to ``PropertyValue/maximumDepth`` levels, going on with an explicit stack below that.
extension PropertyValue {
  /// The deepest nesting of arrays and objects that vendor modules accept: 32 levels.
  ///
  /// None of the vendors documents a nesting limit except Mixpanel (3 levels of objects, which its module
  /// checks too), and none of their SDKs sends deeper structures; 32 is far beyond any real event and far
  /// below what could exhaust a 512 KiB stack. Every vendor module's `validate` refuses a deeper value with
  /// the rule `property-depth` before any other check walks it.
  public static let maximumDepth = 32

  /// How many arrays and objects enclose this value's deepest member, counting this value: 0 for a scalar,
  /// 1 for `[1, 2]`, `[]` or `{"a": 1}`, 2 for `{"a": [1]}`.
  ///
  /// The walk uses an explicit stack, never recursion, and stops as soon as it finds a member deeper than
  /// `limit`: the result is then `limit + 1`, whatever the real depth, so the check costs at most the
  /// members within `limit` levels.
  ///
  /// ```swift
  /// PropertyValue.object(["tags": ["new", "promo"]]).nestingDepth()   // 2
  /// deep.nestingDepth(limit: 32) > 32                                 // too deep, found in 33 steps
  /// ```
  package func nestingDepth(limit: Int = PropertyValue.maximumDepth) -> Int {
    guard isContainer else { return 0 }
    var deepest = 0
    // Allocated only when a container holds containers.
    var pending: [(value: PropertyValue, depth: Int)] = []
    var value = self
    var depth = 1
    while true {
      if depth > deepest {
        deepest = depth
        if deepest > limit { return deepest }
      }
      switch value {
      case let .array(elements):
        for element in elements where element.isContainer { pending.append((element, depth + 1)) }
      case let .object(members):
        for member in members.values where member.isContainer { pending.append((member, depth + 1)) }
      default:
        break
      }
      guard let next = pending.popLast() else { return deepest }
      (value, depth) = next
    }
  }

  /// Whether this is an array or an object.
  @inlinable
  package var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }
}

// MARK: Equality and hashing, safe at any depth

extension PropertyValue {
  /// Structural equality, as the synthesized one: same case and equal payloads (so `.double(.nan)` is not
  /// equal to itself, and `.int(1)` is not `.double(1)`); objects are equal when they have the same keys with
  /// equal values.
  ///
  /// Recursive down to ``maximumDepth`` levels, the fast path of every real value; deeper members are
  /// compared with an explicit stack.
  public static func == (lhs: PropertyValue, rhs: PropertyValue) -> Bool {
    isEqual(lhs, rhs, depth: 0)
  }

  private static func isEqual(_ lhs: PropertyValue, _ rhs: PropertyValue, depth: Int) -> Bool {
    switch (lhs, rhs) {
    case let (.string(left), .string(right)): return left == right
    case let (.int(left), .int(right)): return left == right
    case let (.double(left), .double(right)): return left == right
    case let (.bool(left), .bool(right)): return left == right
    case let (.date(left), .date(right)): return left == right
    case (.null, .null): return true
    case let (.array(left), .array(right)):
      guard left.count == right.count else { return false }
      if depth >= maximumDepth { return isEqualIteratively(lhs, rhs) }
      for index in left.indices where !isEqual(left[index], right[index], depth: depth + 1) { return false }
      return true
    case let (.object(left), .object(right)):
      guard left.count == right.count else { return false }
      if depth >= maximumDepth { return isEqualIteratively(lhs, rhs) }
      for (key, value) in left {
        guard let other = right[key], isEqual(value, other, depth: depth + 1) else { return false }
      }
      return true
    default:
      return false
    }
  }

  /// `==` with an explicit stack of the pairs still to compare.
  private static func isEqualIteratively(_ lhs: PropertyValue, _ rhs: PropertyValue) -> Bool {
    var pending: [(PropertyValue, PropertyValue)] = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      switch (left, right) {
      case let (.array(leftElements), .array(rightElements)):
        guard leftElements.count == rightElements.count else { return false }
        for index in leftElements.indices { pending.append((leftElements[index], rightElements[index])) }
      case let (.object(leftMembers), .object(rightMembers)):
        guard leftMembers.count == rightMembers.count else { return false }
        for (key, value) in leftMembers {
          guard let other = rightMembers[key] else { return false }
          pending.append((value, other))
        }
      default:
        // Scalars, or containers of different kinds: one level of the recursive comparison decides.
        guard isEqual(left, right, depth: 0) else { return false }
      }
    }
    return true
  }

  /// Hashes the case and its payload, consistently with `==`: members deeper than ``maximumDepth`` add only
  /// their kind and count (equal values still hash equal; such values are refused by every vendor anyway).
  /// An object's members are combined in an order-independent way, as a dictionary's are.
  public func hash(into hasher: inout Hasher) {
    hash(into: &hasher, depth: 0)
  }

  private func hash(into hasher: inout Hasher, depth: Int) {
    switch self {
    case let .string(value):
      hasher.combine(0)
      hasher.combine(value)
    case let .int(value):
      hasher.combine(1)
      hasher.combine(value)
    case let .double(value):
      hasher.combine(2)
      hasher.combine(value)
    case let .bool(value):
      hasher.combine(3)
      hasher.combine(value)
    case let .date(value):
      hasher.combine(4)
      hasher.combine(value)
    case let .array(elements):
      hasher.combine(5)
      hasher.combine(elements.count)
      guard depth < PropertyValue.maximumDepth else { return }
      for element in elements { element.hash(into: &hasher, depth: depth + 1) }
    case let .object(members):
      hasher.combine(6)
      hasher.combine(members.count)
      guard depth < PropertyValue.maximumDepth else { return }
      var combined = 0
      for (key, value) in members {
        var memberHasher = Hasher()
        memberHasher.combine(key)
        value.hash(into: &memberHasher, depth: depth + 1)
        combined ^= memberHasher.finalize()
      }
      hasher.combine(combined)
    case .null:
      hasher.combine(7)
    }
  }
}

// MARK: Releasing without recursion

extension PropertyValue {
  /// Releases `value` (set to `.null`) without recursing: releasing a deeply nested value the usual way
  /// recurses once per level in the runtime, and overflows a 512 KiB stack a few thousand levels down.
  ///
  /// Each container is taken apart with an explicit stack, its members held there while it goes, so no
  /// release reaches more than one level. Only the last reference to a value frees it: dismantle the one
  /// that is left.
  package static func dismantle(_ value: inout PropertyValue) {
    guard value.isContainer else { return }
    var pending: [PropertyValue] = [value]
    value = .null
    while var next = pending.popLast() {
      switch next {
      case let .array(elements):
        next = .null
        for element in elements where element.isContainer { pending.append(element) }
      case let .object(members):
        next = .null
        for member in members.values where member.isContainer { pending.append(member) }
      default:
        break
      }
    }
  }

  /// Dismantles `value` (see ``dismantle(_:)-(inout PropertyValue)``) when it is nested deeper than
  /// ``maximumDepth``; a shallower one is left to be released as usual.
  package static func dismantleIfDeep(_ value: inout PropertyValue) {
    if value.nestingDepth() > maximumDepth { dismantle(&value) }
  }
}

extension AnalyticsData {
  /// Releases the properties or the user property value of `data` (set to an event without them) without
  /// recursing, when one of them is nested deeper than ``PropertyValue/maximumDepth``; see
  /// ``PropertyValue/dismantle(_:)-(inout PropertyValue)``.
  package static func dismantleIfDeep(_ data: inout AnalyticsData) {
    // No binding of the payload may outlive the switch: a reference left there would free the value the
    // usual way once the dismantling is done.
    var value: PropertyValue
    let limit: Int
    switch data {
    case let .event(_, properties), let .screen(_, properties), let .error(_, properties),
      let .standard(_, properties), let .group(_, _, properties), let .userProperties(properties),
      let .signIn(_, properties):
      value = .object(properties)
      limit = PropertyValue.maximumDepth + 1
    case let .superProperties(operation):
      value = .object(operation.properties)
      limit = PropertyValue.maximumDepth + 1
    case let .userProperty(_, property):
      value = property
      limit = PropertyValue.maximumDepth
    case let .profile(operation):
      value = .array(operation.values)
      limit = PropertyValue.maximumDepth + 1
    case .userId, .lifecycle, .alias, .timeEvent, .reset:
      return
    }
    guard value.nestingDepth(limit: limit) > limit else { return }
    data = .userId(nil)
    PropertyValue.dismantle(&value)
  }
}
