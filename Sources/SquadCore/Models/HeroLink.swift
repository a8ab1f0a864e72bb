/// A public web link for a hero, as Marvel lists them (`detail`, `wiki`, `comiclink`).
public struct HeroLink: Hashable, Sendable, Decodable {
  /// The kind of page: `detail`, `wiki` or `comiclink`.
  public var type: String
  /// The page address.
  public var url: String
}
