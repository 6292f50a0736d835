extension Int {
  /// `value` rounded toward zero, clamped to `Int`'s range, and 0 for NaN: `Int(value)` traps on those, and a
  /// clock or a date handed to the library must never take the app down.
  package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Int.max) {
      self = .max
    } else if value <= Double(Int.min) {
      self = .min
    } else {
      self = Int(value)
    }
  }
}
