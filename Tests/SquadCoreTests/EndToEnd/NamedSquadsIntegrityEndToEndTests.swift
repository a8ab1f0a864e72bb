import Foundation
import Testing

@testable import SquadCore

/// Issue 12's histories that do not tell the truth about their squad, with the real binary:
/// undo and redo check every step against the digests recorded, and never build a squad that
/// never existed.
@Suite struct NamedSquadsIntegrityEndToEndTests {
  let squad = SquadProcess()

  private var history: String { String(decoding: squad.home.contents("history.jsonl") ?? Data(), as: UTF8.self) }

  @Test func anEntryWhoseDiffDoesNotMatchItsDigestsMakesUndoAndRedoRefuseAndChangeNothing() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("recruit", "thor").status == 0)
    let thor = try #require(BundledCatalogue.heroes.first { $0.name == "Thor" })
    let storm = try #require(BundledCatalogue.heroes.first { $0.name == "Storm" })
    let forged = history.replacingOccurrences(
      of: "\"id\":\(thor.id.rawValue),\"name\":\"Thor\"", with: "\"id\":\(storm.id.rawValue),\"name\":\"Storm\"")
    #expect(forged != history)
    try squad.home.write(forged, to: "history.jsonl")
    let file = squad.home.contents("squad.json")

    let undo = try squad.run("undo")
    #expect(undo.status == 65)
    #expect(undo.stderr.contains("does not lead from the squad it was recorded against"), "\(undo.stderr)")
    #expect(undo.stderr.contains("Changes are still recorded"), "what the next change does, said right")
    #expect(squad.home.contents("squad.json") == file)
    #expect(history == forged)
    // Once the forged change is undone elsewhere, a redo of it refuses too.
    let entries = squad.home.contents("history.jsonl").map { String(decoding: $0, as: UTF8.self) }?.count { $0 == "\n" }
    #expect(try squad.run("fire", "thor", "--yes").status == 0)
    let after = squad.home.contents("history.jsonl").map { String(decoding: $0, as: UTF8.self) }?.count { $0 == "\n" }
    #expect(after == entries.map { $0 + 1 }, "the change was recorded, as the message says")
    let refused = try squad.run("undo", "2")
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(try squad.run("list").stdout.contains("Hulk"))
    #expect(!(try squad.run("list").stdout.contains("Storm")))
  }

  @Test func undoingAChangeMadeOverAnUnreadableSquadRefusesRatherThanEmptyingIt() throws {
    #expect(try squad.run("recruit", "thor").status == 0)
    try squad.home.write("{bad", to: "squad.json")
    try squad.home.write(
      "{\"schemaVersion\":1,\"members\":[{\"id\":1009351,\"name\":\"Hulk\",\"description\":\"\","
        + "\"thumbnail\":null,\"recruitedAt\":\"2026-01-01T00:00:00Z\"}]}", to: "one.json")
    #expect(try squad.run("import", squad.home.file("one.json"), "--replace").status == 0)
    let file = squad.home.contents("squad.json")
    let undo = try squad.run("undo")
    #expect(undo.status == 1)
    #expect(undo.stderr.contains("no squad to go back to"), "\(undo.stderr)")
    #expect(squad.home.contents("squad.json") == file)
    #expect(try squad.run("list").stdout.contains("Hulk"))
  }

  @Test func aRenameIsRecordedBeforeItsFolderMovesAndOneKilledBetweenIsNeverShown() throws {
    #expect(try squad.run("squads", "create", "a").status == 0)
    #expect(try squad.run("--squad", "a", "recruit", "hulk").status == 0)
    #expect(try squad.run("squads", "rename", "a", "b").status == 0)
    // What a rename killed after recording and before moving leaves: "renamed from a" in squad a.
    try FileManager.default.moveItem(atPath: squad.home.file("squads/b"), toPath: squad.home.file("squads/a"))
    let history = try squad.run("--squad", "a", "history", "--json")
    #expect(!history.stdout.contains("squads rename"), "\(history.stdout)")
    #expect(try squad.run("--squad", "a", "recruit", "thor").status == 0)
    #expect(try squad.run("--squad", "a", "undo").status == 0)
    #expect(try squad.run("squads", "rename", "a", "c").status == 0)
    let renamed = try squad.run("--squad", "c", "history", "--json")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(renamed.stdout.utf8)) as? [[String: Any]])
    #expect(entries.filter { $0["command"] as? String == "squads rename" }.count == 1)
    #expect(entries.compactMap { $0["sequence"] as? Int } == [5, 4, 3, 2, 1])
    #expect(try squad.run("--squad", "c", "list").stdout.contains("Hulk"))
  }

  @Test func aCommittedEntryOverARemovedSquadFileIsKeptAndUndoRefuses() throws {
    #expect(try squad.run("recruit", "hulk", "thor").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squad.json"))
    let history = try squad.run("history")
    #expect(history.stdout.contains("recruited Hulk and Thor"), "\(history.stdout)")
    let undo = try squad.run("undo")
    #expect(undo.status == 1)
    #expect(undo.stderr.contains("changed by something other than squad"), "\(undo.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
    // A named squad without its file is no squad: refused, and nothing is made for it.
    #expect(try squad.run("squads", "create", "x").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/x/squad.json"))
    #expect(try squad.run("--squad", "x", "undo").stderr.hasPrefix("Error: There is no squad named 'x'"))
    #expect(squad.home.contents("squads/x/squad.json") == nil)
  }

  @Test func aSquadWhoseFileIsADanglingLinkOrALoopIsListedAndNeverDisplaced() throws {
    #expect(try squad.run("squads", "create", "b").status == 0)
    #expect(try squad.run("--squad", "b", "recruit", "hulk").status == 0)
    #expect(try squad.run("squads", "create", "a").status == 0)
    #expect(try squad.run("squads", "create", "l").status == 0)
    for (name, target) in [("a", "../b/squad.json"), ("l", "squad.json")] {
      try FileManager.default.removeItem(atPath: squad.home.file("squads/\(name)/squad.json"))
      try FileManager.default.createSymbolicLink(
        atPath: squad.home.file("squads/\(name)/squad.json"), withDestinationPath: target)
    }
    #expect(try squad.run("squads", "rename", "b", "c").status == 0)
    let listed = try squad.run("squads").stdout.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }
    #expect(listed == ["default", "a", "c", "l"])
    let onto = try squad.run("squads", "rename", "c", "a")
    #expect(onto.status == 1)
    #expect(onto.stderr.contains("already exists"), "\(onto.stderr)")
    #expect(try squad.run("squads", "create", "l").status == 1)
    #expect(try squad.run("squads", "delete", "a", "--yes").status == 0)
    #expect(try squad.run("squads", "create", "a").status == 0)
    #expect(try squad.run("--squad", "c", "list").stdout.contains("Hulk"))
  }
}
