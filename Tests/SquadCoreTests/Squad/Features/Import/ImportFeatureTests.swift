import Foundation
import Testing

@testable import SquadCore

/// The import state machine: read, validate, then merge or replace under the lock, once.
@Suite struct ImportFeatureTests {
  let now = SampleSquad.date("2026-11-22T08:00:00Z")
  let members = SampleSquad.squad.members

  func request(replace: Bool = false) -> ImportRequest {
    ImportRequest(source: .file("in.csv"), replace: replace, now: now)
  }

  func file(_ text: String) -> ImportFile { ImportFile(label: "in.csv", data: Data(text.utf8)) }

  @Test func anImportStartsByReadingTheFile() {
    var state = ImportFeature.State.idle
    #expect(ImportFeature.reduce(&state, .importRequested(request())) == [.readFile(.file("in.csv"))])
    #expect(state == .reading(request()))
  }

  @Test func aValidFileIsCheckedAgainstTheCatalogueThenUpdatesTheSquadUnderTheLock() throws {
    var state = ImportFeature.State.reading(request())
    let effects = ImportFeature.reduce(&state, .fileRead(.success(file(try SampleSquad.golden("sample.csv")))))
    #expect(effects == [.lookUpNames(members.map(\.id))])
    guard case .checking(_, let content) = state else {
      Issue.record("\(state)")
      return
    }
    #expect(content.members == members)
    let names = Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0.name) })
    #expect(ImportFeature.reduce(&state, .namesFound(names)) == [.updateSquad(content, replace: false)])
    #expect(state == .updating(request(), content))
  }

  @Test func aMemberUnderAnotherNameTakesTheCataloguesAndAnUnknownIdIsSaidOrSkipped() throws {
    let text = "id,name\n1009664,Hulk\n99999999,Nobody\n1009351,Hulk\n"
    for skip in [false, true] {
      var request = request()
      request.skipInvalid = skip
      var state = ImportFeature.State.reading(request)
      _ = ImportFeature.reduce(&state, .fileRead(.success(file(text))))
      _ = ImportFeature.reduce(&state, .namesFound([HeroID(1_009_664): "Thor", HeroID(1_009_351): "Hulk"]))
      guard case .updating(_, let content) = state else {
        Issue.record("\(state)")
        return
      }
      #expect(content.members.map(\.name) == (skip ? ["Thor", "Hulk"] : ["Thor", "Nobody", "Hulk"]))
      #expect(
        content.notes == [
          "Corrected in.csv:2: 1009664 is Thor in the catalogue, not 'Hulk'.",
          skip
            ? "Skipped in.csv:3: 99999999 is no hero the catalogue knows."
            : "Warning: in.csv:3: 99999999 is no hero the catalogue knows; imported as written "
              + "(--skip-invalid leaves such members out).",
        ])
    }
  }

  func plan(_ members: [Member], onto loaded: Result<Squad, PersistenceError>, replace: Bool)
    -> (SquadEdit?, Result<ImportSummary, SquadError>)
  {
    do throws(SquadError) {
      let (edit, summary) = try ImportFeature.plan(ImportContent(members: members), replace: replace, in: .of(loaded))
      return (edit, .success(summary))
    } catch {
      return (nil, .failure(error))
    }
  }

  @Test func mergingAppendsNewMembersInFileOrderAndLeavesExistingOnesAlone() {
    let existing = Member(
      id: members[1].id, name: "Hulk (old record)", description: "", thumbnail: nil, recruitedAt: now)
    let (edit, outcome) = plan(members, onto: .success(Squad(members: [existing])), replace: false)
    let expected = Squad(members: [existing, members[0], members[2]])
    let summary = ImportSummary(imported: 2, alreadyInSquad: 1, replaced: nil)
    #expect(edit == SquadEdit(squad: expected))
    #expect(outcome == .success(summary))
    #expect(summary.description == "Imported 2 members (1 already in the squad).")
  }

  @Test func mergingNothingNewSavesNothing() {
    let (edit, outcome) = plan(members, onto: .success(SampleSquad.squad), replace: false)
    #expect(edit == nil)
    #expect(outcome == .success(ImportSummary(imported: 0, alreadyInSquad: 3, replaced: nil)))
  }

  @Test func replacingMakesTheFileTheWholeSquad() {
    let (edit, outcome) = plan([members[2]], onto: .success(SampleSquad.squad), replace: true)
    #expect(edit == SquadEdit(squad: Squad(members: [members[2]])))
    #expect(outcome == .success(ImportSummary(imported: 1, alreadyInSquad: 0, replaced: .members(3))))
  }

  @Test func aCorruptSquadFileStopsAMergeButNotAReplace() {
    let corrupt = PersistenceError(path: "squad.json", reason: .corrupt(detail: "not valid JSON"))
    let (refused, failure) = plan(members, onto: .failure(corrupt), replace: false)
    #expect(refused == nil)
    #expect(failure == .failure(.file(corrupt)))
    #expect(SquadError.file(corrupt).exitCode == .invalidData)
    let (edit, outcome) = plan(members, onto: .failure(corrupt), replace: true)
    #expect(edit == SquadEdit(squad: SampleSquad.squad))
    #expect(outcome == .success(ImportSummary(imported: 3, alreadyInSquad: 0, replaced: .unreadable)))
  }

  @Test func anUnreadableSquadFileStopsEvenAReplace() {
    let denied = PersistenceError(path: "squad.json", reason: .unreadable(detail: "permission denied"))
    let (edit, outcome) = plan(members, onto: .failure(denied), replace: true)
    #expect(edit == nil)
    #expect(outcome == .failure(.file(denied)))
  }

  @Test func anUpdatedSquadFinishesWithTheSummary() {
    let summary = ImportSummary(imported: 3, alreadyInSquad: 0, replaced: nil)
    var state = ImportFeature.State.updating(request(), ImportContent(members: members))
    #expect(ImportFeature.reduce(&state, .squadUpdated(.success(summary))) == [])
    #expect(state == .done(summary))
  }

  /// Found by the attack: an import waiting for another squad command's lock showed only
  /// "Saving squad…". The other command here lets the lock go once the wait is said; a
  /// watchdog lets it go after 30 s so a wait never said fails the test instead of hanging it.
  @Test @MainActor func anUpdateWaitingForAnotherCommandsLockSaysSo() async throws {
    let home = TemporaryDirectory()
    let environment = Sample.environment(in: home)
    let other = Mutex<FileLock?>(try FileLock(path: environment.squadFile.lockPath))
    let watchdog = Task.detached {
      try await Task.sleep(for: .seconds(30))
      other.withLock { $0 = nil }
    }
    defer { watchdog.cancel() }
    let sent = Mutex<[ImportFeature.Action]>([])
    let effects = ImportEffects(environment: environment, catalogue: CatalogueStore(paths: SquadPaths(home: home.path)))
    await effects.run(.updateSquad(ImportContent(members: members), replace: false)) { action in
      sent.withLock { $0.append(action) }
      if action == .waitingForLock { other.withLock { $0 = nil } }
    }
    let actions = sent.withLock { $0 }
    #expect(actions.first == .waitingForLock && actions.count == 2, "\(actions)")
    #expect(try environment.squadFile.load().members == members)

    let summary = ImportSummary(imported: 3, alreadyInSquad: 0, replaced: nil)
    var state = ImportFeature.State.updating(request(), ImportContent(members: members))
    #expect(ImportCommand.status(state) == "Saving squad…")
    #expect(ImportFeature.reduce(&state, .waitingForLock) == [])
    #expect(ImportCommand.status(state) == "Waiting for another squad command to finish…")
    #expect(ImportFeature.reduce(&state, .squadUpdated(.success(summary))) == [])
    #expect(state == .done(summary))
  }

  @Test func aFailedUpdateFailsTheImport() {
    let denied = PersistenceError(path: "squad.json", reason: .unwritable(detail: "read-only file system"))
    var state = ImportFeature.State.updating(request(), ImportContent(members: members))
    #expect(ImportFeature.reduce(&state, .squadUpdated(.failure(.file(denied)))) == [])
    #expect(state == .failed(.file(denied)))
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
