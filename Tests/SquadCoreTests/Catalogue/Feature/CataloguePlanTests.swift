import Foundation
import Testing

@testable import SquadCore

/// What a catalogue write or an in-memory read starts from, decided over snapshots built in
/// memory: no files.
@Suite struct CataloguePlanTests {
  static let path = "/home/catalogue.sqc"
  static let hulk = HeroID(1_009_351)

  /// A catalogue file's bytes: the bundled set, one imported hero, written with `bundled` as the
  /// fingerprint of the bundled set it includes.
  static func bytes(bundled: String = BundledCatalogue.fingerprint) -> [UInt8] {
    let builder = CatalogueBuilder(base: BundledCatalogue.index)
    builder.merge(Hero(id: HeroID(5_000_001), name: "Someone"), origin: .imported)
    var sink = MemoryCatalogueSink()
    try? builder.write(updatedAt: Date(timeIntervalSince1970: 1_800_000_000), bundled: bundled, to: &sink)
    return sink.bytes
  }

  static func found(_ bytes: [UInt8]) throws -> CatalogueSnapshot {
    CatalogueSnapshot(path: path, stored: .found(LocalCatalogue(index: try CatalogueIndex(SharedBytes(bytes)))))
  }

  @Test func aWholeFileIsCarriedForwardAsItIsAndNothingIsSetAside() throws {
    let plan = CataloguePlan.start(from: try Self.found(Self.bytes()), writing: true)
    #expect(plan.builder.count == BundledCatalogue.heroes.count + 1)
    #expect(!plan.damaged && plan.aside == nil && !plan.migratedLegacy && plan.notice == nil)
    #expect(plan.updatedAt == Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func aRecordThatFailsItsCheckIsLeftOutTheBundledHeroComesBackAndTheFileIsSetAside() throws {
    let text = String(decoding: Self.bytes(), as: UTF8.self)
    let damaged = Array(text.replacingOccurrences(of: "\"name\":\"Hulk\",", with: "\"nome\":\"Hulk\",").utf8)
    try #require(damaged != Self.bytes())
    let plan = CataloguePlan.start(from: try Self.found(damaged), writing: true)
    #expect(plan.damaged)
    #expect(plan.aside?.because == "holding 1 record that fails its check")
    let index = plan.builder.memoryIndex(updatedAt: nil, bundled: BundledCatalogue.fingerprint)
    #expect(LocalCatalogue(index: index).hero(Self.hulk)?.name == "Hulk")
    #expect(LocalCatalogue(index: index).origin(of: Self.hulk) == .bundled)
    // A read answered in memory sets nothing aside and does not ask for a write.
    let read = CataloguePlan.start(from: try Self.found(damaged), writing: false)
    #expect(!read.damaged && read.aside == nil)
  }

  @Test func aHeaderThatDoesNotReadIsSalvagedAndTheFileSetAsideSayingWhy() throws {
    var bytes = Self.bytes()
    bytes[40] = UInt8(ascii: "}")
    let snapshot = CatalogueSnapshot(
      path: Self.path, stored: .damaged("the header fails its check", SharedBytes(bytes)))
    let plan = CataloguePlan.start(from: snapshot, writing: true)
    #expect(plan.builder.count == BundledCatalogue.heroes.count + 1)
    #expect(plan.damaged && plan.aside?.because == "damaged (the header fails its check)")
    #expect(plan.aside?.keeping.contains("1,565 heroes that read intact") == true)
    // Bytes that could not be read are no heroes: the bundled set comes back alone.
    let unread = CataloguePlan.start(
      from: CatalogueSnapshot(path: Self.path, stored: .damaged("not a file", nil)), writing: true)
    #expect(unread.builder.count == BundledCatalogue.heroes.count)
  }

  @Test func aFileOfAnotherBundledSetTakesThisOnesRecordsIn() throws {
    var older = try #require(BundledCatalogue.heroes.first { $0.id == Self.hulk })
    older.modified = Date(timeIntervalSince1970: 1)
    older.name = "Old Hulk"
    let builder = CatalogueBuilder(base: nil)
    builder.merge(older, origin: .bundled)
    var sink = MemoryCatalogueSink()
    try builder.write(updatedAt: nil, bundled: "another set", to: &sink)
    let plan = CataloguePlan.start(from: try Self.found(sink.bytes), writing: true)
    let index = plan.builder.memoryIndex(updatedAt: nil, bundled: BundledCatalogue.fingerprint)
    #expect(LocalCatalogue(index: index).hero(Self.hulk)?.name == "Hulk")
    #expect(LocalCatalogue(index: index).count == BundledCatalogue.heroes.count)
  }

  @Test func thePreviousReleasesHeroesAreTakenInWithTheirDateAndOneNotice() throws {
    let legacy = CatalogueSnapshot.Legacy(
      path: "/home/cache/catalogue.json", heroes: [Hero(id: HeroID(5_000_002), name: "Kept")],
      skipped: ["an id below 1"], storedAt: Date(timeIntervalSince1970: 1_900_000_000))
    let snapshot = CatalogueSnapshot(path: Self.path, stored: .missing, legacy: legacy)
    let plan = CataloguePlan.start(from: snapshot, writing: true)
    #expect(plan.migratedLegacy && plan.updatedAt == legacy.storedAt)
    #expect(plan.builder.count == BundledCatalogue.heroes.count + 1)
    #expect(
      plan.notice
        == "The local catalogue moved to /home/catalogue.sqc in a new indexed format; 1 hero of "
        + "/home/cache/catalogue.json were kept and 1 left out because squad cannot keep them (an id below 1).")
    // Into a file stored later, the later date stays.
    var later = try Self.found(Self.bytes())
    later.legacy = CatalogueSnapshot.Legacy(
      path: legacy.path, heroes: [], skipped: [], storedAt: Date(timeIntervalSince1970: 5))
    #expect(CataloguePlan.start(from: later, writing: true).updatedAt == Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func aResetWritesTheBundledSetAloneAndSetsADamagedFileAside() throws {
    let whole = CataloguePlan.reset(from: try Self.found(Self.bytes()))
    #expect(whole.builder.count == BundledCatalogue.heroes.count && whole.aside == nil)
    let damaged = CataloguePlan.reset(from: CatalogueSnapshot(path: Self.path, stored: .damaged("bad magic", nil)))
    #expect(
      damaged.aside == CataloguePlan.Aside(because: "damaged (bad magic)", keeping: "the bundled set answers alone"))
  }
}
