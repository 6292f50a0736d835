import Foundation
#if canImport(os)
import os
#endif

/// Where ``logging(_:label:to:format:redactor:)`` writes its lines, and where release builds of the vendor
/// modules report what they lost.
///
/// ```swift
/// let sink = LogSink { line in myLogger.debug("\(line)") }
/// let tracker = logging(amplitudeTracker, label: "amplitude", to: sink)
/// ```
///
/// Each line comes with a ``Level``: routine lines are ``Level/debug``, lost events ``Level/error``. A sink
/// made from a one-argument closure receives every line alike; one made with ``init(leveled:)`` can log
/// each at its level, as ``osLog(subsystem:category:)`` does.
public struct LogSink: Sendable {
  /// How much a line matters.
  public enum Level: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Routine: an event logged by ``logging(_:label:to:format:redactor:)``.
    case debug
    /// Events were lost (dropped on overflow, given up after retries, refused by a full disk) or a vendor
    /// refused them for good: ``osLog(subsystem:category:)`` writes it with `Logger.error`, which release
    /// builds keep and Console shows.
    case error
    /// The app misuses the library: `Logger.fault`.
    case fault

    /// Lower levels matter less.
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    /// "debug", "error" or "fault".
    public var description: String {
      switch self {
      case .debug: "debug"
      case .error: "error"
      case .fault: "fault"
      }
    }
  }

  private var writeAtLevel: @Sendable (String, Level) -> Void

  /// Writes one line (without a trailing newline) at ``Level/debug``. Setting it makes a sink that
  /// receives every line alike, whatever its level.
  public var write: @Sendable (String) -> Void {
    get { { [writeAtLevel] line in writeAtLevel(line, .debug) } }
    set { writeAtLevel = { line, _ in newValue(line) } }
  }

  /// Creates a sink from a closure that receives each line, whatever its level.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.writeAtLevel = { line, _ in write(line) }
  }

  /// Creates a sink from a closure that receives each line with its level.
  ///
  /// ```swift
  /// let sink = LogSink(leveled: { line, level in level >= .error ? crashReporter.log(line) : () })
  /// ```
  public init(leveled write: @escaping @Sendable (_ line: String, _ level: Level) -> Void) {
    self.writeAtLevel = write
  }

  /// Writes one line (without a trailing newline) at `level`.
  public func write(_ line: String, level: Level) {
    writeAtLevel(line, level)
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
  /// The unified logging system, each line at its level (`Logger.debug`, `.error`, `.fault`), marked
  /// public (redact personal data before it reaches the tracker).
  ///
  /// Debug lines are not kept by release builds nor shown by Console by default; errors and faults are.
  public static func osLog(subsystem: String = "swift-trackers", category: String = "events") -> LogSink {
    let logger = Logger(subsystem: subsystem, category: category)
    return LogSink(leveled: { line, level in
      switch level {
      case .debug: logger.debug("\(line, privacy: .public)")
      case .error: logger.error("\(line, privacy: .public)")
      case .fault: logger.fault("\(line, privacy: .public)")
      }
    })
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
