import Foundation
import Trackers

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The ``HTTPTransport`` over `URLSession` (`FoundationNetworking` on Linux).
///
/// What a misbehaving server can't make it do:
/// - Send anywhere but the request's URL: plain `http` is refused except to loopback hosts (the queue
///   checks every request before any transport sees it, and this one checks again), and redirects are
///   never followed. A 3xx is returned as the answer, so a `Location` elsewhere never receives the
///   request's `Authorization` header or body;
///   ``DeliveryOutcome/standard(for:)`` reads it as an unexpected answer (sent again later, counted).
/// - Hold an unbounded body in memory: at most ``maxResponseBytes`` of it are kept. A body announced
///   longer (`Content-Length`) is not read at all; one that goes on past the limit is cut there. Either
///   way the request is cancelled and the answer returned with ``HTTPResponse/isBodyTruncated`` set, so a
///   1 GB or endless body costs about ``maxResponseBytes`` of memory, not 1 GB. (Until the cancellation
///   lands, FoundationNetworking goes on reading what a fast sender sends, up to a second or two of it on
///   loopback, and drops it chunk by chunk.)
/// - Wait forever: the default session gives up on a request after 30 s without a byte and on any
///   request after 5 minutes, and the underlying task is cancelled when the calling task is cancelled.
public struct URLSessionTransport: HTTPTransport {
  /// The body bytes kept of an answer by default: 1 MiB. The largest answer a vendor documents is
  /// Mixpanel's 400 listing a `failed_records` entry (about 200 bytes) for each of up to 2000 records,
  /// about 400 KB.
  public static let defaultMaxResponseBytes = 1 << 20

  /// The most bytes of an answer's body this transport keeps (see ``HTTPResponse/isBodyTruncated``).
  public let maxResponseBytes: Int
  private let owner: SessionOwner

  /// A transport over a session made with `configuration`; by default an ephemeral session with no
  /// cookies, no cache, a 30 s request and a 5 minute resource timeout, shared by every transport made
  /// without one.
  ///
  /// A transport made with a configuration has a session of its own, invalidated when the last copy of
  /// the transport goes: make one and share it. Its session's delegate is the transport's (it refuses
  /// redirects and bounds bodies), which is why a session can't be handed in.
  /// - Parameter maxResponseBytes: the most bytes of an answer's body kept; at least 1.
  public init(configuration: URLSessionConfiguration? = nil, maxResponseBytes: Int = defaultMaxResponseBytes) {
    self.owner = configuration.map(SessionOwner.init) ?? SessionOwner.shared
    self.maxResponseBytes = max(1, maxResponseBytes)
  }

  /// The configuration of the session this transport sends with (its timeouts, for the tests).
  package var sessionConfiguration: URLSessionConfiguration { owner.session.configuration }

  /// Sends `request`; throws ``DeliveryError/insecureURL(_:)`` for plain `http` to a remote host, a
  /// `URLError` when there is no answer, `CancellationError` when the task was cancelled.
  ///
  /// A redirect is returned as the answer, not followed; a body longer than ``maxResponseBytes`` is cut
  /// there (``HTTPResponse/isBodyTruncated``).
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try request.validateTransportSecurity()
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    let (headers, body) = request.encodedForWire()
    for (name, value) in headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    if !body.isEmpty { urlRequest.httpBody = Data(body) }

    let exchanges = owner.exchanges
    let task = TaskHandle(owner.session.dataTask(with: urlRequest))
    let limit = maxResponseBytes
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        exchanges.start(task.id, limit: limit, continuation: continuation)
        // Cancelled before the exchange was registered: the handler below found nothing to end.
        if Task.isCancelled {
          exchanges.cancel(task.id)
          task.cancel()
          return
        }
        task.resume()
      }
    } onCancel: {
      // Ends the wait at once, whenever the task's own completion comes (it finds nothing left to resume).
      exchanges.cancel(task.id)
      task.cancel()
    }
  }
}

/// A data task, for the cancellation handler to stop from another thread.
private struct TaskHandle: @unchecked Sendable {  // safe: only thread-safe resume()/cancel() and a constant id
  // In full: only `resume()` and `cancel()` are called from other threads, which URLSessionTask documents as
  // thread-safe, and `id` is a constant read once.
  private let task: URLSessionDataTask
  let id: Int

  init(_ task: URLSessionDataTask) {
    self.task = task
    id = task.taskIdentifier
  }

  func resume() { task.resume() }
  func cancel() { task.cancel() }
}

/// A session and the delegate that routes its callbacks to the requests waiting for them; invalidates a
/// session of its own when it goes.
private final class SessionOwner: Sendable {
  let session: URLSession
  let exchanges: Exchanges
  private let ownsSession: Bool
  /// Where the delegate runs; the operation queue does not keep it.
  private let callbackQueue = DispatchQueue(label: "URLSessionTransport", qos: .userInitiated)

  static let shared: SessionOwner = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    // An answer that trickles in a byte at a time never hits the 30 s above.
    configuration.timeoutIntervalForResource = 300
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = 8
    return SessionOwner(configuration, ownsSession: false)
  }()

  convenience init(_ configuration: URLSessionConfiguration) {
    self.init(configuration, ownsSession: true)
  }

  private init(_ configuration: URLSessionConfiguration, ownsSession: Bool) {
    exchanges = Exchanges()
    // One callback at a time, promptly: on FoundationNetworking the bytes read wait in this queue until
    // the delegate has seen them, and a body past the limit is only stopped once it has.
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    delegateQueue.underlyingQueue = callbackQueue
    // The session keeps its delegate until it is invalidated (deinit below, never for the shared one).
    session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: delegateQueue)
    self.ownsSession = ownsSession
  }

  deinit {
    if ownsSession { session.finishTasksAndInvalidate() }
  }
}

/// The session's delegate: refuses redirects, keeps each answer's body up to its request's limit, and
/// resumes the request when its task completes. One per session; requests are told apart by task id.
private final class Exchanges: NSObject, URLSessionDataDelegate, Sendable {
  /// One request's answer so far.
  private struct Exchange {
    var continuation: CheckedContinuation<HTTPResponse, any Error>
    var limit: Int
    var statusCode: Int?
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    /// More bytes came than `limit`: the task was cancelled to stop reading.
    var truncated = false
  }

  private let pending = LockIsolated<[Int: Exchange]>([:])

  func start(_ id: Int, limit: Int, continuation: CheckedContinuation<HTTPResponse, any Error>) {
    pending.withLock { $0[id] = Exchange(continuation: continuation, limit: limit) }
  }

  /// Ends the request `id` with `CancellationError` unless it has ended already.
  func cancel(_ id: Int) {
    pending.withLock { $0.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // Never follow: the 3xx becomes the answer. Following would re-send the headers (the vendor's key) to
    // a host nobody checked, and URLSession turns a 302's POST into a bodyless GET.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    var overlong = false
    if let http = response as? HTTPURLResponse {
      var headers: [String: String] = [:]
      for (key, value) in http.allHeaderFields {
        headers[String(describing: key)] = String(describing: value)
      }
      let announced = response.expectedContentLength
      overlong = pending.withLock { pending in
        guard var exchange = pending[dataTask.taskIdentifier] else { return false }
        exchange.statusCode = http.statusCode
        exchange.headers = headers
        // A body that followed an interim answer is not this one's.
        exchange.body = []
        exchange.truncated = announced > Int64(exchange.limit)
        pending[dataTask.taskIdentifier] = exchange
        return exchange.truncated
      }
    }
    completionHandler(.allow)
    // A body announced longer than the limit is not read at all: FoundationNetworking reads on until a
    // cancellation lands, which can take a second or two behind a fast sender.
    if overlong { Self.stop(dataTask) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflowed = pending.withLock { pending -> Bool in
      guard var exchange = pending[dataTask.taskIdentifier], !exchange.truncated else { return false }
      let room = exchange.limit - exchange.body.count
      exchange.body += data.prefix(room)
      exchange.truncated = data.count > room
      pending[dataTask.taskIdentifier] = exchange
      return exchange.truncated
    }
    // Stop reading: the rest of the body is never held anywhere.
    if overflowed { Self.stop(dataTask) }
  }

  /// Cancels `task` off the delegate's queue. FoundationNetworking's `cancel()` waits for the session's
  /// work queue, which a fast sender keeps busy for seconds; waiting here would pile every chunk read in
  /// the meantime up in this queue (hundreds of MB for an endless body), while from elsewhere the chunks
  /// go on arriving here and are dropped one by one.
  private static func stop(_ task: URLSessionDataTask) {
    let handle = TaskHandle(task)
    DispatchQueue.global(qos: .userInitiated).async { handle.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let exchange = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let statusCode = exchange.statusCode, error == nil || exchange.truncated {
      exchange.continuation.resume(
        returning: HTTPResponse(
          statusCode: statusCode, headers: exchange.headers, body: exchange.body, isBodyTruncated: exchange.truncated))
    } else if let error {
      let cancelled = (error as? URLError)?.code == .cancelled
      exchange.continuation.resume(throwing: cancelled ? CancellationError() : error)
    } else {
      exchange.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }
}
