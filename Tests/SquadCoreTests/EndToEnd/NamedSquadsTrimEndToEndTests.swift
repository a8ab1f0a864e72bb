import Foundation
import Testing

@testable import SquadCore

/// Issue 12's bounded history, with the real binary: however the oldest entries were trimmed
/// away, the newest ones kept stay undoable and redoable.
@Suite struct NamedSquadsTrimEndToEndTests {
  let squad = SquadProcess()

  private func lines() -> [Substring] {
    String(decoding: squad.home.contents("history.jsonl") ?? Data(), as: UTF8.self).split(separator: "\n")
  }

  // What the history's trim leaves: only the newest `count` entries.
  private func keepNewest(_ count: Int) throws {
    try squad.home.write(lines().suffix(count).joined(separator: "\n") + "\n", to: "history.jsonl")
  }

  private func members() throws -> String { try squad.run("list").stdout }

  @Test func aRedoWhoseChangeWasTrimmedAwayCanStillBeUndone() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    for _ in 0..<3 {
      #expect(try squad.run("undo").status == 0)
      #expect(try squad.run("redo").status == 0)
    }
    try keepNewest(4)
    let undo = try squad.run("undo")
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stderr.contains("Fired Hulk"), "\(undo.stderr)")
    #expect(try members().isEmpty)
    #expect(try squad.run("redo").stderr.contains("Recruited Hulk"))
    #expect(try members().contains("Hulk"))
  }

  @Test func anUndoKeptAloneByTheTrimCanStillBeRedone() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("recruit", "thor", "storm").status == 0)
    #expect(try squad.run("undo").status == 0)
    try keepNewest(1)
    let redo = try squad.run("redo")
    #expect(redo.status == 0, "\(redo.stderr)")
    #expect(redo.stderr.contains("Recruited Storm and Thor") || redo.stderr.contains("Recruited Thor and Storm"))
    #expect(try members().contains("Storm"))
    #expect(try squad.run("undo").status == 0)
    #expect(!(try members().contains("Storm")))
    #expect(try members().contains("Hulk"))
  }

  @Test func anUndoOfSeveralChangesWhoseChangesWereTrimmedIsRedoneAsOneStep() throws {
    for hero in ["hulk", "thor", "storm"] { #expect(try squad.run("recruit", hero).status == 0) }
    #expect(try squad.run("undo", "2").status == 0)
    try keepNewest(2)
    #expect(try squad.run("redo").status == 0)
    let listed = try members()
    #expect(listed.contains("Thor") && listed.contains("Storm"), "\(listed)")
  }
}
