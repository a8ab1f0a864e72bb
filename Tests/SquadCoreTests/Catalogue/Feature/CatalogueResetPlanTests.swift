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

  @Test func aBundledRecordFilledInByAnOlderImportIsRevertedThoughItKeepsItsLabel() throws {
    // A bundled hero without links, newer than the import that has some: the import fills them in.
    let date = Date(timeIntervalSince1970: 1_000_000_000)
    let bundled = try #require(BundledCatalogue.heroes.first { ($0.modified ?? date) > date && $0.urls.isEmpty })
    var older = Hero(id: bundled.id, name: bundled.name, modified: date)
    older.urls = [HeroLink(type: "detail", url: "http://marvel.com/characters/older")]
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    #expect(builder.merge(older, origin: .imported) == .updated)
    let catalogue = LocalCatalogue(index: builder.memoryIndex(updatedAt: nil, bundled: BundledCatalogue.fingerprint))
    #expect(catalogue.origin(of: bundled.id) == .bundled, "the newer bundled record wins, and keeps its origin")
    #expect(catalogue.hero(bundled.id)?.urls == older.urls)

    #expect(catalogue.bundledStanding() == (same: BundledCatalogue.index.count - 1, relabelled: 0, filledIn: 1))
    let contents = CatalogueContents(measuring: catalogue)
    #expect(contents == CatalogueContents(droppedHeroes: 0, revertedHeroes: 1, comics: 0))
    #expect(!contents.isBundledSetOnly, "a reset has a record to revert")
  }
}
