import Foundation

/// Importing members from an export: read the file, validate all of it, then merge into (or
/// replace) the squad under the lock in one atomic save.
///
/// Nothing is locked or written until the whole file has been read and found valid. A corrupt
/// squad file is never overwritten by a merge; `--replace` is the documented way out of one.
public enum ImportFeature: Feature {
  /// The phases of an import; each carries what exists at that point.
  public enum State: Equatable, Sendable {
    /// Nothing asked for yet.
    case idle
    /// Reading the import file.
    case reading(ImportRequest)
    /// The file is valid; taking the squad lock and reading the squad.
    case loading(ImportRequest, members: [Member])
    /// Writing the new squad.
    case saving(Squad, ImportSummary)
    /// Finished; the summary says what changed.
    case done(ImportSummary)
    /// The import failed; the squad file was not written.
    case failed(ImportFailure)
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    /// The user asked to import a file.
    case importRequested(ImportRequest)
    /// The import file was read, or could not be.
    case fileRead(Result<ImportFile, PersistenceError>)
    /// The squad was read under the lock, or could not be.
    case squadLoaded(Result<Squad, PersistenceError>)
    /// The new squad was saved, or could not be.
    case squadSaved(Result<Squad, PersistenceError>)
  }

  /// What the feature asks the outside world to do.
  public enum Effect: Equatable, Sendable {
    /// Read the whole import file (or stdin).
    case readFile(ImportSource)
    /// Take the squad lock, held until the save, and read the squad.
    case loadSquadForUpdate
    /// Write the squad atomically and release the lock.
    case saveSquad(Squad)
  }

  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .importRequested(let request)):
      state = .reading(request)
      return [.readFile(request.source)]

    case (.reading(let request), .fileRead(.success(let file))):
      switch ImportParser.parse(file, now: request.now) {
      case .success(let members):
        state = .loading(request, members: members)
        return [.loadSquadForUpdate]
      case .failure(let invalid):
        state = .failed(.invalidFile(invalid))
        return []
      }

    case (.reading, .fileRead(.failure(let error))):
      state = .failed(.unreadableFile(error))
      return []

    case (.loading(let request, let members), .squadLoaded(.success(let squad))):
      let (updated, summary) = ImportMerge.apply(members, to: squad, replace: request.replace)
      if !request.replace && summary.imported == 0 {
        state = .done(summary)
        return []
      }
      state = .saving(updated, summary)
      return [.saveSquad(updated)]

    case (.loading(let request, let members), .squadLoaded(.failure(let error))):
      guard request.replace, error.exitCode == .invalidData else {
        state = .failed(.squad(error))
        return []
      }
      // Replacing is the way out of a corrupt or too-new squad file: its content is not needed.
      let (updated, summary) = ImportMerge.apply(members, to: nil, replace: true)
      state = .saving(updated, summary)
      return [.saveSquad(updated)]

    case (.saving(_, let summary), .squadSaved(.success)):
      state = .done(summary)
      return []

    case (.saving, .squadSaved(.failure(let error))):
      state = .failed(.squad(error))
      return []

    default:
      // An action that does not fit the current phase changes nothing.
      return []
    }
  }
}

/// What to import, how, and when (the moment given to members without `recruitedAt`).
public struct ImportRequest: Equatable, Sendable {
  /// Where the export comes from.
  public var source: ImportSource
  /// Whether the file's members replace the squad instead of joining it.
  public var replace: Bool
  /// The recruitment time of members whose record has none.
  public var now: Date

  /// Creates a request.
  public init(source: ImportSource, replace: Bool, now: Date) {
    self.source = source
    self.replace = replace
    self.now = now
  }
}

/// Where an import reads from.
public enum ImportSource: Equatable, Sendable {
  /// The process's standard input (`squad import -`).
  case standardInput
  /// A file.
  case file(String)

  /// How messages name it: the path, or `<stdin>`.
  public var label: String {
    switch self {
    case .standardInput: return "<stdin>"
    case .file(let path): return path
    }
  }
}
