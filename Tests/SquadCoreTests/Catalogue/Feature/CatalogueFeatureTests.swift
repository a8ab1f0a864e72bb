import Foundation
import Testing

@testable import SquadCore

/// The catalogue feature's transcripts: the summary, imports that succeed, fail and skip, and
/// resets confirmed, declined and failing, with the effects run for real on a temporary home.
@MainActor
@Suite struct CatalogueFeatureTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  func store(confirm: Bool = true) -> TestStore<CatalogueFeature, CatalogueEffects> {
    TestStore(
      initialState: CatalogueFeature.State.idle,
      runner: CatalogueEffects(
        store: CatalogueStore(paths: paths), paths: paths, environment: Sample.environment(in: home, confirm: confirm)))
  }

  func importing(_ names: [String], skipInvalid: Bool = false) -> CatalogueImportRequest {
    CatalogueImportRequest(paths: names.map(home.file), skipInvalid: skipInvalid, at: Sample.moment)
  }

  func imported(added: Int, filesRead: Int = 1, skipped: [CatalogueImportFile.Problem] = []) -> CatalogueImport.Report {
    var report = CatalogueImport.Report()
    report.filesRead = filesRead
    report.heroesAdded = added
    report.recordsRead = added  // each file here holds only new heroes
    report.written = added > 0
    report.skipped = skipped
    return report
  }

  @Test func theSummaryCountsTheBundledSetOfAFreshHome() async {
    let store = store()
    await store.send(.summaryRequested) { $0 = .summarising }
    let overview = CatalogueOverview(
      heroes: 1564, heroesByOrigin: [.bundled: 1564], comics: 0, comicsByOrigin: [:], updatedAt: nil,
      catalogueFile: paths.catalogueFile, catalogueBytes: nil, cacheFolder: paths.responsesDirectory, cacheBytes: 0)
    await store.receive(.overviewLoaded(.success(overview))) { $0 = .summarised(overview) }
    store.finish()
  }

  @Test func theSummaryNamesTheDamagedFilesKeptAsideAndTheWayBack() throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_001), name: "Someone")], at: Sample.moment)
    var bytes = try #require(home.contents("catalogue.sqc").map { Array($0) })
    bytes[20] = bytes[20] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")  // the header fails its check
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
    try CatalogueStore(paths: paths, alert: { _ in }).remember(
      [Hero(id: HeroID(5_000_002), name: "Later")], at: Sample.moment)
    let aside = try home.listing().filter { $0.hasPrefix("catalogue.sqc.damaged-") }.map(home.file)
    #expect(aside.count == 1)
    #expect(CatalogueStore(paths: paths).keptAside() == aside)
    var overview = CatalogueOverview(
      heroes: 1565, heroesByOrigin: [.bundled: 1564, .api: 1], comics: 0, comicsByOrigin: [:], updatedAt: nil,
      catalogueFile: paths.catalogueFile, catalogueBytes: nil, cacheFolder: paths.responsesDirectory, cacheBytes: 0)
    overview.keptAside = aside
    let text = CatalogueSummary.text(overview)
    #expect(text.contains("Kept aside:      \(aside[0]) (damaged)\n"))
    #expect(text.contains("'squad catalogue import <file>'"))
    #expect(
      !CatalogueSummary.text(
        CatalogueOverview(
          heroes: 1564, heroesByOrigin: [:], comics: 0, comicsByOrigin: [:], updatedAt: nil,
          catalogueFile: paths.catalogueFile, catalogueBytes: nil, cacheFolder: paths.responsesDirectory, cacheBytes: 0
        )
      ).contains("Kept aside"))
  }

  @Test func anOverviewOfACatalogueThatCannotBeReadFails() {
    var state = CatalogueFeature.State.idle
    state = .summarising
    let error = PersistenceError(path: paths.catalogueFile, reason: .unreadable(detail: "Input/output error"))
    #expect(CatalogueFeature.reduce(&state, .overviewLoaded(.failure(error))).isEmpty)
    #expect(state == .failed(.reading(error)))
  }

  @Test func anImportReportsWhatItAddedThenTheSummaryCountsIt() async throws {
    try home.write(#"[{"id":5000001,"name":"Someone"},{"id":5000002,"name":"Else"}]"#, to: "two.json")
    let request = importing(["two.json"])
    let store = store()
    await store.send(.importRequested(request)) { $0 = .importing(request) }
    await store.receive(.importFinished(.success(imported(added: 2)))) { $0 = .imported(imported(added: 2)) }
    store.finish()
    #expect(CatalogueStore(paths: paths).catalogue.heroesByOrigin[.imported] == 2)
  }

  @Test func aBadFileFailsTheImportAndChangesNothing() async throws {
    try home.write(#"[{"id":-1,"name":"Bad"}]"#, to: "bad.json")
    let request = importing(["bad.json"])
    let problem = CatalogueImportFile.Problem(
      path: home.file("bad.json"), detail: "record 1: id: must be a whole number above 0, not -1")
    let store = store()
    await store.send(.importRequested(request)) { $0 = .importing(request) }
    await store.receive(.importFinished(.failure(.invalid(problem)))) {
      $0 = .failed(.importing(.invalid(problem)))
    }
    store.finish()
    #expect(!FileManager.default.fileExists(atPath: paths.catalogueFile))
  }

  @Test func aMissingPathIsAFileSystemFailure() async {
    let request = importing(["nowhere.json"])
    let problem = CatalogueImportFile.Problem(
      path: home.file("nowhere.json"), detail: "no such file or folder", isUnreadable: true)
    let store = store()
    await store.send(.importRequested(request)) { $0 = .importing(request) }
    await store.receive(.importFinished(.failure(.unreadable(problem)))) {
      $0 = .failed(.importing(.unreadable(problem)))
    }
    store.finish()
  }

  @Test func skippingImportsTheGoodFilesAndListsTheBadOnes() async throws {
    try home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "good.json")
    try home.write("", to: "empty.json")
    let request = importing(["empty.json", "good.json"], skipInvalid: true)
    let skipped = [
      CatalogueImportFile.Problem(
        path: home.file("empty.json"),
        detail: "the file is empty; expected a Marvel response, list or JSON Lines of records")
    ]
    let store = store()
    await store.send(.importRequested(request)) { $0 = .importing(request) }
    let report = imported(added: 1, skipped: skipped)
    await store.receive(.importFinished(.success(report))) { $0 = .imported(report) }
    store.finish()
  }

  @Test func resetAsksNamingWhatGoesAndYesKeepsOnlyTheBundledSet() async throws {
    try home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "one.json")
    _ = CatalogueImport.run(
      [home.file("one.json")], skipInvalid: false, store: CatalogueStore(paths: paths), now: Sample.moment)
    let store = store(confirm: true)
    await store.send(.resetRequested(askFirst: true)) { $0 = .measuring(askFirst: true) }
    let contents = try CatalogueStore(paths: paths).resetContents()
    #expect((contents.droppedHeroes, contents.revertedHeroes, contents.comics) == (1, 0, 0))
    await store.receive(.contentsMeasured(contents)) { $0 = .confirming(contents) }
    await store.receive(.confirmationAnswered(true)) { $0 = .resetting }
    await store.receive(.resetFinished(.success(1564))) { $0 = .reset(heroes: 1564) }
    store.finish()
    let catalogue = CatalogueStore(paths: paths).catalogue
    #expect(catalogue.count == 1564)
    #expect(catalogue.hero(HeroID(5_000_001)) == nil)
  }

  @Test func resetDeclinedChangesNothing() async throws {
    try home.write(#"[{"id":5000001,"name":"Someone"}]"#, to: "one.json")
    _ = CatalogueImport.run(
      [home.file("one.json")], skipInvalid: false, store: CatalogueStore(paths: paths), now: Sample.moment)
    let before = home.contents("catalogue.sqc")
    let store = store(confirm: false)
    await store.send(.resetRequested(askFirst: true)) { $0 = .measuring(askFirst: true) }
    let contents = try CatalogueStore(paths: paths).resetContents()
    await store.receive(.contentsMeasured(contents)) { $0 = .confirming(contents) }
    await store.receive(.confirmationAnswered(false)) { $0 = .cancelled }
    store.finish()
    #expect(home.contents("catalogue.sqc") == before)
  }

  @Test func resetWithoutAskingOverAFolderFailsAndLeavesIt() async throws {
    // A folder where the catalogue should be: it cannot be read, and it is never replaced.
    try FileManager.default.createDirectory(atPath: paths.catalogueFile + "/inside", withIntermediateDirectories: true)
    let store = store()
    await store.send(.resetRequested(askFirst: false)) { $0 = .measuring(askFirst: false) }
    // Not damage to move aside: a read that fails, said as it is (exit 1).
    let error = PersistenceError(path: paths.catalogueFile, reason: .notAFile(kind: "a folder"))
    await store.receive(.resetFinished(.failure(error))) { $0 = .failed(.resetting(error)) }
    store.finish()
  }

  @Test func aDamagedCatalogueIsOfferedToBeMovedAsideNotCounted() {
    var state = CatalogueFeature.State.measuring(askFirst: true)
    let contents = CatalogueContents(droppedHeroes: 0, comics: 0, damage: "the index sizes do not match the count")
    let effects = CatalogueFeature.reduce(&state, .contentsMeasured(contents))
    #expect(state == .confirming(contents))
    #expect(
      effects == [
        .confirm(
          prompt: "The stored catalogue is damaged (the index sizes do not match the count); move it aside and keep "
            + "only the bundled set? [y/N] ")
      ])
  }

  @Test func theResetQuestionSaysWhichHeroesRevertAndWhatIsDropped() {
    func question(_ contents: CatalogueContents) -> [CatalogueFeature.Effect] {
      var state = CatalogueFeature.State.measuring(askFirst: true)
      return CatalogueFeature.reduce(&state, .contentsMeasured(contents))
    }
    let tail = ", keeping only the bundled set? [y/N] "
    #expect(
      question(CatalogueContents(droppedHeroes: 20, revertedHeroes: 363, comics: 1))
        == [.confirm(prompt: "Revert 363 heroes to the bundled version and drop 20 heroes and 1 comic" + tail)])
    #expect(
      question(CatalogueContents(droppedHeroes: 1, revertedHeroes: 0, comics: 0))
        == [.confirm(prompt: "Drop 1 hero" + tail)])
    #expect(
      question(CatalogueContents(droppedHeroes: 0, revertedHeroes: 1, comics: 2_000))
        == [.confirm(prompt: "Revert 1 hero to the bundled version and drop 2,000 comics" + tail)])
  }

  @Test(arguments: [true, false])
  func aResetWithNothingToDoAsksNothingAndWritesNothing(askFirst: Bool) {
    var state = CatalogueFeature.State.measuring(askFirst: askFirst)
    let effects = CatalogueFeature.reduce(&state, .contentsMeasured(CatalogueContents(droppedHeroes: 0, comics: 0)))
    #expect(effects == [])
    #expect(state == .alreadyBundled)
  }

  @Test func actionsOutOfPlaceChangeNothing() {
    var state = CatalogueFeature.State.idle
    #expect(CatalogueFeature.reduce(&state, .confirmationAnswered(true)) == [])
    #expect(CatalogueFeature.reduce(&state, .resetFinished(.success(1))) == [])
    #expect(state == CatalogueFeature.State.idle)
  }
}
