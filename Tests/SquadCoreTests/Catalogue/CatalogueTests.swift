import Foundation
import Testing

@testable import SquadCore

@Suite struct CatalogueTests {
  @Test func theBundledCatalogueDecodesEveryLine() {
    let lines = BundledCatalogue.jsonLines.split(separator: "\n").count
    #expect(BundledCatalogue.heroes.count == lines)
    #expect(lines >= 100)
    #expect(Set(BundledCatalogue.heroes.map(\.id)).count == lines, "ids must be unique")
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
    #expect(modified.heroes == [Sample.thor])
    let beyond = catalogue.page(HeroQuery(offset: 50), source: source)
    #expect(beyond.heroes.isEmpty && beyond.total == 5)
  }

  @Test func storedHeroesSurviveARoundTripThroughTheCatalogueFile() throws {
    let directory = TemporaryDirectory()
    let file = CatalogueFile(path: directory.file("cache/catalogue.json"))
    var catalogue = LocalCatalogue()
    let learnt = Hero(id: HeroID(2_000_001), name: "Synthetic Hero", modified: MarvelDate.parse("2021-02-03T04:05:06-0500"))
    catalogue.merge([learnt], at: Sample.moment)
    try file.save(catalogue)
    let loaded = try file.load()
    #expect(loaded.hero(learnt.id) == learnt)
    #expect(loaded.count == BundledCatalogue.heroes.count + 1)
    #expect(loaded.updatedAt == Sample.moment)
  }

  @Test func aCorruptCatalogueFileIsReportedNotTrusted() throws {
    let directory = TemporaryDirectory()
    try directory.write("[1,2", to: "catalogue.json")
    #expect(throws: PersistenceError.self) { try CatalogueFile(path: directory.file("catalogue.json")).load() }
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
    #expect(MarvelDate.parse(MarvelDate.format(date)) == date)
  }

  @Test func malformedDatesAreRejected() {
    for text in ["", "2014", "2014-13-01", "2014-04-29T25:00:00Z", "2014-04-29T14:18:17-04", "yesterday"] {
      #expect(MarvelDate.parse(text) == nil, "\(text)")
    }
  }
}

@Suite struct CatalogueFileTests {
  @Test func aFileFromAnotherBundledSetIsMergedWithThisOne() throws {
    let directory = TemporaryDirectory()
    let learnt = Hero(id: HeroID(2_000_002), name: "Stored Elsewhere")
    try directory.write(
      "{\"schemaVersion\":1,\"bundled\":\"other\",\"updatedAt\":\"2026-01-01T00:00:00Z\",\"heroes\":[\(learnt.record.encoded())]}",
      to: "catalogue.json")
    let loaded = try CatalogueFile(path: directory.file("catalogue.json")).load()
    #expect(loaded.count == BundledCatalogue.heroes.count + 1)
  }

  @Test func aFileFromThisBundledSetIsTakenAsItIs() throws {
    let directory = TemporaryDirectory()
    let only = Hero(id: HeroID(2_000_003), name: "Only One")
    try directory.write(
      "{\"schemaVersion\":1,\"bundled\":\"\(BundledCatalogue.fingerprint)\",\"heroes\":[\(only.record.encoded())]}",
      to: "catalogue.json")
    #expect(try CatalogueFile(path: directory.file("catalogue.json")).load().count == 1)
  }

  @Test func theFingerprintIsTheFNVHashOfTheBundledText() {
    // Written by scripts/tools/make-bundled-catalogue.py; a hand edit of the data must not keep
    // an old fingerprint, or stored catalogues would never be merged with the new set.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in BundledCatalogue.jsonLines.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    #expect(BundledCatalogue.fingerprint == String(hash, radix: 16))
  }

  @Test func heroesKeptEncodedUntilAskedEqualTheHeroesSaved() throws {
    let directory = TemporaryDirectory()
    let file = CatalogueFile(path: directory.file("catalogue.json"))
    let awkward = Hero(
      id: HeroID(2_000_009), name: "Araña \"Q\"", description: "tab\there, é, \u{1B}[2J", modified: Sample.thor.modified,
      thumbnail: Thumbnail(path: "http://x/\\y", extension: "png"), counts: HeroCounts(comics: 3),
      urls: [HeroLink(type: "wiki", url: "http://w/\"q\""), HeroLink(type: "detail", url: "http://d")])
    var saved = LocalCatalogue()
    saved.merge([awkward, Sample.spiderMan, Sample.hulk], at: Sample.moment)
    try file.save(saved)
    let loaded = try file.load()
    #expect(loaded == saved)
    for hero in saved.heroes {
      let read = try #require(loaded.hero(hero.id))
      guard case .encoded = read.storedDetails else {
        Issue.record("\(hero.name) was decoded eagerly")
        continue
      }
      #expect(read.details == hero.details)
      #expect(read.description == hero.description)
      #expect(read.urls == hero.urls)
      #expect(read.thumbnail == hero.thumbnail)
      #expect(read.hashValue == hero.hashValue)
    }
  }

  @Test(arguments: [
    #"{"id":1,"name":"A","urls":[{"type":"wiki"}]}"#, #"{"id":1,"name":"A","thumbnail":{"path":"p"}}"#,
    #"{"id":1,"name":"A","description":7}"#, #"{"id":1,"name":"A","urls":[{"type":"wiki","url":5}]}"#,
  ])
  func badDetailsAreFoundWhenTheFileIsReadNotLater(record: String) throws {
    let directory = TemporaryDirectory()
    try directory.write(
      "{\"schemaVersion\":1,\"bundled\":\"\(BundledCatalogue.fingerprint)\",\"heroes\":[\(record)]}", to: "catalogue.json")
    #expect(throws: PersistenceError.self) { try CatalogueFile(path: directory.file("catalogue.json")).load() }
  }

  @Test func aRecordReadInPlaceEqualsTheHeroItWasWrittenFrom() throws {
    let awkward = Hero(
      id: HeroID(7), name: "Araña \"Quoted\" \\ back\u{1B}[31m", description: "line\nbreak, é, 😀, \u{202E}",
      modified: MarvelDate.parse("2014-04-29T14:18:17-0400"), thumbnail: Thumbnail(path: "http://x/y", extension: "jpg"),
      counts: HeroCounts(comics: 1, series: 0, stories: nil, events: 12),
      urls: [HeroLink(type: "detail", url: "http://x/\u{7F}"), HeroLink(type: "wiki", url: "")])
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
