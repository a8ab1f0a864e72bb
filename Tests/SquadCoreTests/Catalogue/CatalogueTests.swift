import Foundation
import Testing

@testable import SquadCore

@Suite struct CatalogueTests {
  @Test func theBundledCatalogueHoldsEveryRealCharacterOnce() {
    let heroes = BundledCatalogue.heroes
    #expect(heroes.count == 1564)
    #expect(LocalCatalogue().count == 1564)
    #expect(Set(heroes.map(\.id)).count == heroes.count, "ids must be unique")
    #expect(LocalCatalogue().hero(HeroID(1_010_860))?.name == "Squirrel Girl")
    #expect(!heroes.contains { $0.thumbnail?.path.hasSuffix("image_not_available") == true })
  }

  @Test func everyBundledHeroCarriesTheFactsCountsAndDates() throws {
    let heroes = BundledCatalogue.heroes
    #expect(heroes.allSatisfy { $0.counts.comics != nil && $0.counts.series != nil && $0.counts.stories != nil })
    let catalogue = LocalCatalogue()
    #expect(
      catalogue.hero(HeroID(1_009_610))?.counts == HeroCounts(comics: 4484, series: 1215, stories: 6485, events: 37))
    #expect(catalogue.hero(HeroID(1_010_860))?.counts.comics == 127, "Squirrel Girl")
    #expect(catalogue.hero(HeroID(1_011_334))?.counts.events == 1, "the facts' empty cell, filled from a sample")
    #expect(catalogue.hero(HeroID(1_011_495))?.name == "Marvelman")
    #expect(catalogue.hero(HeroID(1_017_858))?.counts.comics == 1, "Emily Bright, listed by 2024")
    #expect(catalogue.hero(HeroID(1_010_752))?.name == "Karolina Dean", "the facts' trailing space is trimmed")
    let epoch = try #require(catalogue.hero(HeroID(1_010_699)), "Aaron Stack: Marvel's 1969 'unknown' date")
    #expect(epoch.modified == nil && epoch.counts.comics == 14)
    #expect(catalogue.hero(HeroID(1_009_291))?.modified == nil, "Empath: Marvel's -0001 'no date'")
    #expect(catalogue.hero(HeroID(1_017_858))?.modified == MarvelDate.parse("2024-01-09T12:59:49-0500"))
  }

  @Test(.enabled(if: CLIProcess.which("python3") != nil, "python3 is needed to run the generator"))
  func theGeneratorRemakesTheBundledFileByteForByte() throws {
    let script = Fixture.root.appendingPathComponent("scripts/tools/make-bundled-catalogue.py").path
    let python = try #require(CLIProcess.which("python3"))
    let result = try CLIProcess.execute(
      python, [script, "--check"], environment: ProcessInfo.processInfo.environment, directory: Fixture.root.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("is what the facts make (1564 heroes)"))
  }

  @Test func theBundledCatalogueHasTheHeroesTheTourUses() {
    let catalogue = LocalCatalogue()
    #expect(catalogue.hero(HeroID(1_009_610))?.name == "Spider-Man (Peter Parker)")
    #expect(catalogue.hero(HeroID(1_009_351))?.name == "Hulk")
    #expect(
      catalogue.page(HeroQuery(namePrefix: "spi", limit: 100), source: .api(attribution: "")).heroes.contains {
        $0.id == HeroID(1_009_610)
      })
  }

  @Test func mergingKeepsTheNewerRecord() {
    var catalogue = LocalCatalogue(heroes: [Sample.thor])
    var older = Sample.thor
    older.name = "Old Thor"
    older.modified = MarvelDate.parse("2010-01-01T00:00:00-0000")
    catalogue.merge([older])
    #expect(catalogue.hero(Sample.thor.id)?.name == "Thor")
    var newer = Sample.thor
    newer.name = "New Thor"
    newer.modified = MarvelDate.parse("2020-01-01T00:00:00-0000")
    catalogue.merge([newer])
    #expect(catalogue.hero(Sample.thor.id)?.name == "New Thor")
  }

  @Test func pagesFollowTheRequestedOrderAndWindow() {
    let catalogue = Sample.catalogue
    let source = DataSource.catalogue(reason: .offline, updatedAt: nil)
    let byName = catalogue.page(HeroQuery(order: .name, offset: 1, limit: 2), source: source)
    #expect(byName.heroes.map(\.name) == ["Hulkling", "Spider-Man (Peter Parker)"])
    #expect(byName.total == 5)
    let descending = catalogue.page(HeroQuery(order: .nameDescending, limit: 1), source: source)
    #expect(descending.heroes.map(\.name) == ["Thor"])
    let modified = catalogue.page(HeroQuery(order: .modifiedDescending, limit: 1), source: source)
    #expect(modified.heroes == [HeroSummary(Sample.thor, position: 4)])
    let beyond = catalogue.page(HeroQuery(offset: 50), source: source)
    #expect(beyond.heroes.isEmpty && beyond.total == 5)
  }

  @Test func storedHeroesSurviveARoundTripThroughTheCatalogueFile() throws {
    let directory = TemporaryDirectory()
    let paths = SquadPaths(home: directory.path)
    let learnt = Hero(
      id: HeroID(2_000_001), name: "Synthetic Hero", modified: MarvelDate.parse("2021-02-03T04:05:06-0500"))
    try CatalogueStore(paths: paths).remember([learnt], at: Sample.moment)
    let loaded = CatalogueStore(paths: paths).catalogue
    #expect(loaded.hero(learnt.id) == learnt)
    #expect(loaded.count == BundledCatalogue.heroes.count + 1)
    #expect(loaded.updatedAt == Sample.moment)
    #expect(loaded.origin(of: learnt.id) == .api)
    #expect(loaded.heroesByOrigin == [.bundled: 1564, .api: 1])
  }
}

@Suite struct MarvelDateTests {
  @Test func offsetsWithoutAColonAreApplied() {
    #expect(MarvelDate.parse("2014-04-29T14:18:17-0400") == Date(timeIntervalSince1970: 1_398_795_497))
  }

  @Test func theUnknownMarkerIsTheEpoch() {
    #expect(MarvelDate.parse("1969-12-31T19:00:00-0500") == MarvelDate.unknownMarker)
  }

  @Test func formatsRoundTrip() {
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    #expect(MarvelDate.iso8601(date) == "2026-09-21T14:13:20Z")
    #expect(MarvelDate.parse(MarvelDate.iso8601(date)) == date)
    #expect(MarvelDate.day(date) == "2026-09-21")
  }

  @Test func malformedDatesAreRejected() {
    for text in ["", "2014", "2014-13-01", "2014-04-29T25:00:00Z", "2014-04-29T14:18:17-04", "yesterday"] {
      #expect(MarvelDate.parse(text) == nil, "\(text)")
    }
  }
}

@Suite struct CatalogueFileTests {
  @Test func heroesReadBackEqualTheHeroesSaved() throws {
    let directory = TemporaryDirectory()
    let paths = SquadPaths(home: directory.path)
    let awkward = Hero(
      id: HeroID(2_000_009), name: "Araña \"Q\"", description: "tab\there, é, \u{1B}[2J",
      modified: Sample.thor.modified,
      thumbnail: Thumbnail(path: "http://x/\\y", extension: "png"), counts: HeroCounts(comics: 3),
      urls: [HeroLink(type: "wiki", url: "http://w/\"q\""), HeroLink(type: "detail", url: "http://d")])
    let plain = Hero(id: HeroID(2_000_010), name: "Plain", counts: HeroCounts(comics: 1))
    try CatalogueStore(paths: paths).remember([awkward, plain], at: Sample.moment)
    let loaded = CatalogueStore(paths: paths).catalogue
    for hero in [awkward, plain] {
      #expect(loaded.hero(hero.id) == hero)
      #expect(loaded.summary(hero.id) == HeroSummary(hero))
    }
  }

  @Test func theFingerprintIsTheFNVHashOfTheBundledRecords() throws {
    // Written by scripts/tools/make-bundled-catalogue.py; a hand edit of the data must not keep
    // an old fingerprint, or stored catalogues would never take the new set in.
    let index = BundledCatalogue.index
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    index.bytes.withBytes { bytes in
      for byte in bytes[index.header.records] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    #expect(BundledCatalogue.fingerprint == String(hash, radix: 16))
    #expect(index.header.bundled == BundledCatalogue.fingerprint)
  }

  @Test func theGeneratorWritesWhatTheSwiftWriterWouldAndInTheSameOrder() throws {
    // The bundled file is made by Python; the Swift writer, given the same heroes, must agree on
    // every key and the order, or bisection would miss heroes.
    let bundled = BundledCatalogue.heroes
    let rebuilt = LocalCatalogue(heroes: bundled.shuffled(), origin: .bundled)
    #expect(rebuilt.heroes.map(\.id) == bundled.map(\.id))
    for hero in bundled.prefix(200) + bundled.suffix(50) {
      #expect(LocalCatalogue().matching(prefix: hero.name).contains { $0.id == hero.id }, "\(hero.name)")
    }
    #expect(LocalCatalogue().matching(prefix: "arana").map(\.name) == ["Araña"])
    // The counts section too, byte for byte: ranks bisect it.
    func counts(_ index: CatalogueIndex) -> [UInt8]? {
      index.header.counts.map { range in index.bytes.withBytes { Array($0[range]) } }
    }
    #expect(rebuilt.index.header.known == BundledCatalogue.index.header.known)
    #expect(counts(rebuilt.index) != nil && counts(rebuilt.index) == counts(BundledCatalogue.index))
  }

  // Every link here is a web address: one that is not (an empty one, `javascript:`) is dropped
  // when read, by the one link rule (HeroLink.isWebAddress, tested with the readers).
  @Test func aRecordReadInPlaceEqualsTheHeroItWasWrittenFrom() throws {
    let awkward = Hero(
      id: HeroID(7), name: "Araña \"Quoted\" \\ back\u{202E}", description: "line\nbreak, é, 😀, \u{1B}[31m",
      modified: MarvelDate.parse("2014-04-29T14:18:17-0400"),
      thumbnail: Thumbnail(path: "http://x/y", extension: "jpg"),
      counts: HeroCounts(comics: 1, series: 0, stories: nil, events: 12),
      urls: [HeroLink(type: "detail", url: "http://x/\u{7F}"), HeroLink(type: "wiki", url: "HTTPS://x/")])
    for hero in Array(BundledCatalogue.heroes.prefix(40)) + [awkward, Sample.thor, Sample.spiderWoman] {
      let text = hero.record.encoded()
      var bytes = Array(text.utf8)
      let read = try bytes.withUnsafeMutableBufferPointer { buffer in
        var reader = JSONReader(UnsafeBufferPointer(buffer))
        return try Hero(reading: &reader)
      }
      #expect(read == hero)
    }
  }
}
