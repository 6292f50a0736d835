import Foundation
import Testing
import Trackers
import TrackersDelivery

/// `VendorJSON` is the outside modules' door to the writer the vendor modules here use: it must write the
/// same bytes, so a module built on it sends what a built-in one would.
@Suite struct VendorJSONTests {
  @Test func writesWhatTheWriterWrites() {
    var viaKit: [UInt8] = []
    var direct: [UInt8] = []
    VendorJSON.appendLiteral(#"{"s":"#, to: &viaKit)
    JSONWriter.appendLiteral(#"{"s":"#, to: &direct)
    VendorJSON.appendString("quote \" tab \t", to: &viaKit)
    JSONWriter.appendString("quote \" tab \t", to: &direct)
    VendorJSON.appendInt(-42, to: &viaKit)
    JSONWriter.appendInt(-42, to: &direct)
    for value in [19.99, 5, .nan, -.infinity, 1e300] {
      VendorJSON.appendDouble(value, to: &viaKit)
      JSONWriter.appendDouble(value, to: &direct)
    }
    #expect(viaKit == direct)
    #expect(String(decoding: viaKit, as: UTF8.self) == #"{"s":"quote \" tab \t"-4219.995.0nullnull1e+300"#)
  }

  @Test(arguments: [
    (VendorJSON.DateFormat.iso8601, DateEncoding.iso8601),
    (.secondsSince1970, .secondsSince1970),
    (.millisecondsSince1970, .millisecondsSince1970),
    (.microsecondsSince1970, .microsecondsSince1970),
  ])
  func eachDateFormatIsTheWritersEncoding(format: VendorJSON.DateFormat, encoding: DateEncoding) {
    let dates = [
      Date(timeIntervalSince1970: 1_700_000_000.123), .distantFuture, Date(timeIntervalSince1970: -1e15),
      Date(timeIntervalSince1970: 1e17), Date(timeIntervalSince1970: .nan),
    ]
    for date in dates {
      #expect(format.canEncode(date) == encoding.canEncode(date))
      var viaKit: [UInt8] = []
      var direct: [UInt8] = []
      VendorJSON.appendDate(date, format: format, to: &viaKit)
      JSONWriter.appendDate(date, encoding: encoding, to: &direct)
      #expect(viaKit == direct)
    }
  }

  @Test func propertyValuesAsTheModulesHereWriteThem() {
    let value: PropertyValue = [
      "plan": "pro", "seats": 5, "at": .date(Date(timeIntervalSince1970: 1_700_000_000)), "tags": ["a", .null],
    ]
    #expect(
      VendorJSON.string(value, dates: .secondsSince1970, sortedKeys: true)
        == #"{"at":1700000000,"plan":"pro","seats":5,"tags":["a",null]}"#)
    var bytes: [UInt8] = []
    VendorJSON.append(value, dates: .iso8601, sortedKeys: true, to: &bytes)
    #expect(bytes == value.jsonBytes(dates: .iso8601, sortedKeys: true))
  }
}
