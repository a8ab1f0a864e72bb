import Foundation
import Testing

@testable import SquadCore

/// Format 5's counts section: a rank read by bisection is the rank a pass over every record
/// gives, damage to the section is found and never answered from, and files without one still rank.
@Suite struct CountsSectionTests {
  /// The rank every other record of `catalogue` gives `hero`, by the definition (a pass).
  static func passRanks(_ hero: Hero, in catalogue: LocalCatalogue) -> [HeroRank?] {
    HeroRank.ranks(of: hero.counts, among: catalogue.heroes.filter { $0.id != hero.id }.map(\.counts))
  }

  /// A catalogue of `heroes` built as a write builds it, in format 5.
  static func written(_ heroes: [Hero]) -> [UInt8] {
    let builder = CatalogueBuilder(base: nil)
    for hero in heroes { builder.merge(hero, origin: .imported) }
    var sink = MemoryCatalogueSink()
    try? builder.write(updatedAt: nil, bundled: "", to: &sink)
    return sink.bytes
  }

  /// `file` with the counts section of `other` (a file of as many known counts) and that
  /// section's check lines: every block's checksum holds, whatever the values say.
  static func counts(of other: [UInt8], into file: [UInt8]) throws -> [UInt8] {
    let (index, theirs) = (try CatalogueIndex(SharedBytes(file)), try CatalogueIndex(SharedBytes(other)))
    let (mine, section) = (try #require(index.header.counts), try #require(theirs.header.counts))
    try #require(mine.count == section.count)
    var spliced = file
    spliced.replaceSubrange(mine, with: other[section])
    let (checks, otherChecks) = (try #require(index.header.checks), try #require(theirs.header.checks))
    let countChecks = CatalogueHeader.blocks(index.header.countEntries) * CatalogueFormat.checkWidth
    spliced.replaceSubrange(
      (checks.upperBound - countChecks)..<checks.upperBound,
      with: other[(otherChecks.upperBound - countChecks)..<otherChecks.upperBound])
    return spliced
  }

  @Test func everyBundledHeroRanksByBisectionAsAPassRanksIt() throws {
    let catalogue = LocalCatalogue()
    #expect(catalogue.index.header.known == [1564, 1564, 1564, 1564])
    for hero in catalogue.heroes {
      #expect(catalogue.index.ranks(of: hero) == Self.passRanks(hero, in: catalogue), "\(hero.name)")
    }
  }

  @Test func randomCataloguesWithTiesAndUnknownCountsRankAsAPassRanks() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<40 {
      func value() -> Int? {
        Int.random(in: 0...5, using: &generator) == 0 ? nil : Int.random(in: 0...4, using: &generator)
      }
      func counts() -> HeroCounts { HeroCounts(comics: value(), series: value(), stories: value(), events: value()) }
      let heroes = (0..<Int.random(in: 0...40, using: &generator)).map { number in
        Hero(id: HeroID(6_000_000 + number), name: "Hero \(number)", counts: counts())
      }
      let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(Self.written(heroes))))
      #expect(catalogue.index.damages().isEmpty)
      // Its own record, the API's answer with other counts, and a hero the catalogue does not know.
      let asked = heroes.prefix(3) + heroes.prefix(3).map { Hero(id: $0.id, name: $0.name, counts: counts()) }
      for hero in asked + [Hero(id: HeroID(9_999_999), name: "Stranger", counts: counts())] {
        #expect(catalogue.ranks(of: hero) == Self.passRanks(hero, in: catalogue), "\(hero) in \(heroes)")
      }
    }
  }

  @Test func aDamagedCountsEntryIsFoundByCheckAndTheRankComesFromWhatIsIntact() throws {
    let written = CatalogueChecksTests.written
    let index = try CatalogueIndex(SharedBytes(written))
    let section = try #require(index.header.counts)
    let hulk = try #require(LocalCatalogue(index: index).hero(CatalogueChecksTests.hulk))
    let expected = Self.passRanks(hulk, in: LocalCatalogue(index: index))
    for position in stride(from: section.lowerBound, to: section.upperBound, by: 997) {
      var bytes = written
      bytes[position] = bytes[position] == UInt8(ascii: "0") ? UInt8(ascii: "7") : UInt8(ascii: "0")
      let damaged = try CatalogueIndex(SharedBytes(bytes))
      #expect(damaged.damages().map(\.section) == ["counts"], "byte \(position)")
      let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes)))
      #expect(catalogue.ranks(of: hulk) == expected, "byte \(position)")
    }
  }

  @Test func countsThatDisagreeWithTheRecordsAreDamageCheckFinds() throws {
    // Rewritten whole with their checksums, as only a deliberate edit would: check still compares.
    let index = try CatalogueIndex(SharedBytes(CatalogueChecksTests.written))
    var stored = index.damages()
    #expect(stored.isEmpty)
    let heroes = LocalCatalogue(index: index).heroes
    let lying = Self.written(
      heroes.map { hero in
        var changed = hero
        if hero.id == CatalogueChecksTests.hulk { changed.counts.comics = (hero.counts.comics ?? 0) + 1 }
        return changed
      })
    let mixed = try Self.counts(of: lying, into: CatalogueChecksTests.written)
    stored = try CatalogueIndex(SharedBytes(mixed)).damages()
    #expect(stored.map(\.section) == ["counts"])
  }

  @Test func countsRewrittenWithTheirChecksumsThatContradictTheHerosRecordAreDamage() throws {
    // Every value made larger than any record's, each block's checksum made again: the blocks
    // hold, but Spider-Man's own count is not in its run, so his place would be past the end.
    let real = CatalogueChecksTests.written
    let index = try CatalogueIndex(SharedBytes(real))
    let heroes = LocalCatalogue(index: index).heroes
    let huge = Self.written(
      heroes.map { hero in
        var changed = hero
        changed.counts = HeroCounts(
          comics: hero.counts.comics.map { _ in 9_000_000 }, series: hero.counts.series.map { _ in 9_000_000 },
          stories: hero.counts.stories.map { _ in 9_000_000 }, events: hero.counts.events.map { _ in 9_000_000 })
        return changed
      })
    let forged = try Self.counts(of: huge, into: real)
    let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(forged)))
    let spiderMan = try #require(catalogue.hero(HeroID(1_009_610)))
    let ranks = catalogue.ranks(of: spiderMan)
    #expect(catalogue.index.isDamaged, "noticed, so the warning is said")
    #expect(ranks == Self.passRanks(spiderMan, in: LocalCatalogue(index: index)))
    #expect(ranks.first == HeroRank(position: 1, of: 1564, tiedWith: 0))
  }

  @Test func aFileWithoutACountsSectionRanksByReadingEveryRecord() throws {
    // The bundled set without its counts section: format 3 as the previous release's files are.
    var bytes = BundledCatalogue.index.bytes.withBytes(Array.init)
    let header = BundledCatalogue.index.header
    let section = try #require(header.counts)
    bytes.removeSubrange(section)
    var text = String(decoding: bytes[0..<CatalogueFormat.headerSize], as: UTF8.self)
    let keys = try #require(text.range(of: #","counts":\[[0-9,]*\],"known":\[[0-9,]*\]"#, options: .regularExpression))
    let filler =
      #","x":""# + String(repeating: " ", count: text.distance(from: keys.lowerBound, to: keys.upperBound) - 7) + "\""
    text.replaceSubrange(keys, with: filler)
    bytes.replaceSubrange(0..<CatalogueFormat.headerSize, with: Array(text.utf8))
    let catalogue = LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes)))
    #expect(catalogue.index.header.known == nil)
    let spiderMan = try #require(catalogue.hero(HeroID(1_009_610)))
    #expect(catalogue.ranks(of: spiderMan).first == HeroRank(position: 1, of: 1564, tiedWith: 0))
    #expect(catalogue.ranks(of: spiderMan) == LocalCatalogue().ranks(of: spiderMan))
  }

  @Test func aHeaderWhoseKnownCountsDoNotFitItsSectionIsDamaged() throws {
    let bytes = BundledCatalogue.index.bytes.withBytes(Array.init)
    let text = String(decoding: bytes[0..<CatalogueFormat.headerSize], as: UTF8.self)
    let known = "\"known\":[1564,1564,1564,1564]"
    try #require(text.contains(known))
    // Each the same length as what it replaces, so only the numbers change.
    let lies = [
      "\"known\":[1563,1564,1564,1564]", "\"known\":[9999,1564,1564,1564]", "\"known\":[1564,1564,1564]     ",
      "\"known\":[1564,1564,1564,15,0]",
    ]
    for lie in lies {
      try #require(lie.utf8.count == known.utf8.count)
      let header = Array(text.replacingOccurrences(of: known, with: lie).utf8)
      let changed = header + bytes[CatalogueFormat.headerSize...]
      #expect(throws: CatalogueFormatError.self, "\(lie)") { try CatalogueIndex(SharedBytes(Array(changed))) }
    }
  }
}
