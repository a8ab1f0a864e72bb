import Foundation
import Testing

@testable import SquadCore

/// Name order: the folded name, then the id; the same whether a name is ASCII or not.
@Suite struct HeroOrderingTests {
  static let names = [
    "Spider-Man (Peter Parker)", "spider-man", " Araña", "Arana", "Araña", "ARANA", "Zzz", "zz", "", "  ", "Émile",
    "Emile", "emile ", "Hulk", "Hulk", "A-Bomb (HAS)", "a-bomb", "3-D Man", "Ω", "Ölaf", "olaf", "\tThor\n",
  ]

  @Test func nameOrderIsTheFoldedNameThenTheId() {
    let heroes = Self.names.enumerated().map { Hero(id: HeroID(1000 - $0.offset), name: $0.element) }
    let expected = heroes.sorted {
      let left = HeroName.folded($0.name)
      let right = HeroName.folded($1.name)
      return left != right ? left < right : $0.id < $1.id
    }
    #expect(HeroOrdering.sorted(heroes.shuffled(), by: .name).map(\.id) == expected.map(\.id))
    #expect(HeroOrdering.sorted(heroes, by: .nameDescending).map(\.id) == expected.reversed().map(\.id))
  }

  @Test func modifiedOrderIsTheDateThenTheIdWithUnknownDatesFirst() {
    let dates: [Date?] = [
      nil, Date(timeIntervalSince1970: 5), nil, Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 5),
    ]
    let heroes = dates.enumerated().map {
      Hero(id: HeroID(100 - $0.offset), name: "H\($0.offset)", modified: $0.element)
    }
    let expected = heroes.sorted {
      let left = $0.modified ?? .distantPast
      let right = $1.modified ?? .distantPast
      return left != right ? left < right : $0.id < $1.id
    }
    #expect(HeroOrdering.sorted(heroes.shuffled(), by: .modified).map(\.id) == expected.map(\.id))
    #expect(HeroOrdering.sorted(heroes, by: .modifiedDescending).map(\.id) == expected.reversed().map(\.id))
  }

  @Test func countOrdersPutUnknownCountsLastEitherWayAndKeepTiesInTheOrderGiven() {
    let heroes = [
      Hero(id: HeroID(1), name: "Zed", counts: HeroCounts(comics: 5)),
      Hero(id: HeroID(2), name: "Nobody Knows"),
      Hero(id: HeroID(3), name: "Abe", counts: HeroCounts(comics: 5)),
      Hero(id: HeroID(4), name: "Most", counts: HeroCounts(comics: 90)),
      Hero(id: HeroID(5), name: "Also Unknown"),
      Hero(id: HeroID(6), name: "None", counts: HeroCounts(comics: 0)),
    ]
    let byName = HeroOrdering.sorted(heroes.shuffled(), by: .name)
    func names(_ order: HeroOrder) -> [String] { HeroOrdering.sorted(byName, by: order).map(\.name) }
    #expect(names(.comicsDescending) == ["Most", "Abe", "Zed", "None", "Also Unknown", "Nobody Knows"])
    #expect(names(.comics) == ["None", "Abe", "Zed", "Most", "Also Unknown", "Nobody Knows"])
    #expect(names(.events) == ["Abe", "Also Unknown", "Most", "Nobody Knows", "None", "Zed"], "all unknown")
    let catalogue = LocalCatalogue(heroes: heroes)
    let page = catalogue.page(HeroQuery(order: .comicsDescending, offset: 1, limit: 2), source: .squad)
    #expect(page.heroes.map(\.name) == ["Abe", "Zed"])
    #expect(page.total == 6)
  }

  @Test func aPageIsTheWindowOfTheWholeOrder() {
    let catalogue = LocalCatalogue(heroes: BundledCatalogue.heroes)
    let all = HeroOrdering.sorted(catalogue.heroes, by: .name)
    let page = catalogue.page(HeroQuery(namePrefix: nil, order: .name, offset: 30, limit: 7), source: .squad)
    #expect(page.heroes.map(\.id) == all[30..<37].map(\.id))
    #expect(page.total == all.count)
  }

  @Test func theBundledCatalogueSortsAsTheGeneratorListedIt() {
    // The generator writes the set in (casefolded name, id) order; for these names that is ours.
    let sorted = HeroOrdering.sorted(BundledCatalogue.heroes.shuffled(), by: .name)
    #expect(sorted.map(\.id) == BundledCatalogue.heroes.map(\.id))
  }
}

/// The catalogue's array and index stay one: every id once, the newer record winning.
@Suite struct LocalCatalogueIndexTests {
  @Test func duplicatesInTheInputKeepTheNewerRecordOnce() {
    let old = Hero(id: HeroID(1), name: "Old", modified: Date(timeIntervalSince1970: 10))
    let new = Hero(id: HeroID(1), name: "New", modified: Date(timeIntervalSince1970: 20))
    for input in [[old, new], [new, old]] {
      let catalogue = LocalCatalogue(heroes: input + [Sample.hulk])
      #expect(catalogue.count == 2)
      #expect(catalogue.hero(HeroID(1))?.name == "New")
      #expect(Set(catalogue.heroes.map(\.id)) == [HeroID(1), Sample.hulk.id])
    }
  }

  @Test func mergingIntoAnEmptyCatalogueThenMoreKeepsTheIndexRight() {
    var catalogue = LocalCatalogue(heroes: [])
    catalogue.merge([Sample.hulk, Sample.thor])
    catalogue.merge([Sample.spiderMan, Hero(id: Sample.hulk.id, name: "Hulk (renamed)")])
    #expect(catalogue.count == 3)
    #expect(catalogue.hero(Sample.hulk.id)?.name == "Hulk (renamed)")
    #expect(catalogue.hero(Sample.spiderMan.id) == Sample.spiderMan)
    // The renamed record has no counts, and a missing field never erases a known one.
    let renamed = Hero(id: Sample.hulk.id, name: "Hulk (renamed)", counts: Sample.hulk.counts)
    #expect(catalogue == LocalCatalogue(heroes: [Sample.spiderMan, renamed, Sample.thor]))
  }
}
