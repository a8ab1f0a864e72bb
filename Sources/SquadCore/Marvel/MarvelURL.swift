/// Building request URLs under any base, and hiding authentication in URLs that are shown.
public enum MarvelURL {
  /// `base + path + ?query`, with exactly one `/` between base and path whether or not the base
  /// ends in one.
  public static func join(base: String, path: String, query: [URLQueryParameter]) -> String {
    var root = Substring(base)
    while root.hasSuffix("/") { root = root.dropLast() }
    let tail = path.hasPrefix("/") ? path : "/" + path
    let queryString = query.map(\.encoded).joined(separator: "&")
    return String(root) + tail + (queryString.isEmpty ? "" : "?" + queryString)
  }

  /// The URL with a signature's query parameters appended.
  public static func signed(_ url: String, with signature: [URLQueryParameter]) -> String {
    let query = signature.map(\.encoded).joined(separator: "&")
    return url + (url.contains("?") ? "&" : "?") + query
  }

  /// The URL without `apikey`, `ts` and `hash`, for messages and logs.
  public static func redacted(_ url: String) -> String {
    guard let mark = url.firstIndex(of: "?") else { return url }
    let kept = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).filter { pair in
      let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
      return !MarvelCredentials.parameterNames.contains(name.lowercased())
    }
    let head = String(url[..<mark])
    return kept.isEmpty ? head : head + "?" + kept.joined(separator: "&")
  }
}
