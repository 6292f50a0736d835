// A stand-in for Apple's `os` module (unified logging), for `.ci/apple-typecheck`: it declares ONLY what our
// sources use, with the declaration and availability of the page named above each symbol
// (developer.apple.com, read 2026-11). Bodies are placeholders: nothing here runs. On every Apple platform.

// https://developer.apple.com/documentation/os/logger
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct Logger: @unchecked Sendable {
  // https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
  public init(subsystem: String, category: String) {}
  // https://developer.apple.com/documentation/os/logger/debug(_:)
  public func debug(_ message: OSLogMessage) {}
  // https://developer.apple.com/documentation/os/logger/info(_:)
  public func info(_ message: OSLogMessage) {}
  // https://developer.apple.com/documentation/os/logger/notice(_:)
  public func notice(_ message: OSLogMessage) {}
  // https://developer.apple.com/documentation/os/logger/error(_:)
  public func error(_ message: OSLogMessage) {}
  // https://developer.apple.com/documentation/os/logger/fault(_:)
  public func fault(_ message: OSLogMessage) {}
}

// https://developer.apple.com/documentation/os/oslogmessage
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
  public init(stringInterpolation: OSLogInterpolation) {}
  public init(stringLiteral value: String) {}
}

// https://developer.apple.com/documentation/os/osloginterpolation
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
  public init(literalCapacity: Int, interpolationCount: Int) {}
  public mutating func appendLiteral(_ literal: String) {}
  // https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-6tazr
  public mutating func appendInterpolation(
    _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
    privacy: OSLogPrivacy = .auto
  ) {}
  // https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-84m60
  public mutating func appendInterpolation<T: CustomStringConvertible>(
    _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {}
  // https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:format:align:privacy:)-8kli1
  public mutating func appendInterpolation(
    _ number: @autoclosure @escaping () -> Int, format: OSLogIntegerFormatting = .decimal,
    align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
  ) {}
}

// https://developer.apple.com/documentation/os/oslogprivacy
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogPrivacy: Equatable, Sendable {
  private var level: Int
  // https://developer.apple.com/documentation/os/oslogprivacy/auto
  public static let auto = OSLogPrivacy(level: 0)
  // https://developer.apple.com/documentation/os/oslogprivacy/public
  public static let `public` = OSLogPrivacy(level: 1)
  // https://developer.apple.com/documentation/os/oslogprivacy/private
  public static let `private` = OSLogPrivacy(level: 2)
  // https://developer.apple.com/documentation/os/oslogprivacy/sensitive
  public static let sensitive = OSLogPrivacy(level: 3)
}

// https://developer.apple.com/documentation/os/oslogstringalignment
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogStringAlignment: Sendable {
  // https://developer.apple.com/documentation/os/oslogstringalignment/none
  public static let none = OSLogStringAlignment()
}

// https://developer.apple.com/documentation/os/oslogintegerformatting
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogIntegerFormatting: Sendable {
  // https://developer.apple.com/documentation/os/oslogintegerformatting/decimal
  public static let decimal = OSLogIntegerFormatting()
}
