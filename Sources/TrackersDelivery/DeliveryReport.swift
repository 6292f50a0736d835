import Trackers

/// Something a queue did that its owner should hear about: every drop, every permanent failure, damage
/// on disk, a scheduled retry. Descriptions are one line, secrets redacted.
public enum DeliveryReport: Sendable, CustomStringConvertible {
  /// `count` records left the queue undelivered.
  case dropped(destination: String, count: Int, reason: DropReason, detail: String)
  /// The server or the request refused a batch for good (4xx other than 413/408/429, insecure URL,
  /// unbuildable request). Its records are also reported as ``dropped(destination:count:reason:detail:)``
  /// with ``DropReason/permanentFailure``.
  case permanentFailure(destination: String, statusCode: Int?, detail: String)
  /// Damaged bytes were found on disk and skipped; the records around them are kept.
  case corruptDataSkipped(destination: String, regions: Int, bytes: Int, detail: String)
  /// A batch failed temporarily and will be tried again after `delay`.
  case retryScheduled(destination: String, count: Int, delay: Duration, detail: String)
  /// A storage operation failed (disk full, permissions).
  case storageFailure(destination: String, detail: String)

  /// Whether this report means data was lost or a configuration is wrong (log it loudly).
  public var isFailure: Bool {
    if case .retryScheduled = self { return false }
    return true
  }

  /// The level the default log writes this report at, as ``TrackerReport/logLevel`` (see ``Trackers/LogSink/Level``): records lost
  /// or refused for good (dropped on overflow, given up after retries, refused by the server), damage on
  /// disk and failed storage (a full disk) are ``Trackers/LogSink/Level/error``, so that release builds
  /// keep them and Console shows them; a scheduled retry and a purge the app asked for are
  /// ``Trackers/LogSink/Level/debug``.
  package var logLevel: LogSink.Level {
    switch self {
    case .retryScheduled: .debug
    case .dropped(_, _, .purged, _): .debug
    case .dropped, .permanentFailure, .corruptDataSkipped, .storageFailure: .error
    }
  }

  /// One line, secrets redacted.
  public var description: String {
    let text: String
    switch self {
    case .dropped(let destination, let count, let reason, let detail):
      text = "[\(destination)] dropped \(count) record\(count == 1 ? "" : "s") (\(reason)): \(detail)"
    case .permanentFailure(let destination, let statusCode, let detail):
      text = "[\(destination)] permanent failure\(statusCode.map { " (HTTP \($0))" } ?? ""): \(detail)"
    case .corruptDataSkipped(let destination, let regions, let bytes, let detail):
      text = "[\(destination)] skipped \(regions) damaged region\(regions == 1 ? "" : "s") (\(bytes) bytes) on disk: \(detail)"
    case .retryScheduled(let destination, let count, let delay, let detail):
      text = "[\(destination)] retrying \(count) record\(count == 1 ? "" : "s") in \(delay): \(detail)"
    case .storageFailure(let destination, let detail):
      text = "[\(destination)] storage failure: \(detail)"
    }
    return Redaction.redact(text)
  }
}
