import Foundation

/// The local catalogue (`squad catalogue`): what it holds, archived Marvel data imported into it
/// (`catalogue import`), or everything but the bundled set dropped (`catalogue reset`).
///
/// Reset measures the catalogue first, so the question can say what goes, and so that what
/// reading it upgrades (a previous release's file) is dropped with the rest.
enum CatalogueFeature: Feature {
  struct State: Equatable, Sendable {
    var phase = Phase.idle
  }

  enum Phase: Equatable, Sendable {
    case idle
    case summarising
    case summarised(CatalogueOverview)
    case importing(CatalogueImportRequest)
    /// Finished an import (which may have changed nothing).
    case imported(CatalogueImport.Report)
    /// Reading what a reset would drop.
    case measuring(askFirst: Bool)
    /// Waiting for the user to confirm dropping what the catalogue holds beyond the bundled set
    /// (or setting a damaged file aside).
    case confirming(CatalogueContents)
    case resetting
    /// Finished a reset; the catalogue holds this many (bundled) heroes.
    case reset(heroes: Int)
    /// The catalogue already held the bundled set alone: nothing was asked or written.
    case alreadyBundled
    case cancelled
    case checking(repair: Bool)
    case checked(CatalogueCheckReport)
    /// Refused or failed; the catalogue is unchanged.
    case failed(CatalogueFailure)
  }

  enum Action: Equatable, Sendable {
    case summaryRequested
    case overviewLoaded(Result<CatalogueOverview, PersistenceError>)
    case importRequested(CatalogueImportRequest)
    case importFinished(Result<CatalogueImport.Report, CatalogueImport.Failure>)
    case resetRequested(askFirst: Bool)
    case contentsMeasured(CatalogueContents)
    case confirmationAnswered(Bool)
    case resetFinished(Result<Int, PersistenceError>)
    case checkRequested(repair: Bool)
    case checkFinished(Result<CatalogueCheckReport, PersistenceError>)
  }

  enum Effect: Equatable, Sendable {
    case loadOverview
    /// Check every file, merge them and write the catalogue once, under its lock.
    case importFiles(CatalogueImportRequest)
    case measureContents
    case confirm(prompt: String)
    /// Write the bundled set alone under the catalogue's lock, setting a damaged file aside;
    /// nothing when the catalogue no longer holds what the person was `asked` about.
    case reset(asked: CatalogueContents?)
    /// Verify every byte; when `repair`, write a damaged catalogue again from what is intact.
    case check(repair: Bool)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    let (phase, effects): (Phase, [Effect])
    switch (state.phase, action) {
    case (.idle, .summaryRequested): (phase, effects) = (.summarising, [.loadOverview])
    case (.summarising, .overviewLoaded(let result)):
      (phase, effects) = (finished(result, Phase.summarised, CatalogueFailure.reading), [])
    case (.idle, .importRequested(let request)): (phase, effects) = (.importing(request), [.importFiles(request)])
    case (.importing, .importFinished(let result)):
      (phase, effects) = (finished(result, Phase.imported, CatalogueFailure.importing), [])
    case (.idle, .resetRequested(let askFirst)): (phase, effects) = (.measuring(askFirst: askFirst), [.measureContents])
    case (.measuring, .contentsMeasured(let contents)) where contents.isBundledSetOnly:
      (phase, effects) = (.alreadyBundled, [])
    case (.measuring(let askFirst), .contentsMeasured(let contents)):
      (phase, effects) =
        askFirst
        ? (.confirming(contents), [.confirm(prompt: Self.resetPrompt(contents))]) : (.resetting, [.reset(asked: nil)])
    case (.confirming(let contents), .confirmationAnswered(true)):
      (phase, effects) = (.resetting, [.reset(asked: contents)])
    case (.confirming, .confirmationAnswered(false)): (phase, effects) = (.cancelled, [])
    // A catalogue that cannot be read is an error before anything is asked, never "nothing to reset".
    case (.resetting, .resetFinished(let result)), (.measuring, .resetFinished(let result)):
      (phase, effects) = (finished(result, Phase.reset(heroes:), CatalogueFailure.resetting), [])
    case (.idle, .checkRequested(let repair)): (phase, effects) = (.checking(repair: repair), [.check(repair: repair)])
    case (.checking, .checkFinished(let result)):
      (phase, effects) = (finished(result, Phase.checked, CatalogueFailure.repairing), [])
    default: return []
    }
    state.phase = phase
    return effects
  }

  /// The phase a finished effect leads to: `done` with its value, or failed.
  private static func finished<Value, Failure>(
    _ result: Result<Value, Failure>, _ done: (Value) -> Phase, _ failed: (Failure) -> CatalogueFailure
  ) -> Phase {
    switch result {
    case .success(let value): return done(value)
    case .failure(let error): return .failed(failed(error))
    }
  }

  private static func resetPrompt(_ contents: CatalogueContents) -> String {
    if let damage = contents.damage {
      return "The stored catalogue is damaged (\(damage)); move it aside and keep only the bundled set? [y/N] "
    }
    // Says what really happens: bundled heroes updated since are reverted, the rest dropped.
    var dropped: [String] = []
    if contents.droppedHeroes > 0 { dropped.append(Plural.heroes(contents.droppedHeroes)) }
    if contents.comics > 0 { dropped.append(Plural.count(contents.comics, "comic")) }
    let revert =
      contents.revertedHeroes > 0 ? "revert \(Plural.heroes(contents.revertedHeroes)) to the bundled version" : nil
    let drop = dropped.isEmpty ? nil : "drop " + dropped.joinedDirectly(separator: " and ")
    let question = [revert, drop].compactMap { $0 }.joinedDirectly(separator: " and ")
    return question.prefix(1).uppercased() + question.dropFirst() + ", keeping only the bundled set? [y/N] "
  }
}
