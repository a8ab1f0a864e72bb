import Foundation
import Testing

@testable import SquadCore

/// The last line of a squad's history: whole but for its newline it is a change like any other,
/// still shown and undone; cut short it is dropped, and the change that drops it says so.
@Suite struct HistoryEndsEndToEndTests {
  /// A squad with two changes whose history then loses its last `bytes` bytes.
  private func twoChangesWithTheirHistoryCut(by bytes: Int) throws -> (SquadProcess, String) {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "hulk", "--offline").status == 0)
    #expect(try squad.run("recruit", "thor", "--offline").status == 0)
    let path = squad.home.file("history.jsonl")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try String(text.dropLast(bytes)).write(toFile: path, atomically: false, encoding: .utf8)
    return (squad, path)
  }

  @Test func aChangeKilledBeforeItsSaveIsNotTheSquadsLastChange() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "hulk", "--offline").status == 0)
    let saved = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    try FileManager.default.setAttributes([.modificationDate: saved], ofItemAtPath: squad.home.file("squad.json"))
    // What a fire killed after appending its entry and before saving leaves: the entry's
    // `before` is the squad as it still is.
    let path = squad.home.file("history.jsonl")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let digest = try #require(text.firstMatch(of: /"after":"([0-9a-f]{32})"/)?.1)
    let torn =
      #"{"sequence":2,"at":"2026-06-01T00:00:00Z","command":"fire","kind":"change","steps":1,"#
      + #""summary":"fired Hulk","before":"\#(digest)","after":"ffffffffffffffffffffffffffffffff","removed":[],"added":[]}"#
    try (text + torn + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let squads = try squad.run("squads", "--json")
    #expect(squads.stdout.contains(#""lastChange":"2026-01-01T00:00:00Z""#), "\(squads.stdout)")
  }

  @Test func aLastEntryWithoutItsNewlineIsKeptAndUndone() throws {
    // An editor saving without a final newline.
    let (squad, _) = try twoChangesWithTheirHistoryCut(by: 1)
    let recruited = try squad.run("recruit", "1011334", "--offline")
    #expect(recruited.status == 0 && !recruited.stderr.contains("Warning"), "\(recruited.stderr)")
    let history = try squad.run("history")
    #expect(history.stdout.contains("Thor"), "\(history.stdout)")
    #expect(try squad.run("undo", "--offline").stderr.contains("3-D Man"))
    let second = try squad.run("undo", "--offline")
    #expect(second.status == 0 && second.stderr.contains("Thor"), "\(second.stderr)")
    #expect(try squad.run("list").stdout.split(separator: "\n").count == 1)
  }

  @Test func aLastLineCutShortIsDroppedSayingSo() throws {
    let (squad, path) = try twoChangesWithTheirHistoryCut(by: 40)
    let recruited = try squad.run("recruit", "1011334", "--offline")
    #expect(recruited.status == 0)
    #expect(recruited.stderr.contains("history.jsonl ended in a line cut short, not a whole entry; it was dropped."))
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
  }

  /// The changes of the set of squads drop a named squad's cut line the way recruit does, saying so.
  @Test(arguments: [
    ["squads", "edit", "a", "--max", "5"], ["squads", "rename", "a", "b"], ["squads", "delete", "a", "--yes"],
    ["squads", "create", "a"],
  ])
  func aChangeOfTheSetOfSquadsSaysItDroppedALineCutShort(command: [String]) throws {
    let squad = SquadProcess()
    #expect(try squad.run("squads", "create", "a").status == 0)
    #expect(try squad.run("--squad", "a", "recruit", "hulk", "thor", "--offline").status == 0)
    #expect(try squad.run("--squad", "a", "fire", "thor", "--yes", "--offline").status == 0)
    // `squads create` takes up a folder whose squad.json was removed, history and all.
    if command[1] == "create" { #expect(unlink(squad.home.file("squads/a/squad.json")) == 0) }
    let path = squad.home.file("squads/a/history.jsonl")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try String(text.dropLast(40)).write(toFile: path, atomically: false, encoding: .utf8)
    let changed = try squad.run(arguments: command)
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(changed.stderr.contains("history.jsonl ended in a line cut short, not a whole entry; it was dropped."))
  }

  @Test(arguments: ["read-only squad.json", "hard-linked squad.json", "read-only history"])
  func aRefusedChangeLeavesAHistoryCutShortAsItWas(refusal: String) throws {
    let (squad, path) = try twoChangesWithTheirHistoryCut(by: 40)
    switch refusal {
    case "read-only squad.json": #expect(chmod(squad.home.file("squad.json"), 0o444) == 0)
    case "hard-linked squad.json": #expect(link(squad.home.file("squad.json"), squad.home.file("copy.json")) == 0)
    default: #expect(chmod(path, 0o444) == 0)
    }
    let before = (squad.home.contents("squad.json"), squad.home.contents("history.jsonl"))
    let recruited = try squad.run("recruit", "1011334", "--offline")
    #expect(recruited.status == 1, "\(recruited.stderr)")
    #expect(!recruited.stderr.contains("dropped"), "\(recruited.stderr)")
    #expect(squad.home.contents("squad.json") == before.0 && squad.home.contents("history.jsonl") == before.1)
  }

  @Test func aReadOnlyHistoryRefusesTheChangeAsAReadOnlySquadFileDoes() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "hulk", "--offline").status == 0)
    let path = squad.home.file("history.jsonl")
    #expect(chmod(path, 0o444) == 0)
    let before = (squad.home.contents("squad.json"), squad.home.contents("history.jsonl"))
    let recruited = try squad.run("recruit", "thor", "--offline")
    #expect(recruited.status == 1, "\(recruited.stderr)")
    #expect(recruited.stderr.contains("it is read-only (mode 444)"), "\(recruited.stderr)")
    #expect(squad.home.contents("squad.json") == before.0 && squad.home.contents("history.jsonl") == before.1)
  }
}
