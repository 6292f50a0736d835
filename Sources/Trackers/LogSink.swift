import Foundation
#if canImport(os)
import os
#endif

/// Where ``logging(_:label:to:format:redactor:)`` writes its lines.
///
/// ```swift
/// let sink = LogSink { line in myLogger.debug("\(line)") }
/// let tracker = logging(amplitudeTracker, label: "amplitude", to: sink)
/// ```
public struct LogSink: Sendable {
  /// Writes one line (without a trailing newline).
  public var write: @Sendable (String) -> Void

  /// Creates a sink from a closure that receives each line.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Standard error, one `write` per line so lines from several threads do not interleave.
  public static let standardError = LogSink { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Standard output, one `write` per line.
  public static let standardOutput = LogSink { line in
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  #if canImport(os)
  /// The unified logging system, at debug level, with the line marked public (redact personal data
  /// before it reaches the tracker).
  public static func osLog(subsystem: String = "swift-trackers", category: String = "events") -> LogSink {
    let logger = Logger(subsystem: subsystem, category: category)
    return LogSink { line in logger.debug("\(line, privacy: .public)") }
  }
  #endif

  /// `os.Logger` on Apple platforms, standard error elsewhere.
  public static var `default`: LogSink {
    #if canImport(os)
    osLog()
    #else
    standardError
    #endif
  }
}
