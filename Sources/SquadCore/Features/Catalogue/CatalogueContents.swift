/// How much the catalogue holds beyond the bundled set: what a reset drops.
public struct CatalogueContents: Equatable, Sendable {
  /// Heroes that are not (or no longer) the bundled ones.
  public var droppedHeroes: Int
  /// Comics (none are bundled).
  public var comics: Int
  /// Why the stored file cannot be used, when it is damaged: a reset then moves it aside.
  public var damage: String?

  /// Contents of the given sizes, or of a damaged file.
  public init(droppedHeroes: Int, comics: Int, damage: String? = nil) {
    self.droppedHeroes = droppedHeroes
    self.comics = comics
    self.damage = damage
  }
}
