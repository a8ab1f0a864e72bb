import Foundation
import Testing

@testable import SquadCore

/// What a reset reverts and drops, decided over a catalogue read into memory: no files.
@Suite struct CatalogueResetPlanTests {
  @Test func aResetRevertsUpdatedBundledHeroesAndDropsTheRest() throws {
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    var updated = try #require(BundledCatalogue.heroes.first)
    updated.modified = Date(timeIntervalSince1970: 4_000_000_000)
    builder.merge(updated, origin: .api)
    builder.merge(Hero(id: HeroID(3_000_001), name: "New One"), origin: .imported)
    builder.merge(Hero(id: HeroID(3_000_002), name: "New Two"), origin: .api)
    builder.merge(Comic(id: 9, title: "A comic", onSale: nil, characters: [updated.id]), origin: .imported)
    let catalogue = LocalCatalogue(index: builder.memoryIndex(updatedAt: nil, bundled: BundledCatalogue.fingerprint))

    let contents = CatalogueContents(measuring: catalogue)
    #expect(contents == CatalogueContents(droppedHeroes: 2, revertedHeroes: 1, comics: 1))
    #expect(!contents.isBundledSetOnly)
    #expect(CatalogueContents(measuring: LocalCatalogue()).isBundledSetOnly)
  }
}
