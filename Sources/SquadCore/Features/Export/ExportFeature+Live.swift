import Foundation

struct ExportEffects: EffectRunner {
  let environment: AppEnvironment

  func run(_ effect: ExportFeature.Effect, send: @escaping @Sendable (ExportFeature.Action) async -> Void) async {
    switch effect {
    case .loadSquad:
      await send(.squadLoaded(Result { () throws(PersistenceError) in try environment.squadFile.loadExisting() }))
    case .writeFile(let document, let path):
      do throws(PersistenceError) {
        // What an export killed mid-write left beside this file (its process gone) goes now.
        AtomicFile.removeLeftovers(of: OutputFile.target(of: path))
        // Once the file is in place, an interrupt lets the export finish and say so.
        try InterruptCleanup.committing { () throws(PersistenceError) in
          try OutputFile.write(
            Data(document.text.utf8), to: path, writesThroughSpecialFiles: true,
            protected: environment.squadFile.ownFiles, createsFolder: false)
        }
        await send(.fileWritten)
      } catch {
        await send(.fileWriteFailed(error))
      }
    }
  }
}
