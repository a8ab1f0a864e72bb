import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// The session's delegate: hands each task's events to its ``Exchange``.
  final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = Mutex<[Int: Exchange]>([:])

    func register(_ exchange: Exchange, for task: URLSessionTask) {
      exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? { exchanges.withLock { $0[task.taskIdentifier] } }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      completionHandler(exchange(dataTask)?.accepts(response) == false ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      exchange(dataTask)?.append(data)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
      // The Location header itself: URLSession resolves a host-less one such as `file:///etc/x`
      // against the old URL, turning a refused scheme into a path on the same server.
      let location =
        response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "location" }?.value as? String
      let target = location.flatMap { URL(string: $0, relativeTo: response.url) } ?? request.url
      guard let exchange = exchange(task) else { return completionHandler(request) }
      exchange.redirect(to: target) { completionHandler($0 ? request : nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
      exchange?.complete(task.response, error)
    }
  }
}
