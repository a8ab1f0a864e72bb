import Foundation
import Testing

@testable import SquadCore

/// The real binary against a simulator that sends characters squad could not keep (issue 15's
/// attack): an id of 0 or below, a blank name, a description past ``HeroLimits``. The answer is
/// not a Marvel response (exit 65); nothing of it reaches the squad or the catalogue.
@Suite struct HostileRecordsEndToEndTests {
  static func squad(_ simulator: Simulator) -> SquadProcess { MarvelEndToEndTests.squad(simulator) }

  @Test(arguments: [
    (["id": 0] as [String: any Sendable], "id: must be a whole number above 0, not 0"),
    (["id": -5], "id: must be a whole number above 0, not -5"),
    (["name": "   "], "name: must not be empty"),
    (["name": ""], "name: must not be empty"),
    (["name": "\u{0}Gamora"], "name: must not hold a control character (U+0000)"),
    (
      ["description": String(repeating: "x", count: HeroLimits.maximumDescriptionBytes + 1)], "description: 65537 bytes"
    ),
  ])
  func aCharacterSquadCouldNotKeepIsNotAMarvelResponse(patch: [String: any Sendable], problem: String) async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = Self.squad(simulator)
    let first = try #require(
      HostileServerEndToEndTests.ids(try await squad.launch("heroes", "--limit", "1").stdout).first)
    try await simulator.inject(.fault("page", ["patch": [String(first): patch], "times": -1]))
    for command in [["recruit", String(first)], ["show", String(first)], ["heroes", "--all"]] {
      let result = try await squad.launch(arguments: command)
      #expect(result.status == 65, "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains("not a valid Marvel API response") && result.stderr.contains(problem), "\(result.stderr)"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squad.json")))
    let catalogue = (try? Data(contentsOf: URL(fileURLWithPath: squad.home.file("cache/catalogue.json")))) ?? Data()
    #expect(catalogue.count < HeroLimits.maximumDescriptionBytes)
  }

  /// A name holding a control character (attack 8, finding 2) breaks the rule as a blank one
  /// does: a sync that meets it fails and writes nothing, and an import holding it is refused.
  @Test(arguments: [("\u{0}Gamora", "must not hold a control character (U+0000)"), ("  ", "must not be empty")])
  func aNameSquadCouldNotKeepFailsASyncAndAnImportAlike(name: String, problem: String) async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = Self.squad(simulator)
    let first = try #require(
      HostileServerEndToEndTests.ids(try await squad.launch("heroes", "--limit", "1").stdout).first)
    #expect(try await squad.launch("recruit", String(first)).status == 0)
    let before = try squad.home.snapshot()
    try await simulator.inject(
      .fault("page", ["patch": [String(first): ["name": name, "modified": "2031-01-01T00:00:00-0500"]], "times": -1]))
    let sync = try await squad.launch("sync")
    #expect(sync.status == 65, "\(sync.stderr)")
    #expect(sync.stderr.contains("at data.results[0].name: " + problem), "\(sync.stderr)")
    #expect(try squad.home.snapshot() == before)

    let record = try JSONSerialization.data(withJSONObject: [["id": first, "name": name]])
    try squad.home.write(String(decoding: record, as: UTF8.self), to: "heroes.json")
    let imported = try await squad.launch("catalogue", "import", squad.home.file("heroes.json"))
    #expect(imported.status == 65)
    #expect(imported.stderr.contains("heroes.json: record 1: name: " + problem), "\(imported.stderr)")
    let members = try JSONSerialization.data(withJSONObject: [
      "schemaVersion": 1, "members": [["id": first, "name": name]],
    ])
    try squad.home.write(String(decoding: members, as: UTF8.self), to: "squad-export.json")
    let replaced = try await squad.launch("import", "--replace", squad.home.file("squad-export.json"))
    #expect(replaced.status == 65)
    #expect(replaced.stderr.contains("members[0].name: " + problem), "\(replaced.stderr)")
    #expect(
      try squad.home.snapshot().filter { !$0.key.hasSuffix(".json") } == before.filter { !$0.key.hasSuffix(".json") })
    #expect(squad.home.contents("squad.json") == before["squad.json"])
  }

  @Test(arguments: ["json", "jsonl", "csv"])
  func whatIsRecruitedExportsAndImportsBackExactly(format: String) async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = Self.squad(simulator)
    let ids = HostileServerEndToEndTests.ids(try await squad.launch("heroes", "--limit", "3").stdout)
    let odd = try #require(ids.first)
    // A name squad keeps as sent, spaces around and inside it, and an empty description.
    try await simulator.inject(
      .fault("page", ["patch": [String(odd): ["name": "  Spaced  Out ", "description": ""]], "times": -1]))
    for id in ids { #expect(try await squad.launch("recruit", String(id)).status == 0) }
    let before = try Data(contentsOf: URL(fileURLWithPath: squad.home.file("squad.json")))
    #expect(String(decoding: before, as: UTF8.self).contains("  Spaced  Out "))
    let export = try await squad.launch("export", "--format", format)
    #expect(export.status == 0)
    try squad.home.write(export.stdout, to: "export.\(format)")
    let imported = try await squad.launch("import", "--replace", squad.home.file("export.\(format)"))
    #expect(imported.status == 0, "\(imported.stderr)")
    let after = try Data(contentsOf: URL(fileURLWithPath: squad.home.file("squad.json")))
    #expect(after == before)
  }

  /// A page that repeats an id: the listing prints it once, as first sent, and the catalogue keeps
  /// that version, so `--offline` shows what the listing showed (first seen wins everywhere).
  @Test(arguments: [["heroes", "--limit", "10"], ["heroes", "--all"], ["sync", "--force"]])
  func anIdRepeatedWithinAPageIsPrintedOnceAndKeptAsPrinted(command: [String]) async throws {
    let simulator = try await Simulator(characters: 250)
    let squad = Self.squad(simulator)
    // Read on another home, so this one's cache and catalogue only ever see the lying pages.
    let listed = HostileServerEndToEndTests.ids(try await Self.squad(simulator).launch("heroes", "--limit", "3").stdout)
    try #require(listed.count == 3)
    let (first, second, third) = (listed[0], listed[1], listed[2])
    let impostors: [String: [String: any Sendable]] = [
      String(second): ["id": first, "name": "Impostor One"], String(third): ["id": first, "name": "Impostor Two"],
    ]
    try await simulator.inject(.fault("page", ["patch": impostors, "times": -1]))
    let result = try await squad.launch(arguments: command)
    if command[0] == "heroes" {
      let printed = HostileServerEndToEndTests.ids(result.stdout)
      #expect(printed.filter { $0 == first }.count == 1, "\(result.stdout.prefix(300))")
      #expect(!result.stdout.contains("Impostor"))
    }
    let offline = try await squad.launch("show", String(first), "--offline")
    #expect(offline.status == 0)
    #expect(!offline.stdout.contains("Impostor"), "\(offline.stdout)")
  }
}
