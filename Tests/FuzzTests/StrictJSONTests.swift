import Testing
import VendorTestSupport

/// The strict checker the fuzz test trusts: what it accepts and refuses.
@Suite struct StrictJSONTests {
  @Test(arguments: [
    "{}", "[]", "0", "-0", "1.5", "-1.5e-3", "1E+300", "\"\"", "true", "false", "null", " [1, 2 ,3]\n\t\r",
    #"{"a":{"b":[1,{"c":null}]},"d":"\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t"}"#,
    #"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#, "\"é🎉\u{10FFFF}\u{FFFF}\"",
  ])
  func accepts(_ text: String) {
    #expect(StrictJSON.isValid(Array(text.utf8)))
  }

  @Test(arguments: [
    "", " ", "NaN", "[NaN]", "Infinity", "-Infinity", "[1,]", "{\"a\":1,}", "[1 2]", "01", "+1", "1.", ".5", "1e",
    "--1", "{a:1}", "{\"a\" 1}", "'a'", "[1]x", "[1] [2]", "[", "{", "\"abc", "[\"\u{1}\"]", "\"\\x\"",
    "\"\\u12\"", #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, "\u{A0}1", "tru", "nul", "[1]\u{0}",
    #"{"a":1,"a":2}"#, #"{"b":{"a":1,"c":[{"x":1,"x":1}]}}"#,
  ])
  func refuses(_ text: String) {
    #expect(!StrictJSON.isValid(Array(text.utf8)))
  }

  @Test(arguments: [
    [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
    [0x22, 0xE0, 0x80, 0x80, 0x22],  // overlong
    [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
    [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
    [0x22, 0xE2, 0x82, 0x22],  // cut
    [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22],
  ] as [[UInt8]])
  func refusesInvalidUTF8(_ bytes: [UInt8]) {
    #expect(!StrictJSON.isValid(bytes))
  }

  @Test func checksA200000LevelDocumentWithoutRecursion() {
    let depth = 200_000
    let bytes = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
    #expect(StrictJSON.isValid(bytes))
    #expect(!StrictJSON.isValid(Array(bytes.dropLast())))
  }

  @Test func saysWhatAndWhere() {
    #expect(throws: StrictJSON.Failure.self) { try StrictJSON.check(Array("[1,NaN]".utf8)) }
    do {
      try StrictJSON.check(Array("[1,NaN]".utf8))
    } catch {
      #expect(error.offset == 3)
      #expect(error.description.contains("NaN"))
    }
  }
}
