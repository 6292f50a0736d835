extension StandardEvent {
  /// A push notification the app received or the user opened, with the campaign that sent it where the
  /// payload names one.
  ///
  /// The app passes the notification in from where the system delivers it (its
  /// `UNUserNotificationCenterDelegate`, `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`);
  /// the library registers for nothing. ``init(userInfo:action:)`` reads the campaign from the payload's
  /// known keys; the notification's text is not read, since it often names the user.
  ///
  /// ```swift
  /// let push = StandardEvent.PushNotification(
  ///   campaign: .init(id: "spring-24", name: "Spring sale", source: "braze", medium: "push"))
  /// tracker(.standard(.pushNotificationReceived(push)))
  /// ```
  public struct PushNotification: Sendable, Hashable {
    /// The campaign that sent the notification; its fields are `nil` where the payload does not say.
    public var campaign: Campaign
    /// The action the user chose to open it (`UNNotificationResponse.actionIdentifier`); `nil` for a
    /// notification received, or opened with the default action when the app does not pass it.
    public var action: String?

    /// Creates a notification.
    public init(campaign: Campaign = Campaign(), action: String? = nil) {
      self.campaign = campaign
      self.action = action
    }

    /// A notification with the campaign fields its payload has (`UNNotificationContent.userInfo`, or the
    /// dictionary `application(_:didReceiveRemoteNotification:...)` receives): a `campaign` object with
    /// `id`, `name`, `source`, `medium`, `term`, `content` (Segment's spec); Firebase Cloud Messaging's
    /// `google.c.a.c_id` (the campaign's id) and `google.c.a.c_l` (its name), with source `Firebase` and
    /// medium `notification` as Firebase Messaging reports them; `utm_source`, `utm_medium`, `utm_campaign`,
    /// `utm_term`, `utm_content` at the top level. Only text values are read: a number, an array or any other
    /// value under those keys is ignored, and nothing else in the payload is looked at.
    ///
    /// ```swift
    /// let push = StandardEvent.PushNotification(userInfo: response.notification.request.content.userInfo,
    ///                                           action: response.actionIdentifier)
    /// tracker(.standard(.pushNotificationOpened(push)))
    /// ```
    public init(userInfo: [AnyHashable: Any], action: String? = nil) {
      var campaign = Campaign()
      func text(_ key: String, in dictionary: [AnyHashable: Any]) -> String? {
        dictionary[AnyHashable(key)] as? String
      }
      if let firebaseId = text("google.c.a.c_id", in: userInfo) {
        campaign.id = firebaseId
        campaign.name = text("google.c.a.c_l", in: userInfo)
        campaign.source = "Firebase"
        campaign.medium = "notification"
      }
      campaign.source = text("utm_source", in: userInfo) ?? campaign.source
      campaign.medium = text("utm_medium", in: userInfo) ?? campaign.medium
      campaign.name = text("utm_campaign", in: userInfo) ?? campaign.name
      campaign.term = text("utm_term", in: userInfo) ?? campaign.term
      campaign.content = text("utm_content", in: userInfo) ?? campaign.content
      if let object = userInfo[AnyHashable("campaign")] as? [AnyHashable: Any] {
        campaign.id = text("id", in: object) ?? campaign.id
        campaign.name = text("name", in: object) ?? campaign.name
        campaign.source = text("source", in: object) ?? campaign.source
        campaign.medium = text("medium", in: object) ?? campaign.medium
        campaign.term = text("term", in: object) ?? campaign.term
        campaign.content = text("content", in: object) ?? campaign.content
      }
      self.init(campaign: campaign, action: action)
    }

    /// The Segment spec's `campaign` object and `action`, those that are set.
    package var properties: AnalyticsData.Properties {
      var fields: AnalyticsData.Properties = [:]
      let campaign = campaign.properties
      if !campaign.isEmpty { fields["campaign"] = .object(campaign) }
      if let action { fields["action"] = .string(action) }
      return fields
    }
  }

  /// The campaign that sent a notification: the fields Segment's spec names in a push event's `campaign`
  /// object and GA4 in its campaign parameters, each `nil` when unknown.
  public struct Campaign: Sendable, Hashable {
    /// The campaign's id (GA4 `campaign_id`).
    public var id: String?
    /// Its name (GA4 `campaign`, `utm_campaign`).
    public var name: String?
    /// Who sent it: "braze", "Firebase" (`utm_source`).
    public var source: String?
    /// How: "push", "notification" (`utm_medium`).
    public var medium: String?
    /// Its keyword (`utm_term`).
    public var term: String?
    /// Which of its messages (`utm_content`).
    public var content: String?

    /// Creates a campaign.
    public init(
      id: String? = nil, name: String? = nil, source: String? = nil, medium: String? = nil,
      term: String? = nil, content: String? = nil
    ) {
      self.id = id
      self.name = name
      self.source = source
      self.medium = medium
      self.term = term
      self.content = content
    }

    /// The fields that are set, under Segment's names: `id`, `name`, `source`, `medium`, `term`, `content`.
    public var properties: AnalyticsData.Properties {
      var fields: AnalyticsData.Properties = [:]
      for (key, value) in [
        ("id", id), ("name", name), ("source", source), ("medium", medium), ("term", term), ("content", content),
      ] {
        if let value { fields[key] = .string(value) }
      }
      return fields
    }
  }
}

extension StandardEvent.PushNotification: CustomStringConvertible {
  /// Its fields as the spec names them: `{"action": "open", "campaign": {"id": "8245", "name": "Spring sale"}}`.
  public var description: String {
    "\(PropertyValue.object(properties))"
  }
}

extension StandardEvent.Campaign: CustomStringConvertible {
  /// The fields that are set: `{"id": "8245", "name": "Spring sale"}`.
  public var description: String {
    "\(PropertyValue.object(properties))"
  }
}
