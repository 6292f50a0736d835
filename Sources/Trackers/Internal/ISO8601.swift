import Foundation

/// ISO-8601 in UTC with milliseconds, written by hand: `ISO8601DateFormatter` costs microseconds per call,
/// and dates are formatted on the hot path of `track`.
enum ISO8601 {
  /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 1970: the four-digit years the format
  /// writes, from the first instant of year 0000 up to, not including, the first of year 10000.
  static let earliestSeconds: Double = -62_167_219_200
  static let endSeconds: Double = 253_402_300_800

  /// Whether `date` has a four-digit year: finite and from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
  static func canRepresent(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSince1970
    return seconds >= earliestSeconds && seconds < endSeconds  // false for NaN
  }

  /// `yyyy-MM-ddTHH:mm:ss.SSSZ`, or `nil` for a date outside ``canRepresent(_:)``.
  static func string(from date: Date) -> String? {
    var bytes: [UInt8] = []
    guard append(date, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `yyyy-MM-ddTHH:mm:ss.SSSZ` and returns `true`; appends nothing and returns `false` for a date
  /// without a four-digit year (``canRepresent(_:)``): the caller decides what stands for it.
  static func append(_ date: Date, to bytes: inout [UInt8]) -> Bool {
    guard canRepresent(date),
      // Int64: milliseconds since 1970 don't fit the 32-bit `Int` of watchOS on arm64_32.
      let totalMilliseconds = Int64(exactly: (date.timeIntervalSince1970 * 1_000).rounded(.down))
    else { return false }
    let (days, millisecondOfDay) = floorDivide(totalMilliseconds, 86_400_000)
    let (year, month, day) = civilDate(fromDaysSince1970: Int(days))
    // Rounding at the very edges of the range could still land outside it.
    guard (0...9999).contains(year) else { return false }
    // Every field fits its width: write the 24 bytes into a stack buffer and append them at once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      func put(_ value: Int, width: Int, at offset: Int) {
        var value = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
          buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
          value /= 10
        }
      }
      put(year, width: 4, at: 0)
      buffer[4] = UInt8(ascii: "-")
      put(month, width: 2, at: 5)
      buffer[7] = UInt8(ascii: "-")
      put(day, width: 2, at: 8)
      buffer[10] = UInt8(ascii: "T")
      put(millisecondOfDay / 3_600_000, width: 2, at: 11)
      buffer[13] = UInt8(ascii: ":")
      put(millisecondOfDay / 60_000 % 60, width: 2, at: 14)
      buffer[16] = UInt8(ascii: ":")
      put(millisecondOfDay / 1_000 % 60, width: 2, at: 17)
      buffer[19] = UInt8(ascii: ".")
      put(millisecondOfDay % 1_000, width: 3, at: 20)
      buffer[23] = UInt8(ascii: "Z")
      bytes.append(contentsOf: UnsafeBufferPointer(buffer))
    }
    return true
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, Int(remainder))
  }

  /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count.
  private static func civilDate(fromDaysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
