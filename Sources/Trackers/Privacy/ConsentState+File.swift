import Foundation

extension ConsentState {
  /// Reads a state saved by ``write(to:)``, or returns `nil` when there is no file at `url` yet.
  ///
  /// ```swift
  /// let url = URL.applicationSupportDirectory.appending(path: "consent.json")
  /// let state = try ConsentState.read(from: url) ?? ConsentState()
  /// ```
  ///
  /// - Throws: ``ConsentFileError`` when the file exists but cannot be read or is not a consent file.
  public static func read(from url: URL) throws(ConsentFileError) -> ConsentState? {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return nil }
      throw ConsentFileError(url: url, rule: .readable, underlying: "\(error)")
    }
    do {
      return try JSONDecoder().decode(ConsentState.self, from: data)
    } catch {
      throw ConsentFileError(url: url, rule: .validJSON, underlying: "\(error)")
    }
  }

  /// Saves the state as a small JSON file that only the app's user can read (mode 0600), replacing the
  /// file atomically.
  ///
  /// - Throws: ``ConsentFileError`` when the directory cannot be created or the file cannot be written.
  public func write(to url: URL) throws(ConsentFileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      try PrivateFile.write(try encoder.encode(self), to: url)
    } catch {
      throw ConsentFileError(url: url, rule: .writable, underlying: "\(error)")
    }
  }
}

/// A consent file could not be read or written.
public struct ConsentFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What the file must be.
  public enum Rule: String, Sendable, Hashable {
    /// The file can be read by the app.
    case readable
    /// The file holds a consent state written by ``ConsentState/write(to:)``.
    case validJSON
    /// The file and its directory can be written by the app.
    case writable
  }

  /// The file.
  public var url: URL
  /// The rule the file broke.
  public var rule: Rule
  /// What the system or the decoder said.
  public var underlying: String

  /// The broken rule and how to fix it.
  public var description: String {
    switch rule {
    case .readable:
      "The consent file \(url.path) cannot be read (\(underlying)). To fix this, check the file's owner and"
        + " permissions, or delete it to ask the user again."
    case .validJSON:
      "The consent file \(url.path) is not a valid consent state (\(underlying)). To fix this, delete the file"
        + " and ask the user again; until then, treat consent as unknown."
    case .writable:
      "The consent file \(url.path) cannot be written (\(underlying)), so the user's choice will not survive a"
        + " restart. To fix this, pass a URL in a directory the app can write, such as Application Support."
    }
  }
}
