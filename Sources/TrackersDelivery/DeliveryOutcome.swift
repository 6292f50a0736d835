import Foundation

/// What a destination decided about one answer to one batch.
public enum DeliveryOutcome: Sendable, Equatable {
  /// Every record arrived: they are removed from the queue.
  case delivered
  /// Some records were refused for good: `rejected` maps indices into ``Batch/records`` to the vendor's
  /// reason. Those are dropped (``DropReason/rejected``, reported with the reason); the rest count as
  /// delivered and are never resent.
  case partiallyDelivered(rejected: [Int: String])
  /// Some records were refused for good and the others were not taken either (Amplitude's 400): the
  /// refused ones are dropped (``DropReason/rejected``, reported with the reason) and the rest are sent
  /// again at once in a new request.
  case rejectedResendRest(rejected: [Int: String])
  /// The request was too large (413): the batch is split in halves and both are sent. A single record
  /// that is still too large is dropped (``DropReason/tooLarge``).
  case tooLarge
  /// A temporary failure (429, 5xx): back off exponentially with full jitter, capped; `after` is the
  /// server's own delay (`Retry-After`), which is honoured when given.
  case retry(after: Duration?)
  /// A permanent failure (bad credentials, malformed request): the whole batch is dropped
  /// (``DropReason/permanentFailure``) with a loud report carrying `reason`.
  case drop(reason: String)

  /// The common reading of an answer, for destinations without a richer protocol:
  /// 2xx delivered; 413 too large; 408, 425, 429 and 5xx retry (with `Retry-After` in seconds or as an
  /// HTTP date); any other status dropped with the status and the (redacted) body as the reason.
  public static func standard(for response: HTTPResponse, now: Date = Date()) -> DeliveryOutcome {
    switch response.statusCode {
    case 200..<300:
      return .delivered
    case 413:
      return .tooLarge
    case 408, 425, 429, 500..<600:
      return .retry(after: retryAfter(response, now: now))
    default:
      let body = response.bodyText
      let shown = body.count > 300 ? String(body.prefix(300)) + "..." : body
      return .drop(reason: Redaction.redact("HTTP \(response.statusCode): \(shown)"))
    }
  }

  /// The server's requested delay from a `Retry-After` header: delta-seconds or an HTTP date.
  public static func retryAfter(_ response: HTTPResponse, now: Date = Date()) -> Duration? {
    guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Double(value), seconds.isFinite, seconds >= 0 {
      return .milliseconds(Int64((seconds * 1000).rounded()))
    }
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: value) {
        let seconds = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64((seconds * 1000).rounded()))
      }
    }
    return nil
  }
}
