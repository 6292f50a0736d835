import Foundation

/// What the queue does with a batch once its request is answered, or could not be made.
enum BatchResolution: Equatable {
  /// Done: delivered, except the records at `rejected`'s indices, dropped (``DropReason/rejected``)
  /// with the server's reasons.
  case finish(rejected: [Int: String])
  /// Every record dropped for `reason`; with `folding`, its report is folded with others of its reason;
  /// with `permanentFailure`, the destination's refusal is reported too.
  case drop(DropReason, detail: String, folding: Bool, permanentFailure: PermanentFailure?)
  /// The records at `dropped` are dropped (``DropReason/rejected``), the records at `rest` sent again
  /// at once.
  case dropAndResend(dropped: [Int], detail: String, rest: [Int])
  /// Too large: sent again at once in two halves, the records before `at` then the others; failures so
  /// far no longer count (the server answered).
  case split(at: Int)
  /// Kept for another attempt after a pause (the server's, or the backoff's).
  case retry(serverDelay: Duration?, countsAsAttempt: Bool, detail: String)
  /// Withheld (not sent: the send gate closed; or not answered: the sending task was cancelled): every
  /// record still pending goes again, nothing counted.
  case keep

  /// A refusal reported as ``DeliveryReport/permanentFailure(destination:statusCode:detail:)``.
  struct PermanentFailure: Equatable {
    var statusCode: Int?
    var detail: String
  }
}

/// What each answer does to a batch, its records' attempts, the counters and the backoff: pure
/// functions, which the sender applies to the log.
enum Outcomes {
  /// The destination's reading of its answer (`classify`), turned into what happens to the batch.
  /// `ids` are the batch's record ids in order; `response` is described only where a report names it.
  static func resolve(
    _ outcome: DeliveryOutcome, ids: [RecordID], response: HTTPResponse, destination: String
  ) -> BatchResolution {
    switch outcome {
    case .delivered:
      return .finish(rejected: [:])
    case .partiallyDelivered(let rejected):
      return .finish(rejected: rejected)
    case .rejectedResendRest(let rejected):
      let refused = ids.indices.filter { rejected[$0] != nil }
      // No index matches a record: resending as it is could loop, so count it as a failed attempt.
      guard !refused.isEmpty else {
        return .retry(serverDelay: nil, countsAsAttempt: true, detail: "rejections match no record: \(response)")
      }
      let reasons = refused.prefix(10).map { "#\($0) \(ids[$0]): \(rejected[$0] ?? "")" }
      return .dropAndResend(
        dropped: refused, detail: reasons.joined(separator: "; "), rest: ids.indices.filter { rejected[$0] == nil })
    case .tooLarge:
      // A server that answers 413 to everything has each record dropped alone: one report, then folded.
      if ids.count <= 1 {
        return .drop(
          .tooLarge, detail: "a single record is too large for \(destination): \(response)", folding: true,
          permanentFailure: nil)
      }
      return .split(at: ids.count / 2)
    case .retry(let after):
      return .retry(serverDelay: after, countsAsAttempt: true, detail: response.description)
    case .drop(let reason):
      return .drop(
        .permanentFailure, detail: reason, folding: false,
        permanentFailure: .init(statusCode: response.statusCode, detail: reason))
    case .unexpectedAnswer(let reason):
      return .retry(serverDelay: nil, countsAsAttempt: true, detail: reason)
    }
  }

  /// The request could not be made (`makeRequest` threw, an insecure URL) or the transport refused it
  /// for good: the batch can never be sent.
  static func requestFailed(_ detail: String) -> BatchResolution {
    .drop(.permanentFailure, detail: detail, folding: false, permanentFailure: .init(statusCode: nil, detail: detail))
  }

  /// No answer (the network): tried again after the backoff, an attempt only if the configuration says so.
  static func networkFailed(_ error: any Error, rules: DeliveryConfiguration) -> BatchResolution {
    .retry(serverDelay: nil, countsAsAttempt: rules.networkErrorsCountAsAttempts, detail: "network error: \(error)")
  }

  /// After a retry is counted: which records try again and which ran out of attempts, by the attempts
  /// each has made now (in batch order).
  static func afterRetry(attempts: [Int], maxAttempts: Int) -> (kept: [Int], exhausted: [Int]) {
    let exhausted = attempts.indices.filter { attempts[$0] >= maxAttempts }
    return (attempts.indices.filter { attempts[$0] < maxAttempts }, exhausted)
  }

  // MARK: Counting

  /// Counts a finished batch: `delivered` records delivered, the rejected ones dropped with up to ten
  /// `reasons` named in the report.
  static func countFinished(
    delivered: Int, rejected: Int, reasons: [String], destination: String, counters: inout DeliveryCounters
  ) -> DeliveryReport? {
    counters.delivered += delivered
    guard rejected > 0 else { return nil }
    counters.dropped[.rejected, default: 0] += rejected
    return .dropped(
      destination: destination, count: rejected, reason: .rejected,
      detail: reasons.joined(separator: "; ") + (rejected > reasons.count ? "; ..." : ""))
  }

  /// Counts `count` records dropped for `reason`.
  static func countDropped(
    _ count: Int, reason: DropReason, detail: String, destination: String, counters: inout DeliveryCounters
  ) -> DeliveryReport? {
    guard count > 0 else { return nil }
    counters.dropped[reason, default: 0] += count
    return .dropped(destination: destination, count: count, reason: reason, detail: detail)
  }

  /// Counts a retry: `kept` records wait `delay`, `exhausted` ran out of attempts.
  static func countRetry(
    kept: Int, exhausted: Int, delay: Duration, detail: String, maxAttempts: Int, destination: String,
    counters: inout DeliveryCounters
  ) -> [DeliveryReport] {
    var reports: [DeliveryReport] = []
    if let report = countDropped(
      exhausted, reason: .maxAttempts, detail: "failed \(maxAttempts) times, last: \(detail)", destination: destination,
      counters: &counters)
    {
      reports.append(report)
    }
    counters.retried += kept
    if kept > 0 { reports.append(.retryScheduled(destination: destination, count: kept, delay: delay, detail: detail)) }
    return reports
  }
}

/// The pace of sending: consecutive failures and the pause they call for.
struct DeliveryPace: Equatable {
  var consecutiveFailures = 0
  /// On the queue clock's monotonic line: nothing is sent before it.
  var backoffUntil: Duration?

  /// The server answered in a way that says it is reachable: the next failure starts from the base.
  mutating func answered() { consecutiveFailures = 0 }

  /// A failure: the pause grows (or is the server's), and is returned.
  mutating func failed(
    serverDelay: Duration?, at now: Duration, rules: DeliveryConfiguration.Backoff, random: inout any QueueRandom
  ) -> Duration {
    consecutiveFailures += 1
    let delay = QueueBackoff.delay(
      afterFailures: consecutiveFailures, serverDelay: serverDelay, rules: rules, random: &random)
    backoffUntil = now + delay
    return delay
  }

  /// Whether sending waits at `now`, and how long.
  func remainingPause(at now: Duration) -> Duration? {
    guard let until = backoffUntil, now < until else { return nil }
    return until - now
  }

  /// The log was let go of or purged: its pause goes with it.
  mutating func reset() {
    consecutiveFailures = 0
    backoffUntil = nil
  }
}
