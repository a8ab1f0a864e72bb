import Foundation

struct CatalogueEffects: EffectRunner {
  let store: CatalogueStore
  let paths: SquadPaths
  let environment: AppEnvironment

  func run(_ effect: CatalogueFeature.Effect, send: @escaping @Sendable (CatalogueFeature.Action) async -> Void)
    async
  {
    switch effect {
    case .loadOverview:
      await send(.overviewLoaded(Result { () throws(PersistenceError) in try overview() }))
    case .importFiles(let request):
      // Here and below: once the catalogue is replaced, an interrupt lets the command finish and say so.
      let result = InterruptCleanup.committing {
        CatalogueImport.run(request.paths, skipInvalid: request.skipInvalid, store: store, now: request.at)
      }
      await send(.importFinished(result))
    case .measureContents:
      do throws(PersistenceError) {
        await send(.contentsMeasured(try store.resetContents()))
      } catch {
        await send(.resetFinished(.failure(error)))
      }
    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))
    case .check(let repair):
      let checked = Result { () throws(PersistenceError) in
        var report = try store.check()
        if repair, !report.damages.isEmpty {
          // Another command may have written it before the repair's lock: then it is the answer.
          let repaired = try InterruptCleanup.committing { () throws(PersistenceError) in
            try store.repair(at: environment.now())
          }
          if repaired { report.repaired = true } else { report = try store.check() }
        }
        return report
      }
      await send(.checkFinished(checked))
    case .reset(let asked):
      let reset = Result { () throws(PersistenceError) in
        try InterruptCleanup.committing { () throws(PersistenceError) in try store.reset(asked: asked) }
        return store.catalogue.count
      }
      await send(.resetFinished(reset))
    }
  }

  private func overview() throws(PersistenceError) -> CatalogueOverview {
    // Counted from what is intact: a damaged file's header is not the answer.
    let catalogue = try store.read().verified
    return CatalogueOverview(
      heroes: catalogue.count, heroesByOrigin: catalogue.heroesByOrigin,
      changedBundled: catalogue.bundledStanding().filledIn, comics: catalogue.comicCount,
      comicsByOrigin: catalogue.comicsByOrigin, updatedAt: catalogue.updatedAt, catalogueFile: paths.catalogueFile,
      catalogueBytes: Self.fileSize(paths.catalogueFile), cacheFolder: paths.responsesDirectory,
      cacheBytes: Self.folderSize(paths.responsesDirectory), keptAside: store.keptAside())
  }

  // The file a symbolic link leads to (a shared catalogue), as squad reads and writes it.
  private static func fileSize(_ path: String) -> Int? {
    (try? FileKind.status(path, following: true)).map { Int($0.st_size) }
  }

  private static func folderSize(_ path: String) -> Int {
    // Hidden files are no entries: the layout marker, and temporary files of writes in progress or killed.
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }
    return names.reduce(0) { $0 + (fileSize(path + "/" + $1) ?? 0) }
  }
}
