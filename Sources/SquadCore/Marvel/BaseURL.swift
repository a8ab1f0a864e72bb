import Foundation

/// The one check of an API base URL: http(s), a host, a port 1–65535, no query or fragment.
enum BaseURL {
  /// The base with its scheme lowercased, or why it can never work.
  static func validate(_ text: String) -> Result<String, BaseURLProblem> {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return .failure(.notAURL) }
    guard let host = components.host, !host.isEmpty, host != "[]" else { return .failure(.noHost) }
    #if canImport(FoundationNetworking)
      if host.hasPrefix("["), !isIPv6Loopback(host) { return .failure(.ipv6Literal) }
    #endif
    // The port's own digits: `components.port` is nil for one past Int's range (2^63 and up).
    if let range = components.rangeOfPort, !range.isEmpty,
      !(Int(text[range]).map { (1...65_535).contains($0) } ?? false)
    {
      return .failure(.badPort)
    }
    guard components.query == nil, components.fragment == nil, !text.contains("#"), !text.contains("?") else {
      return .failure(.queryOrFragment)
    }
    let afterScheme = text[text.index(text.startIndex, offsetBy: scheme.count)...]
    return .success(scheme + afterScheme)
  }

  /// `::1`, `[::1]`, `[0:0:0:0:0:0:0:1]`: the IPv6 loopback in any spelling.
  static func isIPv6Loopback(_ host: String) -> Bool {
    var bare = Substring(host)
    if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
    guard bare.contains(":") else { return false }
    var address = in6_addr()
    return inet_pton(AF_INET6, String(bare), &address) == 1
      && withUnsafeBytes(of: &address) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
  }
}

/// Why a base URL can never work: what a valid one looks like, for the message.
struct BaseURLProblem: Error, Equatable, Sendable {
  var expectation: String
  static let notAURL = Self(expectation: "expected an http or https URL such as \(MarvelConfiguration.defaultBaseURL)")
  static let noHost = Self(expectation: "the URL has no host")
  static let badPort = Self(expectation: "the port must be a number from 1 to 65535")
  static let queryOrFragment = Self(expectation: "a base URL cannot carry a query (?) or a fragment (#)")
  static let ipv6Literal = Self(
    expectation: "on Linux, URLSession cannot reach IPv6 addresses written in the URL other than [::1]; use a host name"
  )
}
