import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// One request's way back to its caller: the answer, a body past its limit, a refused redirect,
  /// the deadline or cancellation resumes the caller exactly once.
  // Cancelled only from a plain dispatch queue (a cancellation handler can deadlock against the
  // session's queue); redirects and cancels under one lock, as FoundationNetworking traps on a
  // redirect for a cancelled task; the deadline holds the exchange weakly, not keeping its body.
  final class Exchange: @unchecked Sendable {
    typealias Caller = CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    let bodyLimit: Int
    // Everything below is guarded by `lock`.
    private var continuation: Caller?
    private var task: URLSessionDataTask?
    // Set once the exchange has ended, with the error it ended with (never the answer).
    private var ended = false
    private var endError: TransportError?
    private var body = Data()
    private var redirects = 0
    private var cancelled = false
    private let lock = NSLock()
    init(bodyLimit: Int) { self.bodyLimit = bodyLimit }

    /// Starts the request and its deadline; resumes at once when the caller already gave up.
    func start(_ task: URLSessionDataTask, deadline seconds: Double, resuming continuation: Caller) {
      let early: TransportError? = lock.withLock {
        guard !ended else { return endError ?? .cancelled }
        self.continuation = continuation
        self.task = task
        return nil
      }
      if let early { return continuation.resume(returning: .failure(early)) }
      task.resume()
      let nanoseconds = Nanoseconds.from(seconds: seconds)
      guard nanoseconds < Nanoseconds.maximum else { return }
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in
        self?.finish(.failure(.timedOut), cancellingTheRequest: true)
      }
    }

    /// Whether to read the body: not when its announced length is past the limit.
    func accepts(_ response: URLResponse) -> Bool {
      guard response.expectedContentLength > Int64(bodyLimit) else { return true }
      finish(.failure(.bodyTooLarge(limit: bodyLimit)), cancellingTheRequest: true)
      return false
    }

    /// Adds a piece of the body; past the limit, the exchange fails and the request is cancelled.
    func append(_ data: Data) {
      let fits: Bool = lock.withLock {
        guard !ended else { return true }
        guard data.count <= bodyLimit - body.count else { return false }
        body.append(data)
        return true
      }
      if !fits { finish(.failure(.bodyTooLarge(limit: bodyLimit)), cancellingTheRequest: true) }
    }

    /// Answers a redirect to `url` (only to http(s), a few in a row); never once cancelled.
    func redirect(to url: URL?, answer: (Bool) -> Void) {
      lock.withLock {
        guard !cancelled else { return }
        guard !ended else { return answer(false) }
        let scheme = url?.scheme?.lowercased() ?? ""
        redirects += 1
        let refusal: TransportError? =
          scheme != "http" && scheme != "https"
          ? .redirectRefused(scheme: scheme.isEmpty ? "none" : scheme)
          : redirects > HTTPRequest.maximumRedirects ? .tooManyRedirects : nil
        if let refusal { end(.failure(refusal))?.resume(returning: .failure(refusal)) }
        answer(refusal == nil)
      }
    }

    func complete(_ response: URLResponse?, _ error: (any Error)?) {
      let data = lock.withLock { body }
      finish(URLSessionTransport.result(data, response, error))
    }

    func finish(_ result: Result<HTTPResponse, TransportError>, cancellingTheRequest: Bool = false) {
      let (continuation, task) = lock.withLock { () -> (Caller?, URLSessionDataTask?) in
        let task = self.task
        guard let continuation = end(result) else { return (nil, nil) }
        if cancellingTheRequest, task != nil { cancelled = true }
        return (continuation, task)
      }
      continuation?.resume(returning: result)
      if cancellingTheRequest, let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Records how the exchange ended, returning the caller to resume, if any. Call holding `lock`.
    private func end(_ result: Result<HTTPResponse, TransportError>) -> Caller? {
      guard !ended else { return nil }
      ended = true
      if case .failure(let error) = result { endError = error }
      body = Data()
      defer { (self.continuation, self.task) = (nil, nil) }
      return continuation
    }

    /// The caller was cancelled. Called from a cancellation handler, so it hops off first.
    func abandon() { DispatchQueue.global().async { self.finish(.failure(.cancelled), cancellingTheRequest: true) } }
  }
}
