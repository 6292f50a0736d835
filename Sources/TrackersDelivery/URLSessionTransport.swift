import Foundation
import Trackers

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The ``HTTPTransport`` over `URLSession` (`FoundationNetworking` on Linux).
///
/// Refuses plain `http` except to loopback hosts (``HTTPRequest/validateTransportSecurity()``), and
/// cancels the underlying task when the calling task is cancelled.
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession

  /// A transport over `session`; by default an ephemeral session with no cookies, no cache and a 30 s
  /// request timeout, shared by every transport made this way.
  public init(session: URLSession? = nil) {
    self.session = session ?? Self.defaultSession
  }

  private static let defaultSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = 8
    return URLSession(configuration: configuration)
  }()

  /// Sends `request`; throws ``DeliveryError/insecureURL(_:)`` for plain `http` to a remote host, a
  /// `URLError` when there is no answer, `CancellationError` when the task was cancelled.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try request.validateTransportSecurity()
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }

    let box = LockIsolated<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
            return
          }
          guard let http = response as? HTTPURLResponse else {
            continuation.resume(throwing: URLError(.badServerResponse))
            return
          }
          var headers: [String: String] = [:]
          for (key, value) in http.allHeaderFields {
            headers[String(describing: key)] = String(describing: value)
          }
          continuation.resume(
            returning: HTTPResponse(statusCode: http.statusCode, headers: headers, body: data.map { [UInt8]($0) } ?? [])
          )
        }
        let cancelled = box.withLock { state in
          state.task = task
          return state.cancelled
        }
        if cancelled { task.cancel() }
        task.resume()
      }
    } onCancel: {
      let task = box.withLock { state in
        state.cancelled = true
        return state.task
      }
      task?.cancel()
    }
  }
}
