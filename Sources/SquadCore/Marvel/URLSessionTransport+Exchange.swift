import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// One request's way back to its caller: whichever comes first — URLSession's answer, the
  /// deadline or the caller's cancellation — resumes the caller, exactly once.
  ///
  /// `URLSessionTask.cancel()` waits for the session's queue, and that queue, when it delivers
  /// an answer, waits for the Swift task's lock. A cancellation handler runs holding that lock,
  /// so cancelling from one (as `data(for:)` does when its task is cancelled) can deadlock when
  /// the answer arrives at the same moment; `squad heroes --timeout 1.5` once hung forever that
  /// way. Here the request is only ever cancelled from a plain dispatch queue.
  final class Exchange: @unchecked Sendable {
    // Everything below is guarded by `lock`.
    private var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
    private var task: URLSessionDataTask?
    private var outcome: Result<HTTPResponse, TransportError>?
    private let lock = NSLock()

    /// Starts the request and its deadline; resumes at once when the caller already gave up.
    func start(
      _ task: URLSessionDataTask, deadline seconds: Double,
      resuming continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    ) {
      let early: Result<HTTPResponse, TransportError>? = lock.withLock {
        guard outcome == nil else { return outcome }
        self.continuation = continuation
        self.task = task
        return nil
      }
      if let early { return continuation.resume(returning: early) }
      task.resume()
      let nanoseconds = Nanoseconds.from(seconds: seconds)
      guard nanoseconds < Nanoseconds.maximum else { return }
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
        self.finish(.failure(.timedOut), cancellingTheRequest: true)
      }
    }

    /// Ends the exchange with `result` unless it has ended already.
    func finish(_ result: Result<HTTPResponse, TransportError>, cancellingTheRequest: Bool = false) {
      let (continuation, task) = lock.withLock {
        () -> (CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?, URLSessionDataTask?) in
        guard outcome == nil else { return (nil, nil) }
        outcome = result
        defer { (self.continuation, self.task) = (nil, nil) }
        return (self.continuation, self.task)
      }
      continuation?.resume(returning: result)
      if cancellingTheRequest { task?.cancel() }
    }

    /// The caller was cancelled. Called from a cancellation handler, so it hops off first.
    func abandon() {
      DispatchQueue.global().async { self.finish(.failure(.cancelled), cancellingTheRequest: true) }
    }
  }
}
