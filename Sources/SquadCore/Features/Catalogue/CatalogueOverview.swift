import Foundation

/// What `squad catalogue` reports: heroes and comics by origin, the last change, and the files.
public struct CatalogueOverview: Equatable, Sendable {
  /// How many heroes.
  public var heroes: Int
  /// Heroes by where they came from.
  public var heroesByOrigin: [HeroOrigin: Int]
  /// How many comics.
  public var comics: Int
  /// Comics by where they came from.
  public var comicsByOrigin: [HeroOrigin: Int]
  /// When the stored catalogue last changed; nil for the bundled set alone.
  public var updatedAt: Date?
  /// The catalogue file.
  public var catalogueFile: String
  /// Its size; nil when it is not written yet.
  public var catalogueBytes: Int?
  /// The response cache's folder.
  public var cacheFolder: String
  /// The bytes of the cached responses.
  public var cacheBytes: Int
}
