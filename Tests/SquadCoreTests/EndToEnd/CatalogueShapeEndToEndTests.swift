import Foundation
import Testing

@testable import SquadCore

/// A sync or import that brings nothing new writes nothing (issue 29): the catalogue file keeps
/// its inode, its modification time and its bytes, and the output says nothing changed.
@Suite struct NothingChangedEndToEndTests {
  struct Stamp: Equatable {
    var inode: UInt64
    var modified: Date
    var bytes: Data
  }

  static func stamp(_ home: TemporaryDirectory) throws -> Stamp {
    let path = home.file("catalogue.sqc")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return Stamp(
      inode: try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value),
      modified: try #require(attributes[.modificationDate] as? Date),
      bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func aSyncAndAnImportThatBringNothingNewLeaveTheCatalogueFileUntouched() async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = MarvelEndToEndTests.squad(simulator)
    let first = try await squad.launch("sync", "--timeout", "120")
    #expect(first.stderrLines == ["Synced 250 heroes (3 requests)."], "\(first.stderr)")
    let before = try Self.stamp(squad.home)
    try FileManager.default.copyItem(atPath: squad.home.file("catalogue.sqc"), toPath: squad.home.file("copy.sqc"))

    let repeated = try await squad.launch("sync", "--timeout", "120")
    #expect(
      repeated.stderrLines == [
        "Synced 250 heroes (0 requests, 3 pages from the cache). Nothing changed; the catalogue was not written."
      ])
    let forced = try await squad.launch("sync", "--timeout", "120", "--force")
    #expect(
      forced.stderrLines == [
        "Synced 250 heroes (3 requests, 3 not modified). Nothing changed; the catalogue was not written."
      ])
    let imported = try await squad.launch("catalogue", "import", squad.home.file("copy.sqc"))
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("Nothing changed; the catalogue was not written."), "\(imported.stderr)")
    #expect(try Self.stamp(squad.home) == before, "not rewritten: same inode, modification time and bytes")

    // A sync that does bring heroes (an API that now has 300) writes them.
    let bigger = try await Simulator(characters: 300)
    var grown = squad
    grown.environment["MARVEL_API_BASE"] = bigger.baseURL
    let changed = try await grown.launch("sync", "--timeout", "120", "--force")
    #expect(changed.stderrLines == ["Synced 300 heroes (3 requests)."], "\(changed.stderr)")
    #expect(try Self.stamp(squad.home).bytes != before.bytes)
  }
}

/// A catalogue in squad's own form, imported into another home, gives back every field of every
/// hero: as the catalogue file itself, and as its records alone in JSON Lines (read by
/// ``CharacterDTO``, whose rule is the record reader's).
@Suite struct OwnFormImportEndToEndTests {
  @Test func anImportedCatalogueGivesBackEveryFieldOfEveryHero() async throws {
    // Past Marvel's 1,562 the simulator makes up heroes the bundled set does not hold.
    let simulator = try await Simulator(characters: 1_600)
    let source = MarvelEndToEndTests.squad(simulator)
    #expect(try await source.launch("sync", "--timeout", "120").status == 0)
    let expected = try await source.launch("heroes", "--all", "--offline", "--json")
    #expect(expected.status == 0 && expected.stdout.contains("\"modified\""))

    let file = try #require(source.home.contents("catalogue.sqc"))
    let records = String(decoding: file, as: UTF8.self).split(separator: "\n")
      .filter { $0.hasPrefix("{\"k\":") }.map { $0.dropLast(CatalogueFormat.checkWidth) }
    #expect(records.count >= 1_600)
    try source.home.write(records.joined(separator: "\n") + "\n", to: "records.jsonl")

    for name in ["catalogue.sqc", "records.jsonl"] {
      let other = SquadProcess()
      let imported = try await other.launch("catalogue", "import", source.home.file(name))
      #expect(imported.status == 0, "\(name): \(imported.stderr)")
      let listed = try await other.launch("heroes", "--all", "--offline", "--json")
      #expect(listed.stdout == expected.stdout, "\(name) gives back every hero as it was")
    }
  }
}
