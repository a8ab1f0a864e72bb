import Foundation

/// Runs the import feature's effects against the real files.
public struct ImportEffects: EffectRunner {
  private let readStandardInput: @Sendable () -> Data?
  private let update: SquadUpdate

  /// A runner over an environment; `readStandardInput` reads all of stdin for `squad import -`.
  public init(environment: AppEnvironment, readStandardInput: @escaping @Sendable () -> Data? = ImportEffects.standardInput) {
    self.readStandardInput = readStandardInput
    update = SquadUpdate(file: environment.squadFile)
  }

  public func run(_ effect: ImportFeature.Effect, send: @escaping @Sendable (ImportFeature.Action) async -> Void) async {
    switch effect {
    case .readFile(let source):
      await send(.fileRead(read(source)))

    case .loadSquadForUpdate:
      await send(.squadLoaded(update.load()))

    case .saveSquad(let squad):
      await send(.squadSaved(update.save(squad)))
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
