import Foundation
import Testing

@testable import SquadCore

/// The stored catalogue: where it lives, upgrades from the previous release, damage.
@Suite struct CatalogueStoreTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  init() throws {
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
  }

  func writeLegacy(_ heroes: [Hero], bundled: String = "d14080d28050ace6") throws {
    let records = heroes.map { $0.record.encoded() }.joined(separator: ",\n")
    try home.write(
      "{\"schemaVersion\":1,\"bundled\":\"\(bundled)\",\"updatedAt\":\"2026-01-01T00:00:00Z\",\"heroes\":[\n\(records)\n]}\n",
      to: "cache/catalogue.json")
  }

  @Test func aResetNeverDropsWhatNobodyWasAskedAbout() throws {
    try CatalogueStore(paths: paths).remember(
      [Hero(id: HeroID(7_000_001), name: "One")], at: Sample.moment, origin: .imported)
    let asked = try CatalogueStore(paths: paths).resetContents()
    // Imported while the question waited for its answer:
    try CatalogueStore(paths: paths).remember(
      [Hero(id: HeroID(7_000_002), name: "Two")], at: Sample.moment, origin: .imported)
    let changed = PersistenceError(
      path: paths.catalogueFile,
      reason: .changedMeanwhile(during: "while you were asked", command: "squad catalogue reset"))
    #expect(throws: changed) { try CatalogueStore(paths: paths).reset(asked: asked) }
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(7_000_002))?.name == "Two")
    #expect(changed.description.contains("changed while you were asked, so nothing was changed"))
    // An import that only updates a hero changes no count, but it is a change nobody was asked about.
    let counted = try CatalogueStore(paths: paths).resetContents()
    try CatalogueStore(paths: paths).remember(
      [Hero(id: HeroID(7_000_002), name: "Two, renamed")], at: Sample.moment, origin: .imported)
    #expect(try CatalogueStore(paths: paths).resetContents().droppedHeroes == counted.droppedHeroes)
    #expect(throws: changed) { try CatalogueStore(paths: paths).reset(asked: counted) }
    try CatalogueStore(paths: paths).reset(asked: CatalogueStore(paths: paths).resetContents())
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(7_000_002)) == nil)
  }

  @Test func aHomeOfThePreviousReleaseKeepsEveryHeroWithOneNotice() throws {
    let synced = (0..<50).map { Hero(id: HeroID(3_000_000 + $0), name: "Synced \($0)", counts: HeroCounts(comics: $0)) }
    try writeLegacy(synced + [Sample.thor])
    let notices = Mutex<[String]>([])
    let store = CatalogueStore(paths: paths, notice: { text in notices.withLock { $0.append(text) } })
    for catalogue in [
      store.catalogue,
      {
        store.upgrade()
        return store.catalogue
      }(),
    ] {
      for hero in synced { #expect(catalogue.hero(hero.id) == hero) }
      #expect(catalogue.count == 1564 + 50)
      #expect(catalogue.updatedAt == MarvelDate.parse("2026-01-01T00:00:00Z"))
    }
    #expect(notices.withLock { $0.count } == 1)
    #expect(!FileManager.default.fileExists(atPath: paths.legacyCatalogueFile))
    #expect(FileManager.default.fileExists(atPath: paths.catalogueFile))
    let again = Mutex<[String]>([])
    let later = CatalogueStore(paths: paths, notice: { text in again.withLock { $0.append(text) } })
    later.upgrade()
    #expect(later.catalogue.count == 1564 + 50)
    #expect(again.withLock { $0.isEmpty }, "the upgrade is announced once")
  }

  @Test func readingAnEarlierReleasesCatalogueWritesNothing() throws {
    try writeLegacy([Sample.thor, Hero(id: HeroID(3_000_001), name: "Synced")])
    let before = try home.snapshot()
    let catalogue = CatalogueStore(paths: paths).catalogue
    #expect(catalogue.hero(HeroID(3_000_001))?.name == "Synced")
    #expect(try home.snapshot() == before, "a read never migrates")
  }

  @Test func anUnreadableOldCatalogueIsKeptAndReported() throws {
    try home.write("{\"heroes\":[", to: "cache/catalogue.json")
    let warnings = Mutex<[String]>([])
    let catalogue = CatalogueStore(paths: paths, warn: { text in warnings.withLock { $0.append(text) } }).catalogue
    #expect(catalogue.count == 1564)
    #expect(warnings.withLock { $0.count } == 1)
    #expect(FileManager.default.fileExists(atPath: paths.legacyCatalogueFile), "never a silent loss")
  }

  /// Found by the attack: a person's file named `cache` in the squad home earned a warning that
  /// an old catalogue could not be read; a JSON file of theirs at `cache/catalogue.json` was
  /// "migrated" (no heroes) and removed.
  @Test func onlyTheOldCatalogueItselfIsWarnedAboutOrMigrated() throws {
    try FileManager.default.removeItem(atPath: home.file("cache"))
    try home.write("my notes\n", to: "cache")
    let warnings = Mutex<[String]>([])
    let store = CatalogueStore(paths: paths, warn: { text in warnings.withLock { $0.append(text) } })
    #expect(store.catalogue.count == 1564)
    store.upgrade()
    #expect(warnings.withLock { $0 } == [])
    #expect(home.contents("cache") == Data("my notes\n".utf8))

    try FileManager.default.removeItem(atPath: home.file("cache"))
    try FileManager.default.createDirectory(atPath: home.file("cache"), withIntermediateDirectories: true)
    try home.write(#"{"mine":true}"#, to: "cache/catalogue.json")
    let other = CatalogueStore(paths: paths, warn: { text in warnings.withLock { $0.append(text) } })
    other.upgrade()
    #expect(warnings.withLock { $0 } == [])
    #expect(home.contents("cache/catalogue.json") == Data(#"{"mine":true}"#.utf8))
  }

  @Test func aNewerSquadsCatalogueIsNeverTakenForDamageNorWrittenOver() throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(2_000_100), name: "Imported")], at: Sample.moment)
    var bytes = try #require(home.contents("catalogue.sqc")).map { $0 }
    let whole = bytes
    // A version digit flipped alone fails the header's checksum: damage, not a newer squad's file.
    bytes[16] = UInt8(ascii: "6")
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    #expect(throws: Never.self) { try CatalogueStore(paths: paths).read() }
    // Written so by a newer squad, the header's checksum holds.
    let end = CatalogueFormat.headerSize - CatalogueFormat.checkWidth
    var line: [UInt8] = []
    CatalogueFormat.appendHex(
      UInt64(bytes.withUnsafeBufferPointer { CRC32.checksum(.init(rebasing: $0[0..<end])) }), digits: 8, to: &line)
    bytes.replaceSubrange(end..<(end + 8), with: line)
    try #require(bytes != whole)
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let store = CatalogueStore(paths: paths)
    #expect(throws: PersistenceError(path: paths.catalogueFile, reason: .newerSchema(version: 6, reads: 5))) {
      try store.read()
    }
    #expect(throws: PersistenceError.self) {
      try store.remember([Hero(id: HeroID(2_000_101), name: "New")], at: Sample.moment)
    }
    #expect(throws: PersistenceError.self) { try store.reset() }
    #expect(home.contents("catalogue.sqc") == Data(bytes), "left as the newer squad wrote it")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).allSatisfy { !$0.contains("damaged") })
    // Nor is it imported elsewhere as if it were of this format.
    let other = TemporaryDirectory()
    let imported = CatalogueImport.run(
      [paths.catalogueFile], skipInvalid: false, store: CatalogueStore(paths: SquadPaths(home: other.path)),
      now: Sample.moment)
    guard case .failure(.invalid(let problem)) = imported else {
      Issue.record("imported: \(imported)")
      return
    }
    #expect(problem.detail.contains("written by a newer squad (version 6 of its format)"))
  }

  @Test func aRepairDoesNotAdviseRunningItself() throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(2_000_100), name: "Imported")], at: Sample.moment)
    var bytes = try #require(home.contents("catalogue.sqc")).map { $0 }
    let counts = try #require(try CatalogueIndex(SharedBytes(bytes)).header.counts)
    bytes[counts.lowerBound] = bytes[counts.lowerBound] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let said = Mutex<[String]>([])
    let store = CatalogueStore(paths: paths, warn: { text in said.withLock { $0.append(text) } })
    #expect(try store.repair(at: Sample.moment))
    #expect(said.withLock { $0 } == [], "a write repairs what it meets; its report says so")
    #expect(try store.check().damages.isEmpty)
  }

  @Test func theUpgradeNoticeComesOnceTheNewFileIsInPlace() throws {
    try writeLegacy([Sample.thor, Hero(id: HeroID(3_000_001), name: "Synced")])
    let file = paths.catalogueFile
    let seen = Mutex<[Bool]>([])
    let store = CatalogueStore(
      paths: paths, notice: { _ in seen.withLock { $0.append(FileManager.default.fileExists(atPath: file)) } })
    store.upgrade()
    #expect(seen.withLock { $0 } == [true], "said after the write, never before it")
  }

  @Test func anUnreadableOldCatalogueBesideACatalogueFileSaysThatFileAnswers() throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(2_000_100), name: "Imported")], at: Sample.moment)
    try home.write("{\"heroes\":[", to: "cache/catalogue.json")
    let warnings = Mutex<[String]>([])
    let catalogue = CatalogueStore(paths: paths, warn: { text in warnings.withLock { $0.append(text) } }).catalogue
    #expect(catalogue.hero(HeroID(2_000_100))?.name == "Imported")
    let warning = warnings.withLock { $0.joined() }
    #expect(warning.contains("\(paths.catalogueFile) answers without its heroes"))
    #expect(!warning.contains("the bundled set answers"))
  }

  @Test func aDamagedCatalogueIsReportedThenMovedAsideByTheNextWrite() throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(2_000_100), name: "Imported")], at: Sample.moment)
    try home.write("squad-catalogue 2\n{garbage", to: "catalogue.sqc")
    let warnings = Mutex<[String]>([])
    let store = CatalogueStore(paths: paths, warn: { text in warnings.withLock { $0.append(text) } })
    #expect(store.catalogue.count == 1564)
    #expect(warnings.withLock { $0.count } == 1)
    try store.remember([Hero(id: HeroID(2_000_101), name: "Later")], at: Sample.moment)
    #expect(try home.listing().contains { $0.hasPrefix("catalogue.sqc.damaged-") })
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(2_000_101)) != nil)
  }

  @Test func aCatalogueOfAnotherBundledSetAnswersAsStoredUntilTheUpgradeTakesThisOneIn() throws {
    // An earlier release's set: Thor as it once was, without the hero this one added.
    let builder = CatalogueBuilder(base: nil)
    builder.merge(Hero(id: Sample.thor.id, name: "Thor (as bundled before)"), origin: .bundled)
    builder.merge(Hero(id: HeroID(2_000_200), name: "Only Stored"), origin: .imported)
    var sink = MemoryCatalogueSink()
    try builder.write(updatedAt: Sample.moment, bundled: "older-release", to: &sink)
    try home.write(String(decoding: sink.bytes, as: UTF8.self), to: "catalogue.sqc")
    let before = try home.snapshot()
    let read = CatalogueStore(paths: paths).catalogue
    #expect(read.count == 2)
    #expect(read.hero(Sample.thor.id)?.name == "Thor (as bundled before)")
    #expect(try home.snapshot() == before, "a read never migrates")
    let store = CatalogueStore(paths: paths)
    store.upgrade()
    let catalogue = store.catalogue
    #expect(catalogue.count == 1565)
    #expect(catalogue.hero(Sample.thor.id)?.name == "Thor")
    #expect(catalogue.origin(of: HeroID(2_000_200)) == .imported)
    #expect(catalogue.updatedAt == Sample.moment)
    let stored = try CatalogueIndex(SharedBytes([UInt8](try #require(home.contents("catalogue.sqc")))))
    #expect(stored.header.bundled == BundledCatalogue.fingerprint)
  }

  @Test func aFreshHomeWritesNothingToRead() {
    #expect(CatalogueStore(paths: paths).catalogue.count == 1564)
    #expect((try? home.listing()) ?? [] == ["cache"])
  }
}
