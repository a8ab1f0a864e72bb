import Foundation
import Testing

@testable import SquadCore

/// Issue 12 as a user meets it: named squads, their history, undo and redo, with the real binary.
@Suite struct NamedSquadsEndToEndTests {
  let squad = SquadProcess()

  private func ids(_ arguments: String...) throws -> [String] {
    try squad.run(arguments: arguments).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  /// Creates named squads, as `squads create` does before any command uses them.
  private func create(_ names: String...) throws {
    for name in names { #expect(try squad.run("squads", "create", name).status == 0) }
  }

  @Test func namedSquadsKeepTheirOwnMembersAndTheDefaultIsUnchanged() throws {
    try create("avengers", "xmen")
    #expect(try squad.run("recruit", "spider-man (peter parker)").status == 0)
    let defaultBefore = squad.home.contents("squad.json")
    #expect(try squad.run("--squad", "avengers", "recruit", "hulk", "thor").status == 0)
    #expect(try squad.run("--squad", "xmen", "recruit", "wolverine", "storm").status == 0)
    let listing = try squad.run("squads").stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(listing.map { String($0[0]) } == ["default", "avengers", "xmen"])
    #expect(listing.map { String($0[1]) } == ["1", "2", "2"])
    #expect(squad.home.contents("squad.json") == defaultBefore)
    #expect(try ids("list") == ["1009610"])
    #expect(try ids("--squad", "AVENGERS", "list") == ["1009351", "1009664"])
    let json =
      try JSONSerialization.jsonObject(with: Data(try squad.run("squads", "--json").stdout.utf8)) as? [[String: Any]]
    #expect(json?.map { $0["name"] as? String } == ["default", "avengers", "xmen"])
  }

  @Test func renamingOntoALeftoverFolderWithAHistoryIsRefusedAndKeepsIt() throws {
    try create("a", "d")
    #expect(try squad.run("--squad", "a", "recruit", "hulk").status == 0)
    #expect(try squad.run("--squad", "d", "recruit", "thor", "storm").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/d/squad.json"))
    let history = squad.home.contents("squads/d/history.jsonl")
    let refused = try squad.run("squads", "rename", "a", "d")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("it is in the way, holding files but no squad.json; move it away first"))
    #expect(try ids("--squad", "a", "list") == ["1009351"])
    #expect(squad.home.contents("squads/d/history.jsonl") == history)
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squads/.deleted")), "only deleted squads go there")
  }

  @Test func anImportThatChangesNothingIsNotRecordedSoUndoTakesBackTheLastRealChange() throws {
    #expect(try squad.run("squads", "create", "s", "--max", "3").status == 0)
    #expect(try squad.run("--squad", "s", "recruit", "hulk").status == 0)
    #expect(try squad.run("--squad", "s", "recruit", "thor").status == 0)
    let export = try squad.run("--squad", "s", "export").stdout
    try export.write(toFile: squad.home.file("same.json"), atomically: true, encoding: .utf8)
    #expect(try squad.run("--squad", "s", "import", squad.home.file("same.json"), "--replace").status == 0)
    #expect(try squad.run("--squad", "s", "history").stdout.split(separator: "\n").count == 3)
    #expect(try squad.run("--squad", "s", "undo").status == 0)
    #expect(try ids("--squad", "s", "list") == ["1009351"])
  }

  @Test func aSquadThatCannotBeReadIsNotRenamedAndNothingMoves() throws {
    try create("a")
    #expect(try squad.run("--squad", "a", "recruit", "hulk").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/a/squad.json"))
    #expect(mkfifo(squad.home.file("squads/a/squad.json"), 0o600) == 0)
    let rename = try squad.run("squads", "rename", "a", "b")
    #expect(rename.status == 1)
    #expect(rename.stderr.contains("FIFO"))
    #expect(FileManager.default.fileExists(atPath: squad.home.file("squads/a")))
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squads/b")))
  }

  @Test func aSizeLimitBeyondWhatMaxAllowsIsACorruptSquadFile() throws {
    #expect(try squad.run("squads", "create", "s", "--max", "2").status == 0)
    let path = squad.home.file("squads/s/squad.json")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "\"maxMembers\": 2", with: "\"maxMembers\": 100001")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let recruit = try squad.run("--squad", "s", "recruit", "hulk")
    #expect(recruit.status == 65)
    #expect(recruit.stderr.contains("maxMembers"))
  }

  @Test func theEnvironmentChoosesTheSquadAndTheFlagWins() throws {
    try create("xmen", "avengers")
    var scripted = squad
    scripted.environment["SQUAD_NAME"] = "xmen"
    #expect(try scripted.run("recruit", "storm").status == 0)
    #expect(try scripted.run("--squad", "avengers", "recruit", "hulk").status == 0)
    #expect(try ids("--squad", "xmen", "list") == ["1009629"])
    #expect(try ids("--squad", "avengers", "list") == ["1009351"])
    #expect(try squad.run("list").stdout.isEmpty)
  }

  @Test func undoBringsAFiredHeroBackAndRedoFiresAgain() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("fire", "hulk", "--yes").status == 0)
    let undo = try squad.run("undo")
    #expect(undo.status == 0)
    #expect(undo.stderr.contains("Recruited Hulk."))
    #expect(try ids("list") == ["1009351"])
    let redo = try squad.run("redo")
    #expect(redo.status == 0)
    #expect(redo.stderr.contains("Fired Hulk."))
    #expect(try squad.run("list").stdout.isEmpty)
    let history = try squad.run("history").stdout.split(separator: "\n").map { $0.split(separator: "\t") }
    #expect(history.map { String($0[0]) } == ["4", "3", "2", "1"])
    #expect(history.map { String($0[2]) } == ["redo", "undo", "fire", "recruit"])
    #expect(try squad.run("history", "--limit", "1").stdout.split(separator: "\n").count == 1)
  }

  @Test func aNewChangeClearsRedoAndNothingToUndoIsNotAnError() throws {
    let nothing = try squad.run("undo")
    #expect(nothing.status == 0)
    #expect(nothing.stderr.contains("Nothing to undo"))
    _ = try squad.run("recruit", "hulk")
    _ = try squad.run("undo")
    _ = try squad.run("recruit", "thor")
    let redo = try squad.run("redo")
    #expect(redo.status == 0)
    #expect(redo.stderr.contains("Nothing to redo"))
    #expect(try ids("list") == ["1009664"])
    _ = try squad.run("recruit", "storm")
    #expect(try squad.run("undo", "2").status == 0)
    #expect(try squad.run("list").stdout.isEmpty)
    #expect(try squad.run("undo", "0").status == 64)
    // One rule for counts: plain digits.
    for count in ["+1", " 1", "1e2", "-1", "１"] {
      #expect(try squad.run("redo", count).status == 64, "\(count)")
    }
    #expect(try squad.run("redo", "01").status == 0)
  }

  @Test func recruitingPastTheLimitChangesNothingAndExits1() throws {
    #expect(try squad.run("squads", "create", "six", "--max", "6").status == 0)
    let six = ["hulk", "thor", "storm", "wolverine", "1009610", "1009220"]
    #expect(try squad.run(arguments: ["--squad", "six", "recruit"] + six).status == 0)
    let before = squad.home.contents("squads/six/squad.json")
    let seventh = try squad.run("--squad", "six", "recruit", "1009368")
    #expect(seventh.status == 1)
    #expect(
      seventh.stderr
        == "Error: The squad 'six' holds at most 6 members; this change would make it 7. Nothing changed; fire "
        + "1 first, or raise the limit (squad squads edit six --max 7).\n")
    #expect(squad.home.contents("squads/six/squad.json") == before)
    #expect(try squad.run("squads").stdout.contains("six\t6\t6\t"))
  }

  @Test func undoSaysWhyItStopsAtAChangeOfTheSizeLimit() throws {
    _ = try squad.run("recruit", "hulk")
    #expect(try squad.run("squads", "edit", "default", "--max", "5").status == 0)
    let undo = try squad.run("undo")
    #expect(undo.status == 0)
    #expect(
      undo.stderr
        == "Nothing to undo in the squad 'default'. Undo stops at the last change of its size limit ('squad history' shows which command made it).\n"
    )
    #expect(try squad.run("list").stdout.hasPrefix("1009351\tHulk\t"), "nothing changed")
    _ = try squad.run("recruit", "thor")
    #expect(try squad.run("undo").stderr.contains("Fired Thor"))
    #expect(try squad.run("undo").stderr.contains("Undo stops at the last change of its size limit"))
    #expect(try squad.run("redo").stderr.contains("Recruited Thor"))
    let partial = try squad.run("undo", "2")
    #expect(
      partial.stderr.hasPrefix(
        "Undid 1 change. Undo stops at the last change of its size limit ('squad history' shows which command made it).\n"
      ))
    // With nothing left to undo when the limit changed, the short sentence.
    _ = try squad.run("squads", "create", "fresh")
    _ = try squad.run("squads", "edit", "fresh", "--max", "4")
    #expect(try squad.run("--squad", "fresh", "undo").stderr == "Nothing to undo in the squad 'fresh'.\n")
    #expect(try squad.run("redo").stderr.contains("Recruited Thor"))
    #expect(try squad.run("redo").stderr == "Nothing to redo in the squad 'default'.\n")
  }

  @Test func namesThatCouldEscapeTheHomeAreUsageErrors() throws {
    let outside = squad.home.path + "/../escape"
    for name in ["../../escape", "/etc/x", "a/b", "..", "bad\u{1B}[31mname", "-x", String(repeating: "a", count: 33)] {
      let result = try squad.run("--squad=" + name, "recruit", "hulk")
      #expect(result.status == 64, "\(name)")
      #expect(!result.stderr.contains("\u{1B}"))
      var scripted = squad
      scripted.environment["SQUAD_NAME"] = name
      #expect(try scripted.run("list").status == 64)
    }
    #expect(try squad.run("squads", "create", "../x").status == 64)
    #expect(!FileManager.default.fileExists(atPath: outside))
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squads")))
  }

  @Test func aHomeFromThePreviousReleaseListsItsMembersUntouched() throws {
    let old = """
      {
        "schemaVersion": 1,
        "members": [
          {"id": 1009351, "name": "Hulk", "description": "", "thumbnail": null, "recruitedAt": "2025-01-02T03:04:05Z"}
        ]
      }

      """
    try squad.home.write(old, to: "squad.json")
    let list = try squad.run("list")
    #expect(list.status == 0)
    #expect(list.stdout == "1009351\tHulk\t2025-01-02T03:04:05Z\n")
    #expect(try squad.run("squads").stdout.hasPrefix("default\t1\t"))
    #expect(try squad.run("undo").stderr.contains("Nothing to undo"))
    #expect(squad.home.contents("squad.json") == Data(old.utf8))
  }

  @Test func aCorruptHistoryWarnsButOnlyUndoRefuses() throws {
    try squad.home.write("this is not json\n", to: "history.jsonl")
    let recruit = try squad.run("recruit", "hulk")
    #expect(recruit.status == 0)
    #expect(recruit.stderr.contains("cannot be used as the squad's history"))
    #expect(try squad.run("fire", "hulk", "--yes").status == 0)
    let undo = try squad.run("undo")
    #expect(undo.status == 65)
    #expect(try squad.run("list").stdout.isEmpty)
    #expect(squad.home.contents("history.jsonl") == Data("this is not json\n".utf8))
  }

  @Test func undoRefusesWhenTheSquadFileWasEditedOutsideSquad() throws {
    _ = try squad.run("recruit", "hulk")
    try squad.home.save(Squad(members: [Member(hero: Hero(id: HeroID(1), name: "Hand Made"), recruitedAt: Date())]))
    let edited = squad.home.contents("squad.json")
    let undo = try squad.run("undo")
    #expect(undo.status == 1)
    #expect(undo.stderr.contains("changed by something other than squad"))
    #expect(squad.home.contents("squad.json") == edited)
  }

  @Test func anEntryWrittenBeforeAKilledSaveIsIgnored() throws {
    _ = try squad.run("recruit", "hulk")
    let file = SquadFile(paths: SquadPaths(home: squad.home.path))
    let digest = SquadDigest.of(try file.load())
    // What a change killed between appending its entry and replacing the squad file leaves,
    // followed by what a kill in the middle of writing a line leaves.
    let orphan = HistoryEntry(sequence: 2, at: Date(), command: "fire", kind: .change, before: digest, after: "0123")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: squad.home.file("history.jsonl")))
    handle.seekToEndOfFile()
    handle.write(Data((orphan.json.encoded() + "\n{\"sequence\":3,\"at").utf8))
    handle.closeFile()
    #expect(try squad.run("history").stdout.split(separator: "\n").count == 1)
    #expect(try squad.run("undo").status == 0)
    #expect(try squad.run("list").stdout.isEmpty)
    let kinds = try file.history.read().entries.map(\.command)
    #expect(kinds == ["recruit", "undo"])
  }

  @Test func squadsAreCreatedRenamedAndDeletedWithTheirHistory() throws {
    #expect(try squad.run("squads", "create", "Avengers").status == 0)
    #expect(try squad.run("squads", "create", "avengers").status == 1)
    #expect(try squad.run("--squad", "avengers", "recruit", "hulk").status == 0)
    #expect(try squad.run("squads", "rename", "avengers", "earth").status == 0)
    #expect(try squad.run("squads", "rename", "avengers", "other").status == 1)
    #expect(try squad.run("squads", "rename", "default", "other").status == 64)
    let history = try squad.run("--squad", "earth", "history").stdout
    #expect(history.contains("renamed from avengers"))
    #expect(history.contains("created the squad"))
    #expect(try ids("--squad", "earth", "list") == ["1009351"])
    let unconfirmed = try squad.run("squads", "delete", "earth")
    #expect(unconfirmed.status == 64)
    #expect(unconfirmed.stderr.contains("--yes"))
    #expect(try squad.run("squads", "delete", "earth", "--yes").status == 0)
    #expect(try squad.run("squads", "delete", "default", "--yes").status == 64)
    #expect(try squad.run("squads").stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["default"])
    let kept = try FileManager.default.contentsOfDirectory(atPath: squad.home.file("squads/.deleted"))
    #expect(kept.count == 1)
  }

  @Test func aTerminalGetsTablesOfSquadsAndHistory() throws {
    _ = try squad.run("squads", "create", "six", "--max", "6")
    _ = try squad.run("--squad", "six", "recruit", "hulk")
    let squads = try squad.runOnTerminal(["squads"])
    #expect(squads.status == 0)
    #expect(squads.stdout.contains("NAME") && squads.stdout.contains("LAST CHANGE"))
    #expect(squads.stdout.contains("six"))
    let history = try squad.runOnTerminal(["--squad", "six", "history"])
    #expect(history.stdout.contains("COMMAND") && history.stdout.contains("recruited Hulk"))
    #expect(history.stdout.contains("created the squad"))
  }

  @Test func completionOffersSquadNames() throws {
    _ = try squad.run("squads", "create", "avengers")
    _ = try squad.run("squads", "create", "xmen")
    #expect(try squad.run("__complete", "--", "--squad", "").stdout == "names\ndefault\navengers\nxmen\n")
    #expect(try squad.run("__complete", "--", "--squad", "x").stdout == "names\nxmen\n")
    #expect(try squad.run("__complete", "--", "squads", "rename", "").stdout == "names\navengers\nxmen\n")
  }
}
