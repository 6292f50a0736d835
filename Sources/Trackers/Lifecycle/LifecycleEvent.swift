/// What happened to the app itself: installed, updated, opened, backgrounded. ``ApplicationLifecycle``
/// sends them as ``AnalyticsData/lifecycle(_:)``, and each vendor module names them the way its official
/// SDK does (Segment's spec names, Amplitude's `[Amplitude] Application Opened`, ...).
///
/// ```swift
/// let opened = AnalyticsData.lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142"))
/// opened.name         // "Application Opened"
/// opened.properties   // ["from_background": true, "version": "2.1.0", "build": "142"]
/// ```
public enum LifecycleEvent: Sendable, Hashable {
  /// The first launch with empty storage.
  case installed(version: String?, build: String?)
  /// The first launch of a version or build other than the one that ran before.
  case updated(previousVersion: String?, previousBuild: String?, version: String?, build: String?)
  /// A launch (`fromBackground: false`) or a return to the foreground (`true`).
  case opened(fromBackground: Bool, version: String?, build: String?)
  /// The app went to the background.
  case backgrounded

  /// The name in Segment's mobile spec: "Application Installed", "Application Updated",
  /// "Application Opened", "Application Backgrounded". PostHog and Mixpanel use it as it is.
  public var name: String {
    switch self {
    case .installed: "Application Installed"
    case .updated: "Application Updated"
    case .opened: "Application Opened"
    case .backgrounded: "Application Backgrounded"
    }
  }

  /// The properties in Segment's mobile spec (`version`, `build`, `previous_version`, `previous_build`,
  /// `from_background`); an unknown version or build is left out.
  public var properties: AnalyticsData.Properties {
    var properties: AnalyticsData.Properties = [:]
    switch self {
    case let .installed(version, build):
      properties["version"] = version.map(PropertyValue.string)
      properties["build"] = build.map(PropertyValue.string)
    case let .updated(previousVersion, previousBuild, version, build):
      properties["previous_version"] = previousVersion.map(PropertyValue.string)
      properties["previous_build"] = previousBuild.map(PropertyValue.string)
      properties["version"] = version.map(PropertyValue.string)
      properties["build"] = build.map(PropertyValue.string)
    case let .opened(fromBackground, version, build):
      properties["from_background"] = .bool(fromBackground)
      properties["version"] = version.map(PropertyValue.string)
      properties["build"] = build.map(PropertyValue.string)
    case .backgrounded:
      break
    }
    return properties
  }
}
