import Foundation
import Testing

@testable import SquadCore

@MainActor
@Suite struct HistoryFeatureTests {
  let home = TemporaryDirectory()
  var file: SquadFile { SquadFile(paths: SquadPaths(home: home.path)) }

  func store() -> TestStore<HistoryFeature, HistoryEffects> {
    TestStore(initialState: .idle, runner: HistoryEffects(environment: Sample.environment(in: home)))
  }

  private func recruit(_ hero: Hero) throws {
    _ = try file.update(.recruit(at: Sample.moment), heroes: [hero], at: Sample.moment)
  }

  @Test func historyListsNewestFirstWithinTheLimit() async throws {
    try recruit(Sample.hulk)
    try recruit(Sample.spiderMan)
    let entries = try file.history.read().entries
    let store = store()
    await store.send(.historyRequested(limit: 1)) { $0 = .loading(limit: 1) }
    await store.receive(.historyLoaded(.success(entries))) { $0 = .listed([entries[1]]) }
    store.finish()
  }

  @Test func undoThenRedoStepsThroughTheChanges() async throws {
    try recruit(Sample.hulk)
    let afterRecruit = try file.load()
    let store = store()
    await store.send(.stepRequested(.undo, count: 1, at: Sample.moment)) { $0 = .stepping(.undo, count: 1) }
    let undo = try #require(try file.history.read().entries.last)
    #expect(undo.kind == .undo)
    #expect(undo.diff.removed.map(\.member.id) == [Sample.hulk.id])
    await store.receive(.stepFinished(.success(StepOutcome(entry: undo)))) {
      $0 = .stepped(.undo, StepOutcome(entry: undo))
    }
    store.finish()
    #expect(try file.load().members.isEmpty)

    let again = self.store()
    await again.send(.stepRequested(.redo, count: 5, at: Sample.moment)) { $0 = .stepping(.redo, count: 5) }
    let redo = try #require(try file.history.read().entries.last)
    #expect(redo.kind == .redo && redo.steps == 1)
    // One change of the five asked: the history held no more.
    await again.receive(.stepFinished(.success(StepOutcome(entry: redo, ranOut: true)))) {
      $0 = .stepped(.redo, StepOutcome(entry: redo, ranOut: true))
    }
    again.finish()
    #expect(try file.load() == afterRecruit)
  }

  @Test func nothingToUndoIsNotAFailure() async throws {
    let store = store()
    await store.send(.stepRequested(.undo, count: 1, at: Sample.moment)) { $0 = .stepping(.undo, count: 1) }
    await store.receive(.stepFinished(.success(StepOutcome()))) { $0 = .stepped(.undo, StepOutcome()) }
    store.finish()
  }

  @Test func nothingToRedoIsNotAFailureEvenAfterChanges() async throws {
    try recruit(Sample.hulk)
    let store = store()
    await store.send(.stepRequested(.redo, count: 3, at: Sample.moment)) { $0 = .stepping(.redo, count: 3) }
    await store.receive(.stepFinished(.success(StepOutcome()))) { $0 = .stepped(.redo, StepOutcome()) }
    store.finish()
    #expect(try file.history.read().entries.map(\.kind) == [.change])
  }

  @Test func anUnusableHistoryFailsHistoryUndoAndRedoNamingWhy() async throws {
    try recruit(Sample.hulk)
    let linked = home.file("elsewhere.jsonl")
    try FileManager.default.moveItem(atPath: file.history.path, toPath: linked)
    try FileManager.default.createSymbolicLink(atPath: file.history.path, withDestinationPath: linked)
    let detail = "it is a symbolic link; a history must be a file of its own in its squad's folder"
    let unusable = PersistenceError(path: file.history.path, reason: .corruptHistory(detail: detail))
    let refusal = SquadError.file(unusable)
    let listing = store()
    await listing.send(.historyRequested(limit: nil)) { $0 = .loading(limit: nil) }
    await listing.receive(.historyLoaded(.failure(unusable))) { $0 = .failed(refusal) }
    listing.finish()
    for direction in [StepDirection.undo, .redo] {
      let store = store()
      await store.send(.stepRequested(direction, count: 1, at: Sample.moment)) {
        $0 = .stepping(direction, count: 1)
      }
      await store.receive(.stepFinished(.failure(refusal))) { $0 = .failed(refusal) }
      store.finish()
    }
    #expect(try file.load().members.map(\.id) == [Sample.hulk.id])
  }

  @Test func undoRefusesWhenTheFileWasEditedOutsideSquad() async throws {
    try recruit(Sample.hulk)
    try file.save(Squad(members: [Sample.member(Sample.spiderMan)]))
    let store = store()
    await store.send(.stepRequested(.undo, count: 1, at: Sample.moment)) { $0 = .stepping(.undo, count: 1) }
    let refusal = SquadError.changedOutside(path: file.path)
    await store.receive(.stepFinished(.failure(refusal))) { $0 = .failed(refusal) }
    store.finish()
    #expect(try file.load().members.map(\.id) == [Sample.spiderMan.id])
  }
}

@Suite struct UndoStacksTests {
  let a = Sample.member(Sample.hulk)
  let b = Sample.member(Sample.spiderMan)

  @Test func aDiffAndItsInverseRoundTripEvenAcrossReorders() {
    for (before, after) in [([a], [a, b]), ([a, b], [b]), ([a, b], [b, a]), ([], [b, a])] {
      let diff = SquadDiff.between(before, after)
      #expect(diff.applied(to: before) == after)
      #expect(diff.inverse.applied(to: after) == before)
    }
  }

  @Test func aChangeClearsRedoAndABreakInTheChainClearsBoth() {
    func entry(_ kind: HistoryEntry.Kind, _ before: String, _ after: String) -> HistoryEntry {
      HistoryEntry(sequence: 1, at: Sample.moment, command: "x", kind: kind, before: before, after: after)
    }
    let undone = UndoStacks.replay([entry(.change, "0", "1"), entry(.change, "1", "2"), entry(.undo, "2", "1")])
    #expect(undone.undo.count == 1 && undone.redo.count == 1)
    let changed = UndoStacks.replay([entry(.change, "0", "1"), entry(.undo, "1", "0"), entry(.change, "0", "3")])
    #expect(changed.undo.count == 1 && changed.redo.isEmpty)
    let broken = UndoStacks.replay([entry(.change, "0", "1"), entry(.change, "9", "10")])
    #expect(broken.undo.count == 1)
  }
}
