import Foundation

extension LiveMarvelClient {
  /// Sends a signed GET, retrying transport errors, 429 and 5xx per the policy, all within one
  /// deadline of `timeout` seconds. Returns the final answer (any status) and how many requests
  /// it took, or the error that ended the attempts.
  ///
  /// Each attempt first waits for a place on the wire (see ``RequestLimiter``); the deadline
  /// starts when the first attempt has one, as waiting behind this client's other requests is
  /// not this request being slow.
  func send(_ url: String, headers: [String: String]) async -> Result<(HTTPResponse, Int), MarvelError> {
    await limiter.enter()
    let deadline = environment.now().addingTimeInterval(timeout)
    var attempt = 0
    while true {
      attempt += 1
      if attempt > 1 { await limiter.enter() }
      let remaining = deadline.timeIntervalSince(environment.now())
      guard remaining > 0 else {
        await limiter.leave()
        return .failure(.timedOut(seconds: timeout, url: url))
      }
      let signed = MarvelURL.signed(url, with: credentials.signature(timestamp: environment.timestamp()))
      let outcome =
        Task.isCancelled
        ? .failure(.cancelled) : await transport.get(HTTPRequest(url: signed, headers: headers, timeout: remaining))
      await limiter.leave()
      let failure: MarvelError
      var retryAfter: Double?
      switch outcome {
      case .success(let response) where RetryPolicy.isRetryable(status: response.status):
        failure = MarvelResponseDecoder.error(status: response.status, body: response.body, url: url, attempts: attempt)
        retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After"))
      case .success(let response):
        return .success((response, attempt))
      case .failure(.timedOut):
        return .failure(.timedOut(seconds: timeout, url: url))
      case .failure(.noNetworkLibrary(let detail)):
        return .failure(.noNetworkLibrary(detail: detail))
      case .failure(let error):
        failure = .unreachable(reason: error.reason, attempts: attempt, url: url)
        guard RetryPolicy.isRetryable(error) else { return .failure(failure) }
      }
      guard attempt <= retry.maximumRetries else { return .failure(failure) }
      let delay = retry.delay(beforeRetry: attempt, retryAfter: retryAfter, jitter: environment.jitter())
      // A wait that would pass the deadline cannot help; the last answer says more than "timed out".
      guard environment.now().addingTimeInterval(delay) < deadline else { return .failure(failure) }
      await environment.sleep(delay)
    }
  }
}
