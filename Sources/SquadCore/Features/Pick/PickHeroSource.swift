/// Where the picker's heroes come from: every hero it can list, in name order.
///
/// One small interface so the indexed catalogue (name order from an offset, filtered) can take
/// over from reading the whole local catalogue without the picker changing.
public protocol PickHeroSource: Sendable {
  /// Every hero, in name order.
  func heroesInNameOrder() -> [Hero]
}

/// The local catalogue (bundled heroes, plus everything synced or fetched), never the network:
/// a list to browse must answer at once, and `squad sync` fills the catalogue.
public struct LocalPickHeroSource: PickHeroSource {
  private let store: CatalogueStore

  /// A source over the catalogue store.
  public init(store: CatalogueStore) { self.store = store }

  public func heroesInNameOrder() -> [Hero] { HeroOrdering.sorted(store.catalogue.heroes, by: .name) }
}
