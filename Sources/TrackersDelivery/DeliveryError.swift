/// Why a queue operation failed. Every message names the rule and says how to fix it.
public enum DeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The payload can never fit in one request of this destination.
  case payloadTooLarge(size: Int, maxBytes: Int, destination: String)
  /// The queue is at ``DeliveryConfiguration/maxPendingBytes`` and the policy is
  /// ``DeliveryConfiguration/OverflowPolicy/refuseNew``.
  case queueFull(pendingBytes: Int, maxPendingBytes: Int)
  /// The queue was closed.
  case closed
  /// Plain `http` to a host that is not loopback.
  case insecureURL(String)
  /// A file operation failed.
  case storage(operation: String, path: String, errno: Int32)
  /// Another queue in this process already uses the directory. (A queue in another process may: the
  /// processes share it, see <doc:SharingAQueueBetweenProcesses>.)
  case directoryInUse(String)

  /// The message, with the fix.
  public var description: String {
    switch self {
    case .payloadTooLarge(let size, let maxBytes, let destination):
      "Payload of \(size) bytes exceeds \(destination)'s limit of \(maxBytes) bytes per request, so it could never "
        + "be sent. To fix this, make the event smaller (fewer or shorter properties)."
    case .queueFull(let pendingBytes, let maxPendingBytes):
      "Delivery queue is full (\(pendingBytes) of \(maxPendingBytes) bytes pending) and refuses new records "
        + "(overflowPolicy .refuseNew). To fix this, raise maxPendingBytes, use .dropOldest, or restore connectivity."
    case .closed:
      "Delivery queue is closed. To fix this, track before calling the environment's close, or make a new live "
        + "environment."
    case .insecureURL(let url):
      "Refusing to send over plain HTTP to \(Redaction.redact(url)): HTTPS is required except for loopback hosts "
        + "(127.0.0.0/8, localhost, ::1). To fix this, use an https:// endpoint."
    case .storage(let operation, let path, let code):
      "Storage error: \(operation) \(path) failed: \(POSIXFile.errorDescription(code)) (errno \(code)). To fix this, "
        + (DataProtection.isPermission(code)
          ? "give it a directory the app may write (on tvOS only Caches is, where "
            + "DeliveryConfiguration.defaultDirectory(for:) puts it; Application Support can't be created on a device)."
          : "check that the directory is writable and the disk is not full.")
    case .directoryInUse(let path):
      "Another queue in this process already uses \(path). To fix this, give each live environment its own "
        + "storageDirectory, or close the other one first."
    }
  }
}
