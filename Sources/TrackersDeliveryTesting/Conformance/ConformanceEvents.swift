import Trackers

/// The vocabulary events the conformance suite sends through a module's ``TrackerModuleDescription/map``,
/// so that the checks deliver the events a module maps in its own way beside plain ones: in turn, a plain
/// event, a deep link, a push notification received and one opened, each carrying its sequence number in
/// `seq`.
enum ConformanceEvents {
  /// The vocabulary event for `sequence`: `Conformance`, `Deep Link Opened`, `Push Notification Received`
  /// or `Push Notification Tapped`, with `seq` set to `sequence`.
  static func vocabulary(_ sequence: Int) -> AnalyticsData {
    let seq: AnalyticsData.Properties = ["seq": .int(sequence)]
    let push = StandardEvent.PushNotification(
      campaign: .init(id: "c-\(sequence)", name: "Conformance", source: "conformance", medium: "push"))
    switch sequence % 4 {
    case 0:
      return .event(name: "Conformance", properties: seq)
    case 1:
      let link = StandardEvent.DeepLink(
        url: "https://app.example/conformance/\(sequence)?utm_source=conformance&token=t-\(sequence)",
        referrer: "com.example.mail", keepingParameters: StandardEvent.DeepLink.campaignParameters)
      return .standard(.deepLinkOpened(link), properties: seq)
    case 2:
      return .standard(.pushNotificationReceived(push), properties: seq)
    default:
      var opened = push
      opened.action = "open"
      return .standard(.pushNotificationOpened(opened), properties: seq)
    }
  }
}
