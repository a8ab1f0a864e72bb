/// Building request URLs under any base, and hiding authentication in URLs that are shown.
enum MarvelURL {
  /// `base + path + ?query`, with exactly one `/` between base and path.
  static func join(base: String, path: String, query: [URLQueryParameter]) -> String {
    var root = Substring(base)
    while root.hasSuffix("/") { root = root.dropLast() }
    let tail = path.hasPrefix("/") ? path : "/" + path
    let queryString = query.map(\.encoded).joinedDirectly(separator: "&")
    return String(root) + tail + (queryString.isEmpty ? "" : "?" + queryString)
  }

  static func signed(_ url: String, with signature: [URLQueryParameter]) -> String {
    let query = signature.map(\.encoded).joinedDirectly(separator: "&")
    return url + (url.contains("?") ? "&" : "?") + query
  }

  /// The URL without `apikey`, `ts`, `hash` and any `user:password@`, for messages and logs.
  static func redacted(_ url: String) -> String {
    let url = withoutUserInfo(url)
    guard let mark = url.firstIndex(of: "?") else { return url }
    let kept = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).filter { pair in
      let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
      return !MarvelCredentials.parameterNames.contains(name.lowercased())
    }
    let head = String(url[..<mark])
    return kept.isEmpty ? head : head + "?" + kept.joined(separator: "&")
  }

  static func withoutUserInfo(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let authorityStart = schemeEnd.upperBound
    let rest = url[authorityStart...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
    guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return url }
    return String(url[..<authorityStart]) + String(url[url.index(after: at)...])
  }
}
