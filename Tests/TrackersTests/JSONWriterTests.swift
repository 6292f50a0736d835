import Foundation
import Testing
import Trackers

@Suite struct JSONWriterTests {
  private func json(_ value: Double) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendDouble(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func doublesAreWrittenAsTheirShortestRoundTrippingForm() {
    let samples: [Double] = [
      4.5, -4.5, 19.99, 0.1, 0.2, 0.3, 0.15, 1.005, 2.675, 0.0001, 0.00015, 123456.789, 999999999.5, 0.000123,
      1e-5, 1.5e9, 3.14159, 2.718281828, 100.25, -0.001, 0.7, 1.1, 33.333333, 1.7976931348623157e308, .leastNonzeroMagnitude,
    ]
    for value in samples {
      #expect(json(value) == value.description, "\(value)")
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      // Prices, percentages and random doubles across magnitudes.
      let cents = Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) / 100
      let fraction = Double(Int.random(in: 0...1_000_000, using: &generator)) / 1_000_000
      let wide = Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -6...10, using: &generator)))
      for value in [cents, fraction, wide] where value != value.rounded() {
        #expect(json(value) == value.description, "\(value)")
      }
    }
  }

  @Test func literalsAreAppendedAsTheyAre() {
    var bytes: [UInt8] = []
    JSONWriter.appendLiteral(#"{"event":"#, to: &bytes)
    JSONWriter.appendString("a\"b", to: &bytes)
    JSONWriter.appendLiteral("}", to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"event":"a\"b"}"#)
  }
}

@Suite struct JSONWriterDateTests {
  @Test func iso8601MatchesFoundationsFormatterAcrossYears() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      // 1900 to 2100, in eighths of a second: exact in binary, so no rounding question between the two.
      let eighths = Int64.random(in: -17_671_910_400...32_819_558_400, using: &generator)
      let date = Date(timeIntervalSince1970: Double(eighths) / 8)
      var bytes: [UInt8] = []
      JSONWriter.appendDate(date, encoding: .iso8601, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "\"\(formatter.string(from: date))\"")
    }
  }
}
