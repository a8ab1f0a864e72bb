import Foundation
import Testing

@testable import SquadCore

/// The import state machine: read, validate, then merge or replace under the lock, once.
@Suite struct ImportFeatureTests {
  let now = SampleSquad.date("2026-11-22T08:00:00Z")
  let members = SampleSquad.squad.members

  func request(replace: Bool = false) -> ImportRequest { ImportRequest(source: .file("in.csv"), replace: replace, now: now) }

  func file(_ text: String) -> ImportFile { ImportFile(label: "in.csv", data: Data(text.utf8)) }

  @Test func anImportStartsByReadingTheFile() {
    var state = ImportFeature.State.idle
    #expect(ImportFeature.reduce(&state, .importRequested(request())) == [.readFile(.file("in.csv"))])
    #expect(state == .reading(request()))
  }

  @Test func aValidFileTakesTheLockAndLoadsTheSquad() throws {
    var state = ImportFeature.State.reading(request())
    let effects = ImportFeature.reduce(&state, .fileRead(.success(file(try SampleSquad.golden("sample.csv")))))
    #expect(effects == [.loadSquadForUpdate])
    #expect(state == .loading(request(), members: members))
  }

  @Test func anInvalidFileFailsBeforeTheSquadIsTouched() {
    var state = ImportFeature.State.reading(request())
    #expect(ImportFeature.reduce(&state, .fileRead(.success(file("id,name\n0,x\n")))) == [])
    let invalid = InvalidImport(
      label: "in.csv", problems: [ImportProblem(.line(2), field: .id, "must be a whole number above 0, not 0")])
    #expect(state == .failed(.invalidFile(invalid)))
  }

  @Test func mergingAppendsNewMembersInFileOrderAndLeavesExistingOnesAlone() {
    let existing = Member(id: members[1].id, name: "Hulk (old record)", description: "", thumbnail: nil, recruitedAt: now)
    var state = ImportFeature.State.loading(request(), members: members)
    let effects = ImportFeature.reduce(&state, .squadLoaded(.success(Squad(members: [existing]))))
    let expected = Squad(members: [existing, members[0], members[2]])
    let summary = ImportSummary(imported: 2, alreadyInSquad: 1, replaced: nil)
    #expect(effects == [.saveSquad(expected)])
    #expect(state == .saving(expected, summary))
    #expect(summary.description == "Imported 2 members (1 already in the squad).")
  }

  @Test func mergingNothingNewSavesNothing() {
    var state = ImportFeature.State.loading(request(), members: members)
    #expect(ImportFeature.reduce(&state, .squadLoaded(.success(SampleSquad.squad))) == [])
    #expect(state == .done(ImportSummary(imported: 0, alreadyInSquad: 3, replaced: nil)))
  }

  @Test func replacingMakesTheFileTheWholeSquad() {
    var state = ImportFeature.State.loading(request(replace: true), members: [members[2]])
    let effects = ImportFeature.reduce(&state, .squadLoaded(.success(SampleSquad.squad)))
    #expect(effects == [.saveSquad(Squad(members: [members[2]]))])
    #expect(state == .saving(Squad(members: [members[2]]), ImportSummary(imported: 1, alreadyInSquad: 0, replaced: .members(3))))
  }

  @Test func aCorruptSquadFileStopsAMergeButNotAReplace() {
    let corrupt = PersistenceError(path: "squad.json", reason: .corrupt(detail: "not valid JSON"))
    var merging = ImportFeature.State.loading(request(), members: members)
    #expect(ImportFeature.reduce(&merging, .squadLoaded(.failure(corrupt))) == [])
    #expect(merging == .failed(.squad(corrupt)))
    #expect(ImportFailure.squad(corrupt).exitCode == .invalidData)

    var replacing = ImportFeature.State.loading(request(replace: true), members: members)
    #expect(ImportFeature.reduce(&replacing, .squadLoaded(.failure(corrupt))) == [.saveSquad(SampleSquad.squad)])
    #expect(replacing == .saving(SampleSquad.squad, ImportSummary(imported: 3, alreadyInSquad: 0, replaced: .unreadable)))
  }

  @Test func anUnreadableSquadFileStopsEvenAReplace() {
    let denied = PersistenceError(path: "squad.json", reason: .unreadable(detail: "permission denied"))
    var state = ImportFeature.State.loading(request(replace: true), members: members)
    #expect(ImportFeature.reduce(&state, .squadLoaded(.failure(denied))) == [])
    #expect(state == .failed(.squad(denied)))
  }

  @Test func aSavedSquadFinishesWithTheSummary() {
    let summary = ImportSummary(imported: 3, alreadyInSquad: 0, replaced: nil)
    var state = ImportFeature.State.saving(SampleSquad.squad, summary)
    #expect(ImportFeature.reduce(&state, .squadSaved(.success(SampleSquad.squad))) == [])
    #expect(state == .done(summary))
  }

  @Test func summariesSayWhatHappened() {
    #expect(ImportSummary(imported: 1, alreadyInSquad: 0, replaced: nil).description == "Imported 1 member.")
    #expect(
      ImportSummary(imported: 0, alreadyInSquad: 2, replaced: nil).description
        == "Imported 0 members (2 already in the squad); the squad is unchanged.")
    #expect(
      ImportSummary(imported: 2, alreadyInSquad: 0, replaced: .members(5)).description
        == "Imported 2 members, replacing the squad of 5 members.")
    #expect(
      ImportSummary(imported: 2, alreadyInSquad: 0, replaced: .unreadable).description
        == "Imported 2 members, replacing the squad file that could not be read.")
  }
}
