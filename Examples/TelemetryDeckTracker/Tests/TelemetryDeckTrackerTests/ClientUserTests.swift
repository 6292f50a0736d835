import TelemetryDeckTracker
import Testing

/// `clientUser` is SHA-256 in lowercase hex, checked against FIPS 180-4's vectors and `sha256sum`'s output
/// at every padding boundary.
@Suite struct ClientUserTests {
  @Test func fipsVectors() {
    #expect(telemetryDeckClientUserHash(for: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(telemetryDeckClientUserHash(for: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(telemetryDeckClientUserHash(for: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
      == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(telemetryDeckClientUserHash(for: String(repeating: "a", count: 1_000_000))
      == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// 55 bytes is the longest message whose padding fits one block; 56 to 63 need a second; 64 fills one.
  @Test(arguments: [
    (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
    (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
    (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
    (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
    (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
    (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
  ])
  func paddingBoundaries(length: Int, digest: String) {
    #expect(telemetryDeckClientUserHash(for: String(repeating: "a", count: length)) == digest)
  }

  @Test func theSaltIsAppendedAndTextIsHashedAsUTF8() {
    #expect(telemetryDeckClientUserHash(for: "user-42") == "6d894aa3ee802549d7f340e7c1cf0d1c1cb14cd84f768d92ffaa6785337c4997")
    #expect(telemetryDeckClientUserHash(for: "user-42", salt: "pepper") == "08c3ecefc76e1481fee7b78de933a9c23133e55c3950b85ff75a0642fa5ef489")
    #expect(telemetryDeckClientUserHash(for: "user-42", salt: "pepper") == telemetryDeckClientUserHash(for: "user-42pepper"))
    #expect(telemetryDeckClientUserHash(for: "héllo 👋") == "241bff4036211b66e25dc44c43c7305feb99e7a62b953f03c3597ad0593c508f")
  }
}
