import Foundation

struct ImportEffects: EffectRunner {
  let environment: AppEnvironment
  let catalogue: CatalogueStore

  func run(_ effect: ImportFeature.Effect, send: @escaping @Sendable (ImportFeature.Action) async -> Void) async {
    switch effect {
    case .readFile(let source):
      await send(.fileRead(read(source)))
    case .lookUpNames(let ids):
      let catalogue = catalogue.catalogue
      var names: [HeroID: String] = [:]
      for id in ids { names[id] = catalogue.summary(id)?.name }
      await send(.namesFound(names))
    case .updateSquad(let content, let replace):
      if environment.squadFile.isBusy { await send(.waitingForLock) }
      await send(.squadUpdated(importing(content, replace: replace)))
    }
  }

  private func importing(_ content: ImportContent, replace: Bool) -> Result<ImportSummary, SquadError> {
    Result { () throws(SquadError) in
      let command = replace ? "import --replace" : "import"
      func change() throws(SquadError) -> ImportSummary {
        try environment.squadFile.change(by: command, at: environment.now()) { snapshot throws(SquadError) in
          try ImportFeature.plan(content, replace: replace, in: snapshot)
        }.0
      }
      var summary = try change()
      // The limit was set alone (undo never crosses it); the members are replaced as a change undo takes back.
      if summary.limitFirst { summary.unchanged = try change().unchanged }
      return summary
    }
  }

  // Files and stdin alike: at most InputLimit.importFile bytes, in bounded memory and time.
  private func read(_ source: ImportSource) -> Result<ImportFile, PersistenceError> {
    Result { () throws(PersistenceError) in
      switch source {
      case .standardInput:
        return ImportFile(label: source.label, data: Data(try BoundedInput.standardInput()))
      case .file(let path):
        guard let bytes = try BoundedInput.anyFile(path, limit: InputLimit.importFile) else {
          throw PersistenceError(path: path, reason: .unreadable(detail: "there is no such file"))
        }
        return ImportFile(label: path, data: Data(bytes))
      }
    }
  }
}
