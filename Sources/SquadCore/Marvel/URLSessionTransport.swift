import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real network: URLSession without a URL cache, bodies bounded by ``SessionDelegate``, and
/// the session made on the first request, so commands that stay offline never load libcurl.
final class URLSessionTransport: HTTPTransport {
  private let libraries: [String]
  private let session = Mutex<Result<URLSession, NetworkLibraryError>?>(nil)
  private let delegate = SessionDelegate()
  init(libraries: [String] = NetworkLibrary.defaultNames) { self.libraries = libraries }

  deinit {
    if case .success(let session)? = session.withLock({ $0 }) { session.finishTasksAndInvalidate() }
  }

  private func readySession() -> Result<URLSession, NetworkLibraryError> {
    session.withLock { slot in
      if let made = slot { return made }
      let made = NetworkLibrary.load(libraries).map { _ in
        // Not `.ephemeral`: making one creates a cache folder under ~/.cache (``FoundationNetworkDefaults``).
        let configuration = FoundationNetworkDefaults.configuration()
        configuration.httpMaximumConnectionsPerHost = 6
        let queue = OperationQueue()
        // One at a time, so a body's pieces are appended in the order they came.
        queue.maxConcurrentOperationCount = 1
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
      }
      slot = made
      return made
    }
  }

  func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
    guard let url = URL(string: request.url), ["http", "https"].contains(url.scheme?.lowercased()) else {
      return .failure(.badURL)
    }
    let session: URLSession
    switch readySession() {
    case .success(let ready): session = ready
    case .failure(let error): return .failure(.noNetworkLibrary(error.detail))
    }
    let (address, hostHeader) = Self.reachable(url)
    var urlRequest = URLRequest(
      url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: max(1, request.timeout.rounded(.up)))
    urlRequest.httpMethod = "GET"
    urlRequest.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
    if let hostHeader { urlRequest.setValue(hostHeader, forHTTPHeaderField: "Host") }
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let exchange = Exchange(bodyLimit: request.bodyLimit)
    let delegate = delegate
    // libcurl's timeout is whole seconds and only notices silence: the exchange keeps the deadline.
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: urlRequest)
        delegate.register(exchange, for: task)
        exchange.start(task, deadline: request.timeout, resuming: continuation)
      }
    } onCancel: {
      exchange.abandon()
    }
  }

  /// The URL to hand to URLSession, and the `Host` header when it differs. FoundationNetworking
  /// refuses IPv6 literals (swift-corelibs-foundation#5496), so `[::1]` goes through `localhost`.
  static func reachable(_ url: URL) -> (URL, hostHeader: String?) {
    #if canImport(FoundationNetworking)
      guard BaseURL.isIPv6Loopback(url.host ?? ""),
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
        let authority = components.percentEncodedHost
      else { return (url, nil) }
      let hostHeader = authority + (components.port.map { ":\($0)" } ?? "")
      components.host = "localhost"
      return (components.url ?? url, hostHeader)
    #else
      return (url, nil)
    #endif
  }

  /// `squad/<version>`, so server logs can tell squad's requests and versions apart.
  static let userAgent = "squad/\(SquadVersion.number)"

  static func result(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) -> Result<
    HTTPResponse, TransportError
  > {
    if let error {
      let nsError = error as NSError
      // Optional on Linux (an enum there), not on Darwin (a struct): the annotation serves both.
      let code: URLError.Code? = URLError.Code(rawValue: nsError.code)
      guard nsError.domain == NSURLErrorDomain, let code else {
        return .failure(.other("the request failed"))
      }
      return .failure(classify(code, libcurlText: nsError.localizedDescription))
    }
    guard let http = response as? HTTPURLResponse else { return .failure(.other("not an HTTP answer")) }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
  }

  // The error's text can quote the signed URL: only its code is used (libcurl's text splits `.unknown`).
  static func classify(_ code: URLError.Code, libcurlText: String = "") -> TransportError {
    switch code {
    case .cannotConnectToHost: return .connectionRefused
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound
    case .timedOut: return .timedOut
    case .httpTooManyRedirects: return .tooManyRedirects
    case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource: return .connectionLost
    case .cancelled: return .cancelled
    // The URL was checked before the request, so libcurl's "unsupported" is the reply (HTTP/0.9, not HTTP).
    case .badURL, .unsupportedURL: return .notHTTP
    case .cannotDecodeContentData, .cannotDecodeRawData: return .badContentEncoding
    case .notConnectedToInternet: return .other("not connected to a network")
    case .secureConnectionFailed: return .tlsFailed("the TLS handshake failed")
    case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
      .serverCertificateHasUnknownRoot:
      return .tlsFailed("the server's TLS certificate was refused")
    case .unknown:
      // libcurl's CURLE_BAD_CONTENT_ENCODING: "Error while processing content unencoding: …",
      // "Unrecognized content encoding type …", "Unrecognized or bad HTTP Content or Transfer-Encoding".
      let text = libcurlText.lowercased()
      if ["content unencoding", "content encoding", "content or transfer-encoding"].contains(where: text.contains) {
        return .badContentEncoding
      }
      if libcurlText.contains("certificate") { return .tlsFailed("the server's TLS certificate was refused") }
      if libcurlText.hasPrefix("SSL") || libcurlText.contains("TLS") { return .tlsFailed("the TLS handshake failed") }
      // libcurl's partial transfers (a truncated body) surface as an unknown error.
      return .connectionLost
    default: return .other("network error \(code.rawValue)")
    }
  }
}
