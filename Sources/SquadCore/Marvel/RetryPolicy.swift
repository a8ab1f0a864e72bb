import Foundation

/// When to try a request again and how long to wait first.
///
/// Transport errors, 429 and 5xx are retried up to `maximumRetries` times; the wait doubles each
/// time from `baseDelay`, with jitter so many clients do not retry in step. A `Retry-After` in
/// seconds is honoured, capped at `retryAfterCap`. Other answers are final.
public struct RetryPolicy: Hashable, Sendable {
  /// Retries after the first attempt.
  public var maximumRetries: Int
  /// The wait before the first retry, before jitter.
  public var baseDelay: Double
  /// The longest `Retry-After` honoured.
  public var retryAfterCap: Double

  /// A policy; the defaults are squad's (3 retries, 0.5 s doubling, `Retry-After` up to 5 s).
  public init(maximumRetries: Int = 3, baseDelay: Double = 0.5, retryAfterCap: Double = 5) {
    self.maximumRetries = maximumRetries
    self.baseDelay = baseDelay
    self.retryAfterCap = retryAfterCap
  }

  /// Whether an answer with this status may succeed if asked again.
  public static func isRetryable(status: Int) -> Bool { status == 429 || (500...599).contains(status) }

  /// Whether a transport failure may go away if asked again.
  public static func isRetryable(_ error: TransportError) -> Bool {
    switch error {
    case .connectionRefused, .connectionLost, .hostNotFound, .other: return true
    case .timedOut, .cancelled, .badURL, .noNetworkLibrary: return false
    }
  }

  /// The wait before retry number `retry` (1-based): `Retry-After` when given, otherwise
  /// `baseDelay × 2^(retry−1)` scaled by `0.5 + jitter / 2`, with `jitter` in 0…1.
  public func delay(beforeRetry retry: Int, retryAfter: Double?, jitter: Double) -> Double {
    if let retryAfter, retryAfter >= 0 { return min(retryAfter, retryAfterCap) }
    let backoff = baseDelay * Double(1 << min(max(retry - 1, 0), 16))
    return backoff * (0.5 + min(max(jitter, 0), 1) / 2)
  }

  /// `Retry-After` as seconds; nil when absent or an HTTP date (then the backoff applies).
  public static func retryAfterSeconds(_ header: String?) -> Double? {
    guard let text = header?.trimmingWhitespace(), let seconds = Double(text), seconds.isFinite
    else { return nil }
    return seconds
  }
}
