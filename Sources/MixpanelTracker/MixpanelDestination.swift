import Foundation
import Trackers
import TrackersDelivery

/// Mixpanel's ingestion API as a ``TrackersDelivery/DeliveryDestination``: events to
/// `POST /import?strict=1&ip=0`, profile updates to `POST /engage?verbose=1&ip=0`, group profile updates to
/// `POST /groups?verbose=1&ip=0`, JSON arrays of at most 2000 records and 2,000,000 bytes ("2 MB"), HTTP
/// Basic auth.
///
/// Answers, as documented for `/import`: 200 with `{"code": 200, "num_records_imported": N, "status":
/// "OK"}` delivered (a 2xx with any other body, such as a captive portal's or a proxy's page, says nothing
/// about the records: an unexpected answer, sent again after a backoff and dropped after `maxAttempts`,
/// see ``TrackersDelivery/DeliveryOutcome/unexpectedAnswer(reason:)``); 400 with `failed_records` is a partial success
/// (only those records are dropped, the rest were ingested and are not resent); 401/403 bad credentials
/// (dropped, reported); 413 split; 429, 502 and 503 retried with backoff (honouring `Retry-After`); other
/// 5xx retried. `/engage` and `/groups` answer 200 with `{"status": 1, "error": null}`, or `{"status": 0,
/// "error": ...}` when they refuse an update: that batch is dropped with the error as the reason (any other
/// 2xx body is an unexpected answer too).
package struct MixpanelDestination: DeliveryDestination {
  /// "Mixpanel".
  package let name = MixpanelConfiguration.consentDestination
  /// 2000 records, 2,000,000 bytes.
  package let limits: BatchLimits
  let importURL: URL
  let engageURL: URL
  let groupsURL: URL
  let authorization: String

  /// The destination for `configuration`.
  package init(_ configuration: MixpanelConfiguration) {
    limits = configuration.options.batchLimits(
      maxEvents: MixpanelLimits.eventsPerRequest,
      maxBytes: MixpanelLimits.requestBytes - 2  // the array's brackets
    )
    // `ip=0`: don't derive the user's location from the request's IP address.
    let ip = URLQueryItem(name: "ip", value: configuration.ipLocation == .suppressed ? "0" : "1")
    var importComponents = URLComponents(url: configuration.region.url, resolvingAgainstBaseURL: false)!
    importComponents.path = "/import"
    importComponents.queryItems = [URLQueryItem(name: "strict", value: "1"), ip]
    let credentials: String
    switch configuration.authentication {
    case .projectToken:
      credentials = "\(configuration.projectToken):"
    case let .serviceAccount(username, secret, projectId):
      credentials = "\(username):\(secret)"
      importComponents.queryItems?.append(URLQueryItem(name: "project_id", value: projectId))
    }
    importURL = importComponents.url!
    var engageComponents = URLComponents(url: configuration.region.url, resolvingAgainstBaseURL: false)!
    engageComponents.path = "/engage"
    engageComponents.queryItems = [URLQueryItem(name: "verbose", value: "1"), ip]
    engageURL = engageComponents.url!
    // developer.mixpanel.com/reference/group-set-property answers like /engage with verbose=1; mixpanel-swift's
    // FlushRequest sends its `ip` switch to /track, /engage and /groups alike.
    engageComponents.path = "/groups"
    groupsURL = engageComponents.url!
    authorization = "Basic " + Data(credentials.utf8).base64EncodedString()
  }

  /// `/import` for the `import` partition, `/engage` for `engage`, `/groups` for `groups`; a JSON array of the
  /// payloads.
  package func makeRequest(for batch: Batch) throws -> HTTPRequest {
    let url =
      switch batch.partition {
      case WireFormat.engagePartition: engageURL
      case WireFormat.groupsPartition: groupsURL
      default: importURL
      }
    return HTTPRequest(
      method: "POST",
      url: url,
      headers: ["Content-Type": "application/json", "Authorization": authorization, "Accept": "application/json"],
      body: WireFormat.body(for: batch)
    )
  }

  /// gzip for `/import`, which documents `Content-Encoding: gzip` (mixpanel-swift compresses its event
  /// batches the same way); `/engage` and `/groups` go uncompressed, as mixpanel-swift sends them. The
  /// 2,000,000-byte limit is checked on the uncompressed body.
  package func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding {
    batch.partition == WireFormat.engagePartition || batch.partition == WireFormat.groupsPartition ? .identity : .gzip
  }

  /// `/import` events carry their `time` and `$insert_id` (Mixpanel deduplicates on them), so their order
  /// between requests does not matter and several may be on their way at once; `/engage` and `/groups`
  /// updates apply in the order received, so each of those partitions has one request at a time.
  package func keepsOrder(of partition: String) -> Bool { partition != WireFormat.importPartition }

  /// Mixpanel's documented success: `/engage` and `/groups` answer 200 `{"status": 1, "error": null}`,
  /// `/import` 200 `{"code": 200, "num_records_imported": N, "status": "OK"}` with the batch's count.
  package func successResponse(for batch: Batch) -> HTTPResponse {
    let body =
      batch.partition == WireFormat.engagePartition || batch.partition == WireFormat.groupsPartition
      ? #"{"status": 1, "error": null}"#
      : #"{"code": 200, "num_records_imported": \#(batch.records.count), "status": "OK"}"#
    return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
  }

  /// Reads `/import` and `/engage` answers as documented (see the type's summary).
  package func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    let body = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    switch response.statusCode {
    case 200..<300:
      if batch.partition == WireFormat.engagePartition || batch.partition == WireFormat.groupsPartition {
        let endpoint = batch.partition == WireFormat.engagePartition ? "/engage" : "/groups"
        guard !response.isBodyTruncated, let status = body?["status"] as? Int else {
          return .unexpectedSuccessBody(
            response, vendor: "Mixpanel \(endpoint)", expected: #"{"status": 1, "error": null}"#)
        }
        if status != 1 {
          return .drop(reason: "Mixpanel \(endpoint) refused the updates: \(body?["error"] ?? "no reason given")")
        }
        return .delivered
      }
      guard !response.isBodyTruncated, body?["status"] as? String == "OK" || body?["code"] as? Int == 200 else {
        return .unexpectedSuccessBody(
          response, vendor: "Mixpanel /import", expected: #"{"code": 200, "num_records_imported": N, "status": "OK"}"#)
      }
      return .delivered
    case 400:
      guard let failed = body?["failed_records"] as? [[String: Any]], !failed.isEmpty else {
        return .drop(reason: Redaction.redact("Mixpanel HTTP 400: \(response.bodyText.prefix(300))"))
      }
      var rejected: [Int: String] = [:]
      for record in failed {
        guard let index = record["index"] as? Int, batch.records.indices.contains(index) else { continue }
        rejected[index] = "\(record["field"] ?? "?"): \(record["message"] ?? "rejected")"
      }
      return rejected.isEmpty ? .drop(reason: "Mixpanel HTTP 400 with unreadable failed_records") : .partiallyDelivered(rejected: rejected)
    case 401, 403:
      return .drop(
        reason: "Mixpanel HTTP \(response.statusCode): the credentials were refused. To fix this, check the project "
          + "token (or the service account and project id) in MixpanelConfiguration.")
    case 429, 502, 503:
      return .retry(after: DeliveryOutcome.retryAfter(response))
    default:
      return .standard(for: response)
    }
  }
}
