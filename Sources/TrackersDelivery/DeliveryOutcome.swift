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
  /// that is still too large is dropped (``DropReason/tooLarge``); those reports are folded
  /// (``DeliveryConfiguration/repeatedReportInterval``), since a server that answers 413 to everything has
  /// every record dropped one by one.
  case tooLarge
  /// A temporary failure (429, 5xx): back off exponentially with full jitter, capped; `after` is the
  /// server's own delay (`Retry-After`), which is honoured when given.
  case retry(after: Duration?)
  /// A permanent failure (bad credentials, malformed request): the whole batch is dropped
  /// (``DropReason/permanentFailure``) with a loud report carrying `reason`.
  case drop(reason: String)
  /// An answer the vendor does not document: a redirect (never followed, see ``URLSessionTransport``), or
  /// a 2xx whose body is not the vendor's documented success body (a captive portal's or a proxy's HTML
  /// page, a body cut at ``URLSessionTransport/maxResponseBytes``). Nothing says the records arrived, nor
  /// that they never will: the batch is sent again after the backoff, like ``retry(after:)`` without a
  /// server delay, and each time counts as an attempt, so a server that keeps answering so has the
  /// records dropped after ``DeliveryConfiguration/maxAttempts`` (``DropReason/maxAttempts``), reported
  /// with `reason`.
  case unexpectedAnswer(reason: String)

  /// The common reading of an answer, for destinations without a richer protocol:
  /// 2xx delivered; 3xx an ``unexpectedAnswer(reason:)`` naming the redirect's (redacted) `Location`;
  /// 413 too large; 408, 425, 429 and 5xx retry (with `Retry-After` in seconds or as an HTTP date, see
  /// ``retryAfter(_:)``); any other status dropped with the status and the (redacted) body as the
  /// reason.
  public static func standard(for response: HTTPResponse) -> DeliveryOutcome {
    switch response.statusCode {
    case 200..<300:
      return .delivered
    case 300..<400:
      let location = response.header("Location").map { " to \(Redaction.redact($0))" } ?? ""
      return .unexpectedAnswer(
        reason: "HTTP \(response.statusCode) redirect\(location) not followed (a redirect could take the request's key "
          + "to another host; nothing says the records arrived). To fix this, configure the endpoint the server "
          + "redirects to, or the network's proxy or captive portal")
    case 413:
      return .tooLarge
    case 408, 425, 429, 500..<600:
      return .retry(after: retryAfter(response))
    default:
      let body = response.bodyText
      let shown = body.count > 300 ? String(body.prefix(300)) + "..." : body
      return .drop(reason: Redaction.redact("HTTP \(response.statusCode): \(shown)"))
    }
  }

  /// The ``unexpectedAnswer(reason:)`` for a 2xx whose body is not `vendor`'s documented success answer
  /// (`expected`, as the vendor documents it): the reason names the status, the content type and the
  /// (redacted) beginning of the body.
  ///
  /// ```swift
  /// guard isDocumentedSuccess(response) else {
  ///   return .unexpectedSuccessBody(response, vendor: "PostHog", expected: #"{"status": 1}"#)
  /// }
  /// ```
  public static func unexpectedSuccessBody(_ response: HTTPResponse, vendor: String, expected: String) -> DeliveryOutcome {
    let text = response.bodyText
    let shown = text.count > 200 || response.isBodyTruncated ? String(text.prefix(200)) + "..." : text
    let size = response.isBodyTruncated ? "more than \(response.body.count) bytes" : "\(response.body.count) bytes"
    let type = response.header("Content-Type").map { "\($0), " } ?? ""
    return .unexpectedAnswer(
      reason: Redaction.redact(
        "\(vendor) answered HTTP \(response.statusCode) without its documented success body \(expected) "
          + "(\(type)\(size): \(shown)); nothing says the records arrived. A captive portal or a proxy may have "
          + "answered: to fix this, check the network, or the configured host"))
  }

  /// The longest delay ``retryAfter(_:)`` returns: one day. A queue waits at most
  /// ``DeliveryConfiguration/Backoff/maxServerDelay`` (an hour by default) anyway; the bound keeps an
  /// absurd `Retry-After` (`1e16`, a date in the year 9999) from overflowing the conversion to a
  /// `Duration`.
  package static let maxRetryAfter: Duration = .seconds(86_400)

  /// The server's requested delay from a `Retry-After` header: delta-seconds or an HTTP date, at most
  /// a day. `nil` when there is none or it is unreadable (negative, not a number, not a date),
  /// which leaves the queue's own backoff; a date in the past is no delay.
  ///
  /// A date is read against ``HTTPResponse/receivedAt``, which the queue stamps from its own clock when
  /// the answer arrives, so a queue on virtual time waits the date's delay on that time; this reads no
  /// clock. A date on a response without `receivedAt` can't be placed and is ignored (`nil`).
  public static func retryAfter(_ response: HTTPResponse) -> Duration? {
    guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Double(value) {
      return seconds.isFinite && seconds >= 0 ? clampedDelay(seconds) : nil
    }
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: value) {
        guard let now = response.receivedAt else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds.isNaN ? nil : clampedDelay(max(0, seconds))
      }
    }
    return nil
  }

  /// `seconds` (finite or not, at least 0) as a `Duration` of at most ``maxRetryAfter``, converted only
  /// once bounded: `Int64(1e16 * 1000)` traps.
  private static func clampedDelay(_ seconds: Double) -> Duration {
    let limit = Double(maxRetryAfter.components.seconds)
    return .milliseconds(Int64((min(seconds, limit) * 1000).rounded()))
  }
}
