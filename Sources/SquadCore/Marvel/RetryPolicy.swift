import Foundation

/// When to try a request again and how long to wait first: transport errors, 429 and 5xx, up to
/// `maximumRetries` times, doubling from `baseDelay` with jitter, or as `Retry-After` says.
struct RetryPolicy: Hashable, Sendable {
  /// Retries after the first attempt.
  var maximumRetries = 3
  /// Seconds before the first retry, before jitter.
  var baseDelay = 0.5
  static func isRetryable(status: Int) -> Bool { status == 429 || (500...599).contains(status) }

  static func isRetryable(_ error: TransportError) -> Bool {
    switch error {
    case .connectionRefused, .connectionLost, .hostNotFound, .other: return true
    case .timedOut, .cancelled, .badURL, .noNetworkLibrary, .bodyTooLarge, .tooManyRedirects, .redirectRefused,
      .notHTTP, .tlsFailed, .badContentEncoding:
      return false
    }
  }

  /// The wait before retry `retry` (from 1): `Retry-After`, else `baseDelay × 2^(retry−1) × (0.5 + jitter / 2)`.
  func delay(beforeRetry retry: Int, retryAfter: Double?, jitter: Double) -> Double {
    if let retryAfter, retryAfter >= 0 { return retryAfter }
    let backoff = baseDelay * Double(1 << min(max(retry - 1, 0), 16))
    return backoff * (0.5 + min(max(jitter, 0), 1) / 2)
  }

  /// `Retry-After` (seconds or an HTTP date) in seconds from `now`, the latest of several, capped; nil if unreadable.
  static func retryAfterSeconds(_ header: String?, now: Date = Date()) -> Double? {
    guard let header else { return nil }
    let pieces = header.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
    var latest: Double?
    var index = 0
    while index < pieces.count {
      var seconds = oneRetryAfter(pieces[index], now: now)
      if seconds == nil, index + 1 < pieces.count {
        seconds = oneRetryAfter(pieces[index] + ", " + pieces[index + 1], now: now)
        if seconds != nil { index += 1 }
      }
      if let seconds { latest = max(latest ?? 0, seconds) }
      index += 1
    }
    return latest
  }

  private static func oneRetryAfter(_ text: String, now: Date) -> Double? {
    guard !text.isEmpty else { return nil }
    // delay-seconds is digits only (RFC 9110 §10.2.3): `1e3`, `1.5` or `0x10` are unreadable, as `abc` is.
    if text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
      return min(Double(text) ?? longestRetryAfter, longestRetryAfter)
    }
    guard let date = httpDate(text) else { return nil }
    return min(max(0, date.timeIntervalSince(now)), longestRetryAfter)
  }

  /// A year: the longest `Retry-After` squad reads as given.
  static let longestRetryAfter = 365 * 86_400.0

  /// An HTTP date (RFC 9110 §5.6.7): the IMF-fixdate, or the obsolete RFC 850 and asctime forms.
  private static func httpDate(_ text: String) -> Date? {
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
