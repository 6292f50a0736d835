/// The `clientUser` TelemetryDeck receives for `userId`: the SHA-256 of `userId` with `salt` appended, as
/// 64 lowercase hexadecimal digits, exactly as the SDK's `CryptoHashing.sha256(string:salt:)` computes it
/// on the device. The id itself never leaves the device.
///
/// Use it to tell which `clientUser` a user's signals carry, or to send server-side signals for the same
/// user:
///
/// ```swift
/// telemetryDeckClientUserHash(for: "abc")                    // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// telemetryDeckClientUserHash(for: "user-42", salt: salt)    // what every signal of user-42 carries
/// ```
public func telemetryDeckClientUserHash(for userId: String, salt: String = "") -> String {
  SHA256.hexDigest(userId + salt)
}
