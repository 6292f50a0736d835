import Foundation
import Testing

/// The privacy manifest Apple requires (`PrivacyInfo.xcprivacy`): it parses, it declares what the library
/// collects, and it declares a reason for every required-reason API family the sources call.
///
/// The families and their calls follow Apple's "Describing use of required reason API"; a call the code
/// can avoid is avoided instead (the log's file size comes from `lseek`, not `fstat`).
@Suite struct PrivacyManifestTests {
  /// A family of required-reason APIs: its manifest category and the patterns that find a call to it.
  struct APIFamily: Sendable, CustomStringConvertible {
    var category: String
    var patterns: [String]
    var description: String { category }
  }

  /// Words every pattern's match contains: a line without any of them is not matched against the
  /// patterns, which keeps the scan of every source file to milliseconds.
  static let keywords = [
    "stat", "getattrlist", "Date", "attributesOfItem", "systemUptime", "mach_absolute_time", "volume",
    "systemFreeSize", "systemSize", "activeInputModes", "UserDefaults",
  ]

  static let families: [APIFamily] = [
    APIFamily(
      category: "NSPrivacyAccessedAPICategoryFileTimestamp",
      patterns: [
        #"\b(f|l)?stat(at)?\s*\("#, #"\bf?getattrlist(bulk|at)?\s*\("#, #"\.creationDate\b"#,
        #"\.modificationDate\b"#, #"\.fileModificationDate\b"#, #"\bcontentModificationDate"#,
        #"\bcreationDateKey\b"#, #"\battributesOfItem\s*\("#,
      ]),
    APIFamily(
      category: "NSPrivacyAccessedAPICategorySystemBootTime",
      patterns: [#"\bsystemUptime\b"#, #"\bmach_absolute_time\s*\("#]),
    APIFamily(
      category: "NSPrivacyAccessedAPICategoryDiskSpace",
      patterns: [
        #"\bf?statv?fs\s*\("#, #"\bvolumeAvailableCapacity"#, #"\bvolumeTotalCapacity"#, #"\bsystemFreeSize\b"#,
        #"\bsystemSize\b"#,
      ]),
    APIFamily(category: "NSPrivacyAccessedAPICategoryActiveKeyboards", patterns: [#"\bactiveInputModes\b"#]),
    APIFamily(category: "NSPrivacyAccessedAPICategoryUserDefaults", patterns: [#"\bUserDefaults\b"#, #"\bNSUserDefaults\b"#]),
  ]

  /// A call found in the sources.
  struct Use: CustomStringConvertible {
    var file: String
    var line: Int
    var category: String
    var code: String
    var description: String { "\(file):\(line): \(category) (\(code.trimmingCharacters(in: .whitespaces)))" }
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The calls of the families in `text`, comments left out (a comment may name an API it avoids).
  static func uses(in text: String, file: String) -> [Use] {
    var found: [Use] = []
    for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
      let code = rawLine.range(of: "//").map { String(rawLine[..<$0.lowerBound]) } ?? rawLine
      guard keywords.contains(where: { code.contains($0) }) else { continue }
      for family in families {
        let hit = family.patterns.contains { code.range(of: $0, options: .regularExpression) != nil }
        if hit { found.append(Use(file: file, line: index + 1, category: family.category, code: code)) }
      }
    }
    return found
  }

  static func manifest(at url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    return try #require(plist as? [String: Any], "\(url.path) is not a dictionary")
  }

  /// The API categories a manifest declares, each with at least one reason.
  static func declaredCategories(_ manifest: [String: Any]) -> Set<String> {
    let types = manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
    return Set(
      types.compactMap { entry in
        guard let category = entry["NSPrivacyAccessedAPIType"] as? String,
          let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String], !reasons.isEmpty
        else { return nil }
        return category
      })
  }

  @Test func theScannerFindsEachFamilyAndSkipsComments() {
    let sample = """
      var info = stat()
      guard fstat(fd, &info) == 0 else { return 0 }   // fstat: the size
      let up = ProcessInfo.processInfo.systemUptime
      _ = statfs(path, &fs)
      let keyboards = UITextInputMode.activeInputModes
      let defaults = UserDefaults.standard
      // lstat(path) is only named in a comment
      let end = lseek(fd, 0, SEEK_END)
      let status = statusCode(of: response)
      """
    let found = Self.uses(in: sample, file: "Sample.swift")
    #expect(found.map(\.line) == [1, 2, 3, 4, 5, 6])
    #expect(
      found.map(\.category) == [
        "NSPrivacyAccessedAPICategoryFileTimestamp", "NSPrivacyAccessedAPICategoryFileTimestamp",
        "NSPrivacyAccessedAPICategorySystemBootTime", "NSPrivacyAccessedAPICategoryDiskSpace",
        "NSPrivacyAccessedAPICategoryActiveKeyboards", "NSPrivacyAccessedAPICategoryUserDefaults",
      ])
  }

  @Test func theManifestDeclaresTheCollectedDataAndNoTracking() throws {
    let manifest = try Self.manifest(at: Self.packageRoot.appendingPathComponent("Sources/TrackersDelivery/PrivacyInfo.xcprivacy"))
    #expect(manifest["NSPrivacyTracking"] as? Bool == false)
    #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
    let collected = try #require(manifest["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
    let types = collected.compactMap { $0["NSPrivacyCollectedDataType"] as? String }
    #expect(
      Set(types)
        == [
          "NSPrivacyCollectedDataTypeDeviceID", "NSPrivacyCollectedDataTypeUserID",
          "NSPrivacyCollectedDataTypeProductInteraction",
        ])
    for entry in collected {
      #expect(entry["NSPrivacyCollectedDataTypeLinked"] is Bool, "\(entry)")
      #expect(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool == false, "\(entry)")
      #expect(entry["NSPrivacyCollectedDataTypePurposes"] as? [String] == ["NSPrivacyCollectedDataTypePurposeAnalytics"])
    }
  }

  /// Every module under `Sources/` that calls a required-reason API has a manifest of its own beside its
  /// sources (a module is linked on its own), declaring that API's category with a reason.
  @Test func everyRequiredReasonAPICalledIsDeclared() throws {
    let sources = Self.packageRoot.appendingPathComponent("Sources")
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
    var missing: [String] = []
    var scanned = 0
    for module in modules {
      let moduleURL = sources.appendingPathComponent(module)
      guard let files = FileManager.default.enumerator(atPath: moduleURL.path) else { continue }
      var uses: [Use] = []
      for case let relative as String in files where relative.hasSuffix(".swift") {
        let text = try String(contentsOf: moduleURL.appendingPathComponent(relative), encoding: .utf8)
        uses += Self.uses(in: text, file: "Sources/\(module)/\(relative)")
        scanned += 1
      }
      guard !uses.isEmpty else { continue }
      let manifestURL = moduleURL.appendingPathComponent("PrivacyInfo.xcprivacy")
      let declared = FileManager.default.fileExists(atPath: manifestURL.path)
        ? Self.declaredCategories(try Self.manifest(at: manifestURL)) : []
      for use in uses where !declared.contains(use.category) {
        missing.append("\(use) is not declared in Sources/\(module)/PrivacyInfo.xcprivacy")
      }
    }
    #expect(scanned > 50, "the sources were not found under \(sources.path)")
    #expect(
      missing.isEmpty,
      """
      Required-reason APIs called without a declared reason. To fix this, avoid the call (lseek gives a \
      file's size) or add its category and Apple's reason to the module's PrivacyInfo.xcprivacy:
      \(missing.joined(separator: "\n"))
      """)
  }

  /// Each manifest under `Sources/` parses, and every category it declares comes with a reason.
  @Test func everyManifestParses() throws {
    let sources = Self.packageRoot.appendingPathComponent("Sources")
    var manifests = 0
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      let url = sources.appendingPathComponent(module).appendingPathComponent("PrivacyInfo.xcprivacy")
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      manifests += 1
      let manifest = try Self.manifest(at: url)
      let types = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]], "\(url.path)")
      #expect(Self.declaredCategories(manifest).count == types.count, "a category without a reason in \(url.path)")
    }
    #expect(manifests >= 1)
  }
}
