/// A public web link for a hero, as Marvel lists them (`detail`, `wiki`, `comiclink`).
struct HeroLink: Hashable, Sendable, Decodable {
  var type: String
  var url: String

  /// `http://` or `https://` (any case) and more. Links and pictures of other schemes (`javascript:`,
  /// `data:`) are dropped wherever a hero is read: a terminal or Markdown viewer may open what squad prints.
  static func isWebAddress(_ address: String) -> Bool {
    let scheme = address.prefix(8).lowercased()
    return scheme.hasPrefix("https://") ? address.utf8.count > 8 : scheme.hasPrefix("http://") && address.utf8.count > 7
  }
}
