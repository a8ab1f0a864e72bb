import Foundation
import Testing

@testable import SquadCore

/// Undo and redo entries read one way: they name the changes they stepped over, as those changes read.
@Suite struct UndoWordingTests {
  @Test func afterRecruitFireUndoTheUndoEntryNamesTheFiringAndRedoReadsTheSame() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["recruit", "1009327"], home: home.path).status == 0)
    #expect(try CLIProcess.run(["fire", "1009327", "--yes"], home: home.path).status == 0)
    #expect(try CLIProcess.run(["undo"], home: home.path).status == 0)
    #expect(try CLIProcess.run(["redo"], home: home.path).status == 0)
    let history = try CLIProcess.run(["history"], home: home.path)
    let lines = history.lines
    #expect(lines.count == 4, "\(history.stdout)")
    #expect(lines.first?.hasSuffix("redid #2 (fired Jean Grey)") == true, "\(history.stdout)")
    #expect(lines.dropFirst().first?.hasSuffix("undid #2 (fired Jean Grey)") == true, "\(history.stdout)")
  }

  /// Found by the attack: `undo 3` with one change left said "Undid 1 change." alone.
  @Test @MainActor func aStepOfMoreChangesThanTheHistoryHoldsSaysItRanOut() async throws {
    let squad = try InProcessCLI()
    #expect(await squad.run(["recruit", "--offline", "1009610"]).code == 0)
    #expect(await squad.run(["recruit", "--offline", "1009351"]).code == 0)
    let undo = await squad.run(["undo", "3"])
    #expect(undo.code == 0 && undo.err.hasPrefix("Undid 2 changes (no more to undo).\n"), "\(undo.err)")
    let redo = await squad.run(["redo", "2"])
    #expect(redo.code == 0 && redo.err.hasPrefix("Redid 2 changes.\n"), "as many as asked: \(redo.err)")
    #expect(await squad.run(["undo", "1"]).err.hasPrefix("Undid 1 change.\n"))
    let more = await squad.run(["redo", "4"])
    #expect(more.code == 0 && more.err.hasPrefix("Redid 1 change (no more to redo).\n"), "\(more.err)")
  }

  @Test func anUndoOfTwoChangesNamesBoth() {
    let entry = HistoryEntry(
      sequence: 5, at: Date(), command: "undo", kind: .undo, steps: 2, before: "a", after: "b", detail: "3,4")
    #expect(entry.summary == "undid #3 and #4 (no member changed)")
    let old = HistoryEntry(sequence: 5, at: Date(), command: "undo", kind: .undo, steps: 2, before: "a", after: "b")
    #expect(old.summary == "undid 2 changes (no member changed)")
  }
}
