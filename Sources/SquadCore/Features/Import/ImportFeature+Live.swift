import Foundation

/// Runs the import feature's effects against the real files.
public struct ImportEffects: EffectRunner {
  private let readStandardInput: @Sendable () -> Data?
  private let squadFile: SquadFile

  /// A runner over an environment; `readStandardInput` reads all of stdin for `squad import -`.
  public init(environment: AppEnvironment, readStandardInput: @escaping @Sendable () -> Data? = ImportEffects.standardInput) {
    self.readStandardInput = readStandardInput
    squadFile = environment.squadFile
  }

  public func run(_ effect: ImportFeature.Effect, send: @escaping @Sendable (ImportFeature.Action) async -> Void) async {
    switch effect {
    case .readFile(let source):
      await send(.fileRead(read(source)))

    case .updateSquad(let members, let replace):
      await send(.squadUpdated(importing(members, replace: replace)))
    }
  }

  private func importing(_ members: [Member], replace: Bool) -> Result<ImportSummary, ImportFailure> {
    let file = squadFile
    do throws(PersistenceError) {
      return try file.withLock { () throws(PersistenceError) in
        let loaded = Result { () throws(PersistenceError) in try file.load() }
        switch ImportMerge.plan(members, onto: loaded, replace: replace) {
        case .failure(let failure):
          return .failure(failure)
        case .success(let plan):
          if let squad = plan.squad { try file.save(squad) }
          return .success(plan.summary)
        }
      }
    } catch {
      return .failure(.squad(error))
    }
  }

  /// Everything on the process's stdin; nil when it cannot be read.
  public static let standardInput: @Sendable () -> Data? = { try? FileHandle.standardInput.readToEnd() ?? Data() }

  private func read(_ source: ImportSource) -> Result<ImportFile, PersistenceError> {
    switch source {
    case .standardInput:
      guard let data = readStandardInput() else {
        return .failure(PersistenceError(path: source.label, reason: .unreadable(detail: "stdin could not be read")))
      }
      return .success(ImportFile(label: source.label, data: data))
    case .file(let path):
      do throws(PersistenceError) {
        guard let data = try FileBytes.read(path) else {
          return .failure(PersistenceError(path: path, reason: .unreadable(detail: "there is no such file")))
        }
        return .success(ImportFile(label: path, data: data))
      } catch {
        return .failure(error)
      }
    }
  }
}
