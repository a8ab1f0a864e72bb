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

  @Test func anUndoOfTwoChangesNamesBoth() {
    let entry = HistoryEntry(
      sequence: 5, at: Date(), command: "undo", kind: .undo, steps: 2, before: "a", after: "b", detail: "3,4")
    #expect(entry.summary == "undid #3 and #4 (no member changed)")
    let old = HistoryEntry(sequence: 5, at: Date(), command: "undo", kind: .undo, steps: 2, before: "a", after: "b")
    #expect(old.summary == "undid 2 changes (no member changed)")
  }
}
