import Foundation
import Testing

@testable import SquadCore

/// The stored catalogue, the previous release's file and the response cache attacked through
/// the real binary (the hostile tester's report on issues 10 and 11): damaged files answer with
/// a warning and the bundled set, are moved aside under names that never collide and said so
/// even with -q, and nothing squad reads from them can trap or give the wrong hero.
@Suite struct CatalogueDamageEndToEndTests {
  static let one = #"[{"id":5000001,"name":"Someone"}]"#

  /// A home with one imported hero, its catalogue's header edited.
  func home(editingHeader edit: (inout [String: Any]) -> Void) throws -> SquadProcess {
    let squad = SquadProcess()
    try squad.home.write(Self.one, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    let bytes = try CatalogueHeaderEdit.edit(try #require(squad.home.contents("catalogue.sqc").map(Array.init)), edit)
    try Data(bytes).write(to: URL(fileURLWithPath: squad.home.file("catalogue.sqc")))
    return squad
  }

  func asideFiles(_ squad: SquadProcess) throws -> [String] {
    try squad.home.listing().filter { $0.hasPrefix("catalogue.sqc.damaged-") }
  }

  @Test func hugeHeaderNumbersNeverCrashAnyCommand() throws {
    for edit: (inout [String: Any]) -> Void in [
      { $0["count"] = 1 << 62 }, { $0["comicCount"] = Int(Int64.max) },
      { $0["heroes"] = ["bundled": Int(Int64.max), "api": 0, "import": 1] },
    ] {
      let squad = try home(editingHeader: edit)
      for arguments in [["catalogue"], ["heroes", "--offline"], ["show", "1009652", "--offline"]] {
        let result = try squad.run(arguments: arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("is damaged ("))
        #expect(!result.stdout.contains("9223372036854775807"))
      }
      let reset = try squad.run("catalogue", "reset", "--yes")
      #expect(reset.status == 0)
      #expect(reset.stderr.contains("moved to"), "reset moves a damaged file aside, never deletes it")
      #expect(try asideFiles(squad).count == 1)
    }
  }

  @Test func aRecordNumberBeyond64BitsIsSkippedAndTheNextWriteSetsTheFileAside() throws {
    let squad = SquadProcess()
    try squad.home.write(Self.one, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    let path = squad.home.file("catalogue.sqc")
    var text = String(decoding: try #require(squad.home.contents("catalogue.sqc")), as: UTF8.self)
    let start = try #require(text.range(of: #"{"k":"thanos""#))
    let end = try #require(text[start.lowerBound...].firstIndex(of: "\n"))
    var record = #"{"k":"thanos","src":"b","id":1009652,"name":"Thanos","comics":99999999999999999999999999}"#
    record += String(repeating: " ", count: text.utf8.distance(from: start.lowerBound, to: end) - record.utf8.count)
    text.replaceSubrange(start.lowerBound..<end, with: record)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    for arguments in [
      ["show", "thanos", "--offline"], ["heroes", "--all", "--offline"], ["recruit", "1009652", "--offline"],
    ] {
      let result = try squad.run(arguments: arguments)
      #expect([0, 3].contains(result.status), "\(arguments): \(result.status) \(result.stderr)")
    }
    try squad.home.write(#"[{"id":5000002,"name":"Two"}]"#, to: "two.json")
    let write = try squad.run("-q", "catalogue", "import", squad.home.file("two.json"), "--json")
    #expect(write.status == 0)
    #expect(write.stderr.contains("1 record that fails its check"), "said even with -q: \(write.stderr)")
    #expect(write.stdout.contains(#""added":1,"#), "the bundled hero put back is not an import: \(write.stdout)")
    #expect(try asideFiles(squad).count == 1)
    let thanos = try squad.run("show", "1009652", "--offline")
    #expect(thanos.status == 0, "the bundled record is back")
    #expect(thanos.stdout.contains("Thanos"))
  }

  /// Attack 8, finding 5: a hero whose record fails its check is not "no such hero" (exit 3).
  @Test func anIdWhoseRecordIsDamagedIsSaidToBeDamagedNotUnknown() throws {
    let squad = SquadProcess()
    try squad.home.write(Self.one, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    let path = squad.home.file("catalogue.sqc")
    var bytes = try #require(squad.home.contents("catalogue.sqc"))
    // One letter of the record's name changed: its checksum no longer holds.
    let name = try #require(bytes.range(of: Data(#""name":"Someone""#.utf8)))
    bytes[name.upperBound - 2] = UInt8(ascii: "x")
    try bytes.write(to: URL(fileURLWithPath: path))
    for command in ["show", "recruit"] {
      let result = try squad.run(command, "5000001", "--offline")
      #expect(result.status == 65, "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "The local catalogue's record of hero 5000001 is damaged, so it cannot be read. "
            + "'squad catalogue check --repair' repairs the catalogue"), "\(result.stderr)")
    }
    #expect(squad.home.contents("squad.json") == nil)
    // A member whose record is damaged is shown as the squad holds them, the damage said.
    try squad.home.write(#"{"schemaVersion":1,"members":[{"id":5000001,"name":"Someone"}]}"#, to: "member.json")
    #expect(try squad.run("import", squad.home.file("member.json")).status == 0)
    let member = try squad.run("show", "5000001", "--offline")
    #expect(member.status == 0, "\(member.stderr)")
    #expect(member.stdout.contains("Someone"))
    #expect(
      member.stderr.contains("The catalogue's record of Someone (#5000001) is damaged; showing what squad 'default'"),
      "\(member.stderr)")
    let unknown = try squad.run("show", "5000002", "--offline")
    #expect(unknown.status == 3)
    #expect(unknown.stderr.contains("No hero has the id 5000002"))
    // Repaired, the damaged record is gone: now the catalogue does not know the hero.
    #expect(try squad.run("catalogue", "check", "--repair").status == 0)
    let repaired = try squad.run("show", "5000001", "--offline")
    #expect(repaired.status == 0, "\(repaired.stderr)")
    #expect(repaired.stderr.contains("The catalogue does not know Someone (#5000001)"), "\(repaired.stderr)")
    #expect(try squad.run("fire", "5000001", "--yes").status == 0)
    let gone = try squad.run("show", "5000001", "--offline")
    #expect(gone.status == 3, "\(gone.stderr)")
    #expect(gone.stderr.contains("No hero has the id 5000001"))
  }

  @Test func recordsBreakingTheRecordRuleNeverReachTheSquad() throws {
    let squad = SquadProcess()
    try FileManager.default.createDirectory(atPath: squad.home.file("cache"), withIntermediateDirectories: true)
    try squad.home.write(
      #"{"heroes":[{"id":-7,"name":"Neg Old"},{"id":5100003,"name":""},{"id":5100002,"name":"Huge","comics":99999999999999999999999},{"id":5100004,"name":"Fine"}]}"#,
      to: "cache/catalogue.json")
    let negative = try squad.run("recruit", "neg old", "--offline")
    #expect(negative.status == 3)
    #expect(negative.stderr.contains("left out"))
    #expect(try squad.run("recruit", "5100003", "--offline").status == 3)
    #expect(try squad.run("recruit", "5100004", "--offline").status == 0)
    let list = try squad.run("list")
    #expect(list.status == 0, "squad always reads the squad.json recruit wrote")
    #expect(list.stdout.contains("Fine"))
  }

  @Test func anIdIndexLeadingToAnotherHeroFindsNobody() throws {
    let squad = SquadProcess()
    try squad.home.write(Self.one, to: "one.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.json")).status == 0)
    let path = squad.home.file("catalogue.sqc")
    let bytes = try #require(squad.home.contents("catalogue.sqc"))
    let text = String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(
        of: #""k":"thanos","src":"b","id":1009652,"#, with: #""k":"thanos","src":"b","id":1009610,"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let show = try squad.run("show", "1009652", "--offline")
    #expect(show.status == 0 && show.stdout.contains("Thanos"), "the bundled hero, never the wrong one: \(show.stdout)")
    #expect(show.stderr.contains("is damaged"))
    #expect(try squad.run("recruit", "1009652", "--offline").status == 0)
    #expect(try squad.run("list").stdout.contains("1009652\tThanos"))
  }

  @Test func twoDamagedFilesInOneSecondAreBothKept() throws {
    let squad = SquadProcess()
    try squad.home.write(Self.one, to: "one.json")
    let file = squad.home.file("one.json")
    #expect(try squad.run("catalogue", "import", file).status == 0)
    let good = try #require(squad.home.contents("catalogue.sqc"))
    var damaged: [Data] = []
    for byte in ["X", "Y", "Z"] {
      var bytes = good
      bytes[0] = UInt8(ascii: Unicode.Scalar(byte)!)
      try bytes.write(to: URL(fileURLWithPath: squad.home.file("catalogue.sqc")))
      damaged.append(bytes)
      #expect(try squad.run("catalogue", "import", file).status == 0)
    }
    let aside = try asideFiles(squad)
    #expect(aside.count == 3)
    #expect(Set(aside.compactMap { squad.home.contents($0) }) == Set(damaged), "no data lost")
  }

  @Test func anUnreadableOldCatalogueIsMigratedOnceItReadsAndTheWarningNamesTheRightCommand() throws {
    let squad = SquadProcess()
    try FileManager.default.createDirectory(atPath: squad.home.file("cache"), withIntermediateDirectories: true)
    try squad.home.write(#"{"heroes":[{"id":5100001,"name":"Old One"},"#, to: "cache/catalogue.json")
    let first = try squad.run("show", "5100001", "--offline")
    #expect(first.status == 3)
    #expect(first.stderr.contains("'squad catalogue import <file>'"))
    #expect(!first.stderr.contains("squad import <file> --replace"))
    try squad.home.write(#"{"heroes":[{"id":5100001,"name":"Old One"}]}"#, to: "cache/catalogue.json")
    let later = try squad.run("show", "5100001", "--offline")
    #expect(later.status == 0)
    #expect(later.stdout.contains("Old One"))
    let summary = try squad.run("catalogue")
    #expect(!summary.stdout.contains("never"), "the migration is a change: \(summary.stdout)")
  }

  @Test func theCatalogueKeepsItsModeAndLinkAndAReadOnlyOneIsRefused() throws {
    let squad = SquadProcess()
    try squad.home.write(Self.one, to: "one.json")
    let file = squad.home.file("one.json")
    #expect(try squad.run("catalogue", "import", file).status == 0)
    let path = squad.home.file("catalogue.sqc")
    chmod(path, 0o600)
    try squad.home.write(#"[{"id":5000002,"name":"Two"}]"#, to: "two.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("two.json")).status == 0)
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
    let elsewhere = TemporaryDirectory()
    try FileManager.default.moveItem(atPath: path, toPath: elsewhere.file("cat.sqc"))
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere.file("cat.sqc"))
    try squad.home.write(#"[{"id":5000003,"name":"Three"}]"#, to: "three.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("three.json")).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == elsewhere.file("cat.sqc"))
    #expect(try squad.run("show", "5000003", "--offline").stdout.contains("Three"))
    // The summary gives the size of the file squad reads and writes, not of the link to it.
    let summary = try squad.run("catalogue", "--json").stdout
    let size = try FileManager.default.attributesOfItem(atPath: elsewhere.file("cat.sqc"))[.size] as? Int
    let files = (try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])?["files"]
    #expect((files as? [String: Any])?["catalogueBytes"] as? Int == size)
    chmod(elsewhere.file("cat.sqc"), 0o444)
    let before = elsewhere.contents("cat.sqc")
    try squad.home.write(#"[{"id":5000004,"name":"Four"}]"#, to: "four.json")
    let refused = try squad.run("catalogue", "import", squad.home.file("four.json"))
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("read-only"))
    #expect(elsewhere.contents("cat.sqc") == before)
  }

  @Test func aFailedSyncLeavesNoCacheEntryAheadOfTheCatalogue() async throws {
    let simulator = try await Simulator(characters: 300)
    let squad = MarvelEndToEndTests.squad(simulator)
    try await simulator.inject(.fault("malformed", ["times": 1, "path": "offset=200"]))
    let failed = try await squad.launch("sync", "--timeout", "120")
    #expect(failed.status == 65)
    let responses = squad.home.file("cache/responses")
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: responses))?.filter { $0.hasSuffix(".json") }
    #expect(entries ?? [] == [], "no page's entry without its heroes in the catalogue")
    let mark = try await simulator.mark()
    let again = try await squad.launch("sync", "--timeout", "120")
    #expect(again.status == 0)
    #expect(again.stderrLines == ["Synced 300 heroes (3 requests)."])
    #expect(try await simulator.requests(atLeast: 3, since: mark).count == 3)
    let summary = try await squad.launch("catalogue", "--json")
    let heroes = (try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])?["heroes"]
    // Every hero the API gave is stored as the API's where its record won the merge; where the
    // bundled record is newer (129 of these 300, Thanos among them: 2016 against the simulator's
    // 2014), the newer record wins and stays bundled, whatever fields the API's filled in.
    #expect((heroes as? [String: Int])?["api"] == 171)
  }

  @Test func aLyingCacheEntryIsRevalidatedNotTrusted() async throws {
    let simulator = try await Simulator(characters: 150)
    let squad = MarvelEndToEndTests.squad(simulator)
    #expect(try await squad.launch("sync", "--timeout", "120").status == 0)
    let folder = squad.home.file("cache/responses")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".json") {
      let path = folder + "/" + name
      var entry = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
      if entry["offset"] as? Int == 0 { entry["total"] = -5 } else { entry["fetchedAt"] = 1e300 }
      try JSONSerialization.data(withJSONObject: entry).write(to: URL(fileURLWithPath: path))
    }
    let again = try await squad.launch("sync", "--timeout", "120")
    #expect(again.status == 0)
    #expect(
      again.stderrLines == [
        "Synced 150 heroes (2 requests, 1 not modified). Nothing changed; the catalogue was not written."
      ])
  }

  /// A read-only catalogue cannot learn what an answer brought: the answer stands, and the
  /// command says once that offline commands will not know it (attack, stop 36).
  @Test func anAnswerTheCatalogueCannotKeepIsShownAndSaidOnce() async throws {
    let simulator = try await Simulator(characters: 150)
    let squad = MarvelEndToEndTests.squad(simulator)
    try squad.home.write(#"{"id":4999999,"name":"Seed"}"# + "\n", to: "seed.jsonl")
    #expect(try await squad.launch("catalogue", "import", squad.home.file("seed.jsonl")).status == 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: squad.home.file("catalogue.sqc"))
    let before = try Data(contentsOf: URL(fileURLWithPath: squad.home.file("catalogue.sqc")))
    let listing = try await squad.launch("heroes", "--all", "--timeout", "120")
    #expect(listing.status == 0, "\(listing.stderr)")
    #expect(listing.stderrLines.filter { $0.contains("the local catalogue did not keep it") }.count == 1)
    #expect(listing.stderr.contains("read-only"), "\(listing.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: squad.home.file("catalogue.sqc"))) == before)
  }

  @Test func onlineCommandsWriteNothingOutsideTheHome() async throws {
    let simulator = try await Simulator(characters: 150)
    var squad = MarvelEndToEndTests.squad(simulator)
    let elsewhere = TemporaryDirectory()
    squad.environment["HOME"] = elsewhere.path
    squad.environment["XDG_DATA_HOME"] = nil
    squad.environment["XDG_CACHE_HOME"] = nil
    let show = try await squad.launch("heroes")
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stderr == "Showing 1–20 of 150. Next page: --offset 20, or --all.\n", "the answer came from the API")
    #expect(try elsewhere.listing() == [], "Foundation's URL cache and cookie folders stay unmade")
  }
}
