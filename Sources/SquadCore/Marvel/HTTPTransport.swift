import Foundation

/// Sends one HTTP GET and returns what came back; the seam where tests replace the network.
public protocol HTTPTransport: Sendable {
  /// Performs the request once, without retrying; `timeout` bounds the whole exchange.
  func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError>
}

/// One GET request: a signed URL, headers, and how long it may take.
public struct HTTPRequest: Hashable, Sendable {
  /// The full URL, authentication included; never shown or stored.
  public var url: String
  /// Request headers.
  public var headers: [String: String] = [:]
  /// Seconds the exchange may take.
  public var timeout: Double
  /// Bytes after un-gzipping; a longer body fails as soon as it passes it. 16 MiB is far above the
  /// largest real page (about 1 MB).
  var bodyLimit = 16 << 20
  /// More is a loop, not a move.
  static let maximumRedirects = 5
}

/// An HTTP answer: status, headers (names lowercased) and the decoded body.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  public var status: Int
  /// Headers by lowercased name.
  public var headers: [String: String]
  /// The body, already un-gzipped.
  public var body: Data

  /// A response; header names are lowercased.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// A header by case-insensitive name.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why no HTTP answer arrived.
public enum TransportError: Error, Hashable, Sendable {
  /// Nothing listens at the address.
  case connectionRefused
  /// The host name could not be resolved.
  case hostNotFound
  /// The exchange took longer than its timeout.
  case timedOut
  /// The connection closed before the whole answer arrived.
  case connectionLost
  /// The request was cancelled (the deadline passed, or the user interrupted).
  case cancelled
  /// The URL could not be used at all.
  case badURL
  /// libcurl could not be loaded, so there is no network at all; the loader's reasons.
  case noNetworkLibrary(String)
  /// The body grew past the request's limit (bytes), so it was abandoned.
  case bodyTooLarge(limit: Int)
  /// More than ``HTTPRequest/maximumRedirects`` redirects in a row.
  case tooManyRedirects
  /// A redirect to something other than an http or https URL; the scheme it named.
  case redirectRefused(scheme: String)
  /// The server's reply is not HTTP (HTTP/0.9, an unknown version, other bytes).
  case notHTTP
  /// The body is not in the encoding its `Content-Encoding` names (plain JSON sent as gzip).
  case badContentEncoding
  /// The TLS connection could not be set up (a refused certificate, a failed handshake).
  case tlsFailed(String)
  /// Any other failure, in a few words.
  case other(String)

  var reason: String {
    switch self {
    case .connectionRefused: return "connection refused"
    case .hostNotFound: return "host not found"
    case .timedOut: return "timed out"
    case .connectionLost: return "the connection broke before the answer was complete"
    case .cancelled: return "cancelled"
    case .badURL: return "not a usable URL"
    case .noNetworkLibrary(let detail): return "libcurl could not be loaded (\(detail))"
    case .bodyTooLarge(let limit): return "the body is larger than \(ByteCount.format(limit))"
    case .tooManyRedirects: return "too many redirects (more than \(HTTPRequest.maximumRedirects))"
    case .redirectRefused(let scheme): return "redirect to a non-http URL (\(scheme):) refused"
    case .notHTTP: return "the server's reply is not an HTTP response"
    case .badContentEncoding: return "the body is not in the encoding its Content-Encoding header names"
    case .tlsFailed(let text), .other(let text): return text
    }
  }
}
