/// How much the catalogue holds beyond the bundled set: what a reset drops.
public struct CatalogueContents: Equatable, Sendable {
  /// Heroes that are not (or no longer) the bundled ones.
  public var droppedHeroes: Int
  /// Comics (none are bundled).
  public var comics: Int

  /// Contents of the given sizes.
  public init(droppedHeroes: Int, comics: Int) {
    self.droppedHeroes = droppedHeroes
    self.comics = comics
  }
}
