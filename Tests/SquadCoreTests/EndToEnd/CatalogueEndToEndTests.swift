import Foundation
import Testing

@testable import SquadCore

/// `squad catalogue`, `catalogue import` and `catalogue reset`, and the complete bundled
/// catalogue, through the real binary (issues 10 and 11).
@Suite struct CatalogueEndToEndTests {
  static let fixtures = Fixture.root.appendingPathComponent("Fixtures/catalogue").path
  static var archive: String { fixtures + "/archive" }

  func json(_ text: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }

  @Test func aFreshHomeListsEveryRealCharacterAndFindsSquirrelGirl() throws {
    let squad = SquadProcess()
    let all = try squad.run("heroes", "--all", "--offline")
    #expect(all.status == 0)
    #expect(all.lines.count == 1564)
    let squirrel = try squad.run("heroes", "squirrel")
    #expect(squirrel.status == 0)
    #expect(squirrel.stdout.contains("1010860"))
    #expect(squirrel.stdout.contains("Squirrel Girl"))
    // Only the note that the local-catalogue notice was said (once) is left; no catalogue.
    #expect((try? squad.home.listing()) ?? [] == ["cache"], "reading the bundled set writes nothing")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: squad.home.file("cache")) == ["local-catalogue-noticed"])
  }

  @Test func archivedFilesOfEveryShapeImportAndTheirCountsShowOffline() throws {
    let squad = SquadProcess()
    let first = try squad.run("catalogue", "import", Self.archive, "--json")
    #expect(first.status == 0, "\(first.stderr)")
    let report = json(first.stdout)
    #expect(report["filesRead"] as? Int == 6)
    let heroes = report["heroes"] as? [String: Int]
    #expect(heroes?["added"] == 6)
    #expect(heroes?["updated"] == 1, "Squirrel Girl, bundled, gets the archive's newer record")
    #expect((report["comics"] as? [String: Int])?["added"] == 3)

    let shown = try squad.run("show", "1010860", "--offline", "--json")
    let hero = json(shown.stdout)
    #expect(hero["comics"] as? Int == 61)
    #expect(hero["series"] as? Int == 22)
    #expect(hero["stories"] as? Int == 70)
    let archivist = json(try squad.run("show", "2900001", "--offline", "--json").stdout)
    #expect(archivist["comics"] as? Int == 3, "the derived list without counts did not wipe them")
    #expect(archivist["thumbnail"] == nil || archivist["thumbnail"] is NSNull, "the placeholder picture is dropped")
    #expect(try squad.run("heroes", "fixture line", "--offline").lines.count == 2)

    let second = try squad.run("catalogue", "import", Self.archive, "--json")
    #expect(second.status == 0)
    let again = json(second.stdout)
    #expect((again["heroes"] as? [String: Int])?["added"] == 0)
    #expect((again["heroes"] as? [String: Int])?["updated"] == 0)
    #expect((again["comics"] as? [String: Int])?["added"] == 0)
    #expect(again["changed"] as? Bool == false)
    let text = try squad.run("catalogue", "import", Self.archive)
    #expect(text.stdout.isEmpty && text.stderr.contains("Nothing changed"))
  }

  @Test func showNamesTheTwoLatestComicsOfAnImportedComicsResponse() throws {
    let squad = SquadProcess()
    #expect(try squad.run("catalogue", "import", Self.archive + "/comics-thanos.json").status == 0)
    let shown = try squad.run("show", "1009652", "--offline", "--json")
    let latest = (json(shown.stdout)["lastAppearedIn"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    #expect(latest == ["Fixture Infinity Finale (2019) #12", "Fixture Titan Tales (2015) #4"])
  }

  @Test func aBrokenFileStopsTheImportAndLeavesTheCatalogueBytesAlone() throws {
    let squad = SquadProcess()
    #expect(try squad.run("catalogue", "import", Self.archive + "/array.json").status == 0)
    let before = try #require(squad.home.contents("catalogue.sqc"))
    let broken = try squad.run("catalogue", "import", Self.fixtures + "/broken")
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("broken/bad.json: record 2: id: expected a whole number"))
    #expect(squad.home.contents("catalogue.sqc") == before)

    let skipping = try squad.run("catalogue", "import", Self.fixtures + "/broken", "--skip-invalid", "--json")
    #expect(skipping.status == 0)
    #expect(skipping.stderr.contains("Skipped"))
    #expect(skipping.stderr.contains("bad.json"))
    #expect(json(skipping.stdout)["filesRead"] as? Int == 1)
    #expect(squad.home.contents("catalogue.sqc") == before, "good.json holds what was already imported")
  }

  @Test func theSummaryCountsHeroesAndComicsBySource() throws {
    let squad = SquadProcess()
    let fresh = json(try squad.run("catalogue", "--json").stdout)
    #expect(
      (fresh["heroes"] as? [String: Int]) == [
        "total": 1564, "bundled": 1564, "api": 0, "import": 0, "changedBundled": 0,
      ])
    #expect(try squad.run("catalogue", "import", Self.archive).status == 0)
    let summary = try squad.run("catalogue", "--json")
    #expect(summary.status == 0)
    let value = json(summary.stdout)
    #expect(
      (value["heroes"] as? [String: Int]) == [
        "total": 1570, "bundled": 1563, "api": 0, "import": 7, "changedBundled": 0,
      ])
    #expect((value["comics"] as? [String: Int])?["import"] == 3)
    #expect((value["files"] as? [String: Any])?["catalogue"] as? String == squad.home.file("catalogue.sqc"))
    #expect(value["updatedAt"] is String)
    let text = try squad.run("catalogue")
    #expect(text.stdout.contains("import 7"))
    #expect(try squad.run("catalogue", "--format", "json").stdout == summary.stdout, "--format json is --json")
  }

  @Test func resetNeedsYesOffATerminalThenKeepsOnlyTheBundledSet() throws {
    let squad = SquadProcess()
    #expect(try squad.run("catalogue", "import", Self.archive).status == 0)
    let refused = try squad.run("catalogue", "reset")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--yes"))
    let reset = try squad.run("catalogue", "reset", "--yes")
    #expect(reset.status == 0)
    let value = json(try squad.run("catalogue", "--json").stdout)
    #expect(
      (value["heroes"] as? [String: Int]) == [
        "total": 1564, "bundled": 1564, "api": 0, "import": 0, "changedBundled": 0,
      ])
    let squirrel = json(try squad.run("show", "1010860", "--offline", "--json").stdout)
    #expect(squirrel["comics"] as? Int == 127, "the bundled record is back, not the import's 61")
    #expect((value["comics"] as? [String: Int])?["total"] == 0)
  }

  @Test func aResetTakesBackLinksAndAPictureAnOlderImportFilledIntoABundledRecord() throws {
    let squad = SquadProcess()
    let bundled = try #require(
      BundledCatalogue.heroes.first { $0.modified != nil && $0.thumbnail == nil && $0.urls.isEmpty })
    let shownBefore = try squad.run("show", "\(bundled.id.rawValue)", "--offline", "--json")
    let fresh = try squad.run("catalogue", "--json")
    try squad.home.write(
      #"{"id":\#(bundled.id.rawValue),"name":"Older","modified":"2010-01-01T00:00:00+0000","#
        + #""thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/0/00/older","extension":"jpg"},"#
        + #""urls":[{"type":"detail","url":"http://marvel.com/characters/older"}]}"# + "\n", to: "older.jsonl")
    #expect(try squad.run("catalogue", "import", squad.home.file("older.jsonl"), "-q").status == 0)

    let filled = try squad.run("show", "\(bundled.id.rawValue)", "--offline")
    #expect(filled.stdout.contains("mg/0/00/older.jpg"), "the newer bundled record took the picture: \(filled.stdout)")
    let summary = json(try squad.run("catalogue", "--json").stdout)
    #expect(
      (summary["heroes"] as? [String: Int])
        == ["total": 1564, "bundled": 1564, "api": 0, "import": 0, "changedBundled": 1])
    #expect(try squad.run("catalogue").stdout.contains("Changed:         1 bundled hero holds fields"))

    let reset = try squad.run("catalogue", "reset", "--yes")
    #expect(reset.status == 0)
    #expect(!reset.stderr.contains("nothing to reset"), "\(reset.stderr)")
    #expect(try squad.run("show", "\(bundled.id.rawValue)", "--offline", "--json").stdout == shownBefore.stdout)
    let after = json(try squad.run("catalogue", "--json").stdout)
    #expect((after["heroes"] as? [String: Int]) == (json(fresh.stdout)["heroes"] as? [String: Int]))
    let again = try squad.run("catalogue", "reset", "--yes")
    #expect(again.stderr.contains("nothing to reset"), "the bundled set alone is back: \(again.stderr)")
  }

  @Test func aRepairOfACatalogueCutShortSaysWhenItChanged() throws {
    let squad = SquadProcess()
    try squad.home.write(#"{"id":4000001,"name":"Imported One"}"# + "\n", to: "one.jsonl")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.jsonl"), "-q").status == 0)
    let bytes = try #require(squad.home.contents("catalogue.sqc"))
    try bytes.dropLast(2000).write(to: URL(fileURLWithPath: squad.home.file("catalogue.sqc")))
    let repair = try squad.run("catalogue", "check", "--repair")
    #expect(repair.status == 0 && repair.stdout.contains("Repaired"), "\(repair.stdout + repair.stderr)")
    let summary = try squad.run("catalogue")
    #expect(summary.stdout.contains("import 1"))
    #expect(!summary.stdout.contains("never"), "the repair is the last change: \(summary.stdout)")
    #expect(json(try squad.run("catalogue", "--json").stdout)["updatedAt"] is String)
  }

  // Found by the ninth attack: before any repair, the summary of a file cut short said "never
  // (the bundled set only)" beside its imported hero. The cut file's header still holds its date.
  @Test func theSummaryOfACatalogueCutShortKeepsItsLastChange() throws {
    let squad = SquadProcess()
    try squad.home.write(#"{"id":4000001,"name":"Imported One"}"# + "\n", to: "one.jsonl")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.jsonl"), "-q").status == 0)
    let before = json(try squad.run("catalogue", "--json").stdout)["updatedAt"] as? String
    let bytes = try #require(squad.home.contents("catalogue.sqc"))
    try bytes.dropLast(2000).write(to: URL(fileURLWithPath: squad.home.file("catalogue.sqc")))
    let summary = try squad.run("catalogue")
    #expect(summary.stdout.contains("import 1") && !summary.stdout.contains("never"), "\(summary.stdout)")
    let after = json(try squad.run("catalogue", "--json").stdout)["updatedAt"] as? String
    #expect(before != nil && after == before, "\(String(describing: before)) then \(String(describing: after))")
  }

  @Test func aHomeOfThePreviousReleaseUpgradesWithNoHeroOrMemberLost() throws {
    // Offline by default, so the only file a read may write (the note that the local-catalogue
    // notice was said) stays out of the snapshots.
    let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])
    let records = (0..<30).map {
      #"{"id":\#(2_950_000 + $0),"name":"Old Synced \#($0)","description":"","comics":\#($0)}"#
    }
    try FileManager.default.createDirectory(atPath: squad.home.file("cache"), withIntermediateDirectories: true)
    try squad.home.write(
      #"{"schemaVersion":1,"bundled":"d14080d28050ace6","updatedAt":"2026-01-01T00:00:00Z","heroes":["#
        + records.joined(separator: ",\n") + "]}\n", to: "cache/catalogue.json")
    try squad.home.write(
      #"{"schemaVersion":1,"members":[{"id":2950003,"name":"Old Synced 3","recruitedAt":"2026-01-02T00:00:00Z"}]}"#,
      to: "squad.json")
    let untouched = try squad.home.snapshot()
    let read = try squad.run("heroes", "old synced", "--all")
    #expect(read.status == 0)
    #expect(read.lines.count == 30, "the old heroes answer before any upgrade")
    #expect(!read.stderr.contains("indexed format"))
    #expect(try squad.home.snapshot() == untouched, "a read never migrates")
    // The first command that changes data takes the old catalogue in, with one notice.
    let first = try squad.run("recruit", "old synced 4")
    #expect(first.status == 0)
    #expect(first.stderr.components(separatedBy: "indexed format").count == 2, "one notice: \(first.stderr)")
    #expect(squad.home.contents("cache/catalogue.json") == nil)
    let second = try squad.run("recruit", "old synced 5")
    #expect(!second.stderr.contains("indexed format"))
    #expect(try squad.run("heroes", "old synced", "--all").lines.count == 30)
    #expect(try squad.run("list").stdout.contains("Old Synced 3"))
  }
}
