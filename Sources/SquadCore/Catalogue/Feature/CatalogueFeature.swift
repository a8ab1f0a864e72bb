import Foundation

/// `squad catalogue` and its `import`, `reset` and `check`. Reset measures the catalogue first, so
/// the question can say what goes, and what reading it upgrades is dropped with the rest.
enum CatalogueFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    case summarising
    case summarised(CatalogueOverview)
    case importing(CatalogueImportRequest)
    case imported(CatalogueImport.Report)
    case measuring(askFirst: Bool)
    case confirming(CatalogueContents)
    case resetting
    case reset(heroes: Int)
    /// Nothing was asked or written.
    case alreadyBundled
    case cancelled
    case checking(repair: Bool)
    case checked(CatalogueCheckReport)
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
    case importFiles(CatalogueImportRequest)
    case measureContents
    case confirm(prompt: String)
    case reset(asked: CatalogueContents?)
    case check(repair: Bool)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    let (next, effects): (State, [Effect])
    switch (state, action) {
    case (.idle, .summaryRequested): (next, effects) = (.summarising, [.loadOverview])
    case (.summarising, .overviewLoaded(let result)):
      (next, effects) = (finished(result, State.summarised, CatalogueFailure.reading), [])
    case (.idle, .importRequested(let request)): (next, effects) = (.importing(request), [.importFiles(request)])
    case (.importing, .importFinished(let result)):
      (next, effects) = (finished(result, State.imported, CatalogueFailure.importing), [])
    case (.idle, .resetRequested(let askFirst)): (next, effects) = (.measuring(askFirst: askFirst), [.measureContents])
    case (.measuring, .contentsMeasured(let contents)) where contents.isBundledSetOnly:
      (next, effects) = (.alreadyBundled, [])
    case (.measuring(let askFirst), .contentsMeasured(let contents)):
      (next, effects) =
        askFirst
        ? (.confirming(contents), [.confirm(prompt: Self.resetPrompt(contents))]) : (.resetting, [.reset(asked: nil)])
    case (.confirming(let contents), .confirmationAnswered(true)):
      (next, effects) = (.resetting, [.reset(asked: contents)])
    case (.confirming, .confirmationAnswered(false)): (next, effects) = (.cancelled, [])
    // A catalogue that cannot be read is an error before anything is asked, never "nothing to reset".
    case (.resetting, .resetFinished(let result)), (.measuring, .resetFinished(let result)):
      (next, effects) = (finished(result, State.reset(heroes:), CatalogueFailure.resetting), [])
    case (.idle, .checkRequested(let repair)): (next, effects) = (.checking(repair: repair), [.check(repair: repair)])
    case (.checking, .checkFinished(let result)):
      (next, effects) = (finished(result, State.checked, CatalogueFailure.repairing), [])
    default: return []
    }
    state = next
    return effects
  }

  private static func finished<Value, Failure>(
    _ result: Result<Value, Failure>, _ done: (Value) -> State, _ failed: (Failure) -> CatalogueFailure
  ) -> State {
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
