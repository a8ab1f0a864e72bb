import Foundation
import Testing

@testable import SquadCore

/// The indexed catalogue format: building, bisection and the merge rules.
@Suite struct CatalogueIndexTests {
  static func randomHeroes(_ count: Int) -> [Hero] {
    var generator = SystemRandomNumberGenerator()
    let syllables = ["spi", "der", "man", "hul", "k", "tho", "r", " ", "-", "A", "é", "Z", "(", "1"]
    return (0..<count).map { number in
      let name = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
        syllables.randomElement(using: &generator) ?? "x"
      }
      .joined()
      // Ids above 0 and a visible character: the record rule (HeroLimits) skips any other record.
      return Hero(id: HeroID(number * 7 + 1), name: name.trimmingWhitespace().isEmpty ? "x" + name : name)
    }
  }

  @Test func everyHeroIsFoundByIdAndEveryPrefixFindsExactlyItsMatches() {
    let heroes =
      Self.randomHeroes(700) + [
        Hero(id: HeroID(999_999_999_999_999), name: "Max"), Hero(id: HeroID(2), name: "Min"),
      ]
    let catalogue = LocalCatalogue(heroes: heroes)
    #expect(catalogue.count == heroes.count)
    for hero in heroes { #expect(catalogue.hero(hero.id) == hero) }
    #expect(catalogue.hero(HeroID(5)) == nil)
    for prefix in ["", "s", "spi", "SPIDER", "hulk", "é", "e", "zz", "(1", " spi", "a-"] {
      let folded = HeroName.folded(prefix)
      let expected = Set(heroes.filter { HeroName.folded($0.name).utf8.starts(with: folded.utf8) }.map(\.id))
      let found = Set(catalogue.matching(prefix: prefix).map(\.id))
      #expect(
        found == expected,
        "\(prefix): \(found.subtracting(expected).prefix(3)) \(expected.subtracting(found).prefix(3))")
      let page = catalogue.page(HeroQuery(namePrefix: prefix, offset: 1, limit: 3), source: .squad)
      #expect(page.total == expected.count)
    }
  }

  @Test func recordsAreInNameKeyOrderThenId() {
    let heroes = Self.randomHeroes(300)
    let listed = LocalCatalogue(heroes: heroes).heroes
    let keys = listed.map { (Array(HeroName.folded($0.name).utf8), $0.id) }
    for (left, right) in zip(keys, keys.dropFirst()) {
      #expect(left.0.lexicographicallyPrecedes(right.0) || (left.0 == right.0 && left.1 < right.1))
    }
  }

  @Test func aFieldTheNewRecordLacksNeverErasesWhatIsKnown() {
    let known = Hero(
      id: HeroID(1), name: "Known", description: "Ours.", modified: MarvelDate.parse("2014-01-01T00:00:00-0000"),
      thumbnail: Thumbnail(path: "http://p", extension: "jpg"), counts: HeroCounts(comics: 12, series: 3),
      urls: [HeroLink(type: "wiki", url: "http://w")])
    let bare = Hero(id: HeroID(1), name: "Known (renamed)", modified: MarvelDate.parse("2015-01-01T00:00:00-0000"))
    let merged = HeroMerge.merged(known, bare)
    #expect(merged.name == "Known (renamed)")
    #expect(merged.counts == known.counts)
    #expect(merged.description == "Ours.")
    #expect(merged.thumbnail == known.thumbnail)
    #expect(merged.urls == known.urls)
    #expect(merged.modified == bare.modified)
    let older = Hero(
      id: HeroID(1), name: "Older", modified: MarvelDate.parse("2010-01-01T00:00:00-0000"),
      counts: HeroCounts(events: 4))
    let kept = HeroMerge.merged(known, older)
    #expect(kept.name == "Known")
    #expect(kept.counts.events == 4, "a field the winner lacks comes from the other record")
  }

  @Test func theBuilderCountsAddedUpdatedAndUnchanged() {
    let builder = CatalogueBuilder(base: LocalCatalogue(heroes: [Sample.thor]).index)
    #expect(builder.merge(Sample.thor, origin: .imported) == .unchanged)
    #expect(builder.merge(Sample.hulk, origin: .imported) == .added)
    var renamed = Sample.thor
    renamed.modified = MarvelDate.parse("2030-01-01T00:00:00-0000")
    #expect(builder.merge(renamed, origin: .imported) == .updated)
    let index = builder.memoryIndex(updatedAt: nil, bundled: "")
    #expect(index.header.heroes.byOrigin == [.imported: 2])
  }

  @Test func comicsAreFoundNewestFirstForEachCharacter() {
    let builder = CatalogueBuilder(base: nil)
    builder.merge(Sample.thor, origin: .imported)
    let dates = ["2001-01-01", "2020-05-05", "1999-09-09", "2010-10-10"]
    for (number, date) in dates.enumerated() {
      builder.merge(
        Comic(
          id: number + 1, title: "Comic \(number)", onSale: MarvelDate.parse(date + "T00:00:00-0000"),
          characters: [Sample.thor.id, HeroID(number + 1)]), origin: .imported)
    }
    builder.merge(Comic(id: 99, title: "Undated", onSale: nil, characters: [Sample.thor.id]), origin: .imported)
    let catalogue = LocalCatalogue(index: builder.memoryIndex(updatedAt: nil, bundled: ""))
    #expect(
      catalogue.comics(of: Sample.thor.id).map(\.title) == ["Comic 1", "Comic 3", "Comic 0", "Comic 2", "Undated"])
    #expect(catalogue.comicsSummary(of: Sample.thor.id)?.latest.map(\.title) == ["Comic 1", "Comic 3"])
    #expect(catalogue.comics(of: HeroID(3)).map(\.title) == ["Comic 2"])
    #expect(catalogue.comicsSummary(of: HeroID(12345)) == nil)
    #expect(catalogue.comicCount == 5)
  }

  @Test func theLargestIdHasItsComicsAndTheLookupEnds() {
    // The largest id's key is all ones, the value a lookup past the comic index's end reads as.
    let largest = HeroID(Int(Int64.max))
    let builder = CatalogueBuilder(base: nil)
    builder.merge(Hero(id: largest, name: "Max"), origin: .imported)
    builder.merge(Hero(id: Sample.thor.id, name: "Thor"), origin: .imported)
    let catalogue = LocalCatalogue(index: builder.memoryIndex(updatedAt: nil, bundled: ""))
    #expect(catalogue.comics(of: largest).isEmpty)
    builder.merge(Comic(id: 1, title: "Max's", onSale: nil, characters: [largest]), origin: .imported)
    let withComic = LocalCatalogue(index: builder.memoryIndex(updatedAt: nil, bundled: ""))
    #expect(withComic.comics(of: largest).map(\.title) == ["Max's"])
    #expect(withComic.hero(largest)?.name == "Max")
  }

  @Test func aSearchFindsTheNamesThePickerFindsInNameOrder() {
    let catalogue = LocalCatalogue()
    func search(_ text: String, prefix: String? = nil, order: HeroOrder = .name, offset: Int = 0) -> HeroPage {
      catalogue.page(
        HeroQuery(namePrefix: prefix, search: text, order: order, offset: offset, limit: 100), source: .squad)
    }
    let picked = PickIndex(source: catalogue.index).matches("parker")
    let parker = search("PARKER")
    #expect(parker.heroes.map(\.id) == picked.sorted().compactMap { catalogue.index.entry(at: $0)?.hero.id })
    #expect(parker.heroes.map(\.name).contains("Spider-Man (Peter Parker)") && parker.total == parker.heroes.count)
    #expect(parker.heroes.map(\.name) == parker.heroes.map(\.name).sorted { HeroName.folded($0) < HeroName.folded($1) })
    #expect(search("parker", prefix: "may").heroes.map(\.name) == ["May Parker"])
    #expect(search("arana").heroes.map(\.name) == ["Araña"], "accents fold as the picker folds them")
    #expect(search("parker", order: .comicsDescending).heroes.first?.id == HeroID(1_009_610))
    #expect(search("parker", offset: 1).heroes.map(\.id) == Array(parker.heroes.dropFirst()).map(\.id))
    #expect(search("no such name anywhere").total == 0)
  }

  @Test func damagedBytesAreRefusedOrGiveFewerAnswersNeverACrash() throws {
    let bytes = try #require(LocalCatalogue(heroes: Sample.all).index.bytes.withBytes { Array($0) } as [UInt8]?)
    #expect(throws: CatalogueFormatError.self) { try CatalogueIndex(SharedBytes(Array(bytes.prefix(900)))) }
    #expect(throws: CatalogueFormatError.self) { try CatalogueIndex(SharedBytes(Array("{\"heroes\":[]}".utf8))) }
    for _ in 0..<200 {
      var broken = bytes
      for _ in 0..<8 {
        let at = Int.random(in: CatalogueFormat.headerSize..<broken.count)
        broken[at] = UInt8.random(in: 0...255)
      }
      guard let index = try? CatalogueIndex(SharedBytes(broken)) else { continue }
      let catalogue = LocalCatalogue(index: index)
      _ = catalogue.heroes
      _ = catalogue.matching(prefix: "s")
      for hero in Sample.all { _ = catalogue.hero(hero.id) }
    }
  }
}
