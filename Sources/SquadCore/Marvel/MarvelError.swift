import Foundation

/// Why a Marvel API request failed; the description also says what to do, never showing the keys.
enum MarvelError: Error, Hashable, Sendable, CustomStringConvertible {
  /// 401, or 409 `MissingParameter`: the keys are wrong or missing. Never retried or hidden.
  case credentials(status: Int, message: String)
  /// 404: an unknown character id.
  case notFound(message: String, url: String)
  /// Another 4xx: the API refused the request as asked (validation, method).
  case rejected(status: Int, message: String, url: String)
  /// 429 on every attempt: over the key's quota.
  case throttled(attempts: Int, url: String)
  /// 5xx on every attempt.
  case serverError(status: Int, attempts: Int, url: String)
  /// On every attempt.
  case unreachable(reason: String, attempts: Int, url: String)
  /// 429 or 5xx with a `Retry-After` past the deadline: the server takes requests again at `at`.
  case retryLater(status: Int, seconds: Double, at: Date, url: String)
  /// Retries included.
  case timedOut(seconds: Double, url: String)
  /// HTML, empty, truncated JSON, wrong shape.
  case invalidResponse(status: Int, detail: String, url: String)
  /// libcurl could not be loaded: an installation problem, never retried or hidden.
  case noNetworkLibrary(detail: String)

  /// The API could not answer at all, so the local catalogue may stand in for it.
  var isUnavailable: Bool {
    switch self {
    case .throttled, .serverError, .unreachable, .timedOut, .retryLater: return true
    case .credentials, .notFound, .rejected, .invalidResponse, .noNetworkLibrary: return false
    }
  }

  /// A few words for notices: `connection refused after 4 attempts`, `HTTP 500 after 4 attempts`.
  var summary: String {
    switch self {
    case .credentials(let status, let message), .rejected(let status, let message, _),
      .invalidResponse(let status, let message, _):
      return "HTTP \(status): \(message)"
    case .notFound(let message, _): return "HTTP 404: \(message)"
    case .throttled(let attempts, _): return "HTTP 429 rate limit" + Self.after(attempts)
    case .serverError(let status, let attempts, _): return "HTTP \(status)" + Self.after(attempts)
    case .unreachable(let reason, let attempts, _): return reason + Self.after(attempts)
    case .timedOut(let seconds, _): return "no answer within \(Self.seconds(seconds))"
    case .retryLater(let status, let seconds, let at, _):
      return "HTTP \(status); the server takes requests again \(Self.when(seconds, at))"
    case .noNetworkLibrary: return "libcurl could not be loaded"
    }
  }

  var description: String {
    switch self {
    case .credentials(let status, let message):
      return "The Marvel API rejected the credentials (HTTP \(status): \(message)). "
        + "Check MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY (or publicKey and privateKey in config.json)."
    case .notFound(let message, let url): return "The Marvel API has nothing at \(Self.shown(url)) (\(message))."
    case .rejected(let status, let message, let url):
      return "The Marvel API refused \(Self.shown(url)) (HTTP \(status): \(message)). Check the command's arguments."
    case .throttled(let attempts, let url):
      return
        "The Marvel API kept refusing \(Self.shown(url)) for exceeding the rate limit (HTTP 429\(Self.after(attempts))). "
        + "Keys have a daily quota; try again later, or use --offline."
    case .serverError(let status, let attempts, let url):
      return "The Marvel API failed at \(Self.shown(url)) (HTTP \(status)\(Self.after(attempts))). "
        + "Try again later, or use --offline."
    case .unreachable(let reason, let attempts, let url):
      return "Could not reach the Marvel API at \(Self.shown(url)) (\(reason)\(Self.after(attempts))). "
        + "Check the network and MARVEL_API_BASE, or use --offline."
    case .timedOut(let seconds, let url):
      return "The Marvel API did not answer \(Self.shown(url)) within \(Self.seconds(seconds)). "
        + "Try a longer --timeout, or use --offline."
    case .retryLater(let status, let seconds, let at, let url):
      return "The Marvel API answered \(Self.shown(url)) with HTTP \(status) and takes requests again "
        + "\(Self.when(seconds, at)), beyond --timeout, so squad did not wait. Try again then, or use --offline."
    case .invalidResponse(let status, let detail, let url):
      return "The answer from \(Self.shown(url)) is not a valid Marvel API response (HTTP \(status): \(detail)). "
        + "Check that MARVEL_API_BASE points at a Marvel API."
    case .noNetworkLibrary(let detail):
      return "squad needs libcurl for the network and could not load it (\(detail)). "
        + "Install libcurl (on Debian and Ubuntu: apt install libcurl4), set SQUAD_LIBCURL to its path, or use --offline."
    }
  }

  private static func shown(_ url: String) -> String { MarvelURL.redacted(url) }

  /// `in 60 s (at 2026-11-24T04:31:07Z)`.
  private static func when(_ seconds: Double, _ at: Date) -> String {
    "in \(Self.seconds(seconds.rounded(.up))) (at \(MarvelDate.iso8601(at)))"
  }

  private static func after(_ attempts: Int) -> String { attempts > 1 ? " after \(attempts) attempts" : "" }

  static func seconds(_ value: Double) -> String {
    // Int(_:) traps beyond its range, and --timeout accepts any positive number.
    value == value.rounded() && value.magnitude < 1e15 ? "\(Int(value)) s" : "\(value) s"
  }
}

extension MarvelError {
  /// With the exit code the contract gives it.
  var sourceError: SourceError {
    switch self {
    case .credentials: return .credentials(description)
    case .invalidResponse: return .invalidResponse(description)
    case .notFound(let message, _): return .rejected(status: 404, message: message)
    case .rejected(let status, let message, _): return .rejected(status: status, message: message)
    case .throttled, .serverError, .unreachable, .timedOut, .retryLater, .noNetworkLibrary:
      return .unavailable(description)
    }
  }
}
