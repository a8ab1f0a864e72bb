extension LiveMarvelClient {
  /// Sends a signed GET `url` (errors show `label`), retrying per the policy within one `timeout`
  /// from the first attempt's place on the wire; returns the answer and how many requests it took.
  func send(_ url: String, label: String, headers: [String: String]) async -> Result<(HTTPResponse, Int), MarvelError> {
    await limiter.enter()
    let deadline = environment.now().addingTimeInterval(timeout)
    var attempt = 0
    while true {
      attempt += 1
      if attempt > 1 { await limiter.enter() }
      let remaining = deadline.timeIntervalSince(environment.now())
      guard remaining > 0 else {
        await limiter.leave()
        return .failure(.timedOut(seconds: timeout, url: label))
      }
      let signed = MarvelURL.signed(url, with: credentials.signature(timestamp: environment.timestamp()))
      let outcome: Result<HTTPResponse, TransportError>
      if Task.isCancelled {
        outcome = .failure(.cancelled)
      } else {
        sent.withLock { $0 += 1 }
        outcome = await transport.get(HTTPRequest(url: signed, headers: headers, timeout: remaining))
      }
      await limiter.leave()
      let failure: MarvelError
      var retryAfter: Double?
      switch outcome {
      case .success(let response) where RetryPolicy.isRetryable(status: response.status):
        failure = MarvelResponseDecoder.error(
          status: response.status, body: response.body, url: label, attempts: attempt)
        retryAfter = RetryPolicy.retryAfterSeconds(response.header("Retry-After"), now: environment.now())
        if let seconds = retryAfter, environment.now().addingTimeInterval(seconds) >= deadline {
          // Waiting past the deadline cannot help, and asking earlier would be impolite.
          let at = environment.now().addingTimeInterval(seconds)
          return .failure(.retryLater(status: response.status, seconds: seconds, at: at, url: label))
        }
      case .success(let response): return .success((response, attempt))
      case .failure(.timedOut): return .failure(.timedOut(seconds: timeout, url: label))
      case .failure(.bodyTooLarge(let limit)):
        return .failure(
          .invalidResponse(status: 200, detail: TransportError.bodyTooLarge(limit: limit).reason, url: label))
      // A body that is not what its header says is an invalid answer, as an undecodable one is.
      case .failure(.badContentEncoding):
        return .failure(.invalidResponse(status: 200, detail: TransportError.badContentEncoding.reason, url: label))
      case .failure(.noNetworkLibrary(let detail)): return .failure(.noNetworkLibrary(detail: detail))
      case .failure(let error):
        failure = .unreachable(reason: error.reason, attempts: attempt, url: label)
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
