import Foundation

/// Importing members from an export: read and validate the whole file, then merge into (or
/// replace) the squad in one update under the lock (``plan(_:replace:in:)``).
enum ImportFeature: Feature {
  /// The phases of an import; each carries what exists at that point.
  enum State: Equatable, Sendable {
    /// Nothing asked for yet.
    case idle
    /// Reading the import file.
    case reading(ImportRequest)
    /// The file is valid; checking its members against the local catalogue.
    case checking(ImportRequest, ImportContent)
    /// The file is valid; updating the squad with its members under the lock.
    case updating(ImportRequest, ImportContent)
    /// Updating, but waiting for another squad command to let the lock go.
    case waitingForLock(ImportRequest, ImportContent)
    /// Finished; the summary says what changed.
    case done(ImportSummary)
    /// The import failed; the squad file was not written.
    case failed(SquadError)
  }

  /// What happened.
  enum Action: Equatable, Sendable {
    /// The user asked to import a file.
    case importRequested(ImportRequest)
    /// The import file was read, or could not be.
    case fileRead(Result<ImportFile, PersistenceError>)
    /// The local catalogue's name for each of the asked ids it knows.
    case namesFound([HeroID: String])
    /// The update waits for another squad command to let the lock go.
    case waitingForLock
    /// The squad was updated (or needed no change), or could not be.
    case squadUpdated(Result<ImportSummary, SquadError>)
  }

  /// What the feature asks the outside world to do.
  enum Effect: Equatable, Sendable {
    /// Read the whole import file (or stdin).
    case readFile(ImportSource)
    /// Look the members' ids up in the local catalogue.
    case lookUpNames([HeroID])
    /// Under the squad lock: read the squad, plan the import, save the result atomically.
    case updateSquad(ImportContent, replace: Bool)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .importRequested(let request)):
      state = .reading(request)
      return [.readFile(request.source)]

    case (.reading(let request), .fileRead(.success(let file))):
      switch ImportParser.parse(file, now: request.now) {
      case .success(let content):
        state = .checking(request, content)
        return [.lookUpNames(content.members.map(\.id))]
      case .failure(let invalid):
        state = .failed(.invalidImport(invalid))
        return []
      }

    case (.checking(let request, var content), .namesFound(let names)):
      content.check(against: names, label: request.source.label, skipping: request.skipInvalid)
      state = .updating(request, content)
      return [.updateSquad(content, replace: request.replace)]

    case (.reading, .fileRead(.failure(let error))):
      state = .failed(.file(error))
      return []

    case (.updating(let request, let content), .waitingForLock):
      state = .waitingForLock(request, content)
      return []

    case (.updating(_, let content), .squadUpdated(.success(var summary))),
      (.waitingForLock(_, let content), .squadUpdated(.success(var summary))):
      summary.notes = content.notes
      state = .done(summary)
      return []

    case (.updating, .squadUpdated(.failure(let failure))), (.waitingForLock, .squadUpdated(.failure(let failure))):
      state = .failed(failure)
      return []

    default:
      return []
    }
  }
}

extension ImportFeature {
  /// What an import does to the squad read under the lock: the edit (nil when nothing changes)
  /// and the summary. Replacing also takes a JSON document's limit, and reads no corrupt squad. Pure.
  static func plan(_ content: ImportContent, replace: Bool, in snapshot: SquadSnapshot) throws(SquadError)
    -> (SquadEdit?, ImportSummary)
  {
    let squad: Squad?
    switch snapshot.loaded {
    case .success(let read): squad = read
    case .failure(let error):
      guard replace, error.exitCode == .invalidData else { throw .file(error) }
      squad = nil
    }
    var (updated, summary) = merge(content.members, into: squad, replace: replace)
    guard replace, case .some(let limit) = content.limit, limit != squad?.maxMembers else {
      // A replace by what the squad holds records nothing, and says so.
      var kept = updated
      kept.maxMembers = squad?.maxMembers
      kept.unknownFields = squad?.unknownFields ?? []
      if replace, let squad, SquadDigest.of(kept) == SquadDigest.of(squad) {
        summary.unchanged = true
        return (nil, summary)
      }
      return (replace || summary.imported > 0 ? SquadEdit(squad: updated) : nil, summary)
    }
    summary.limit = .some(limit)
    // Undo never steps across a change of the limit, so a readable squad's limit changes first,
    // and the caller replaces the members as a second change (``ImportSummary/limitFirst``).
    // An unreadable squad has nothing to go back to: its limit and members change at once.
    summary.limitFirst = squad != nil
    var limited = squad ?? updated
    limited.maxMembers = limit
    return (SquadEdit(squad: limited, kind: .limit, detail: limit.map(String.init)), summary)
  }

  // New members appended in file order, or the file's replacing the squad (nil: its unreadable file).
  private static func merge(_ members: [Member], into squad: Squad?, replace: Bool) -> (Squad, ImportSummary) {
    guard !replace, let squad else {
      let previous: ImportSummary.Previous = squad.map { .members($0.members.count) } ?? .unreadable
      return (Squad(members: members), ImportSummary(imported: members.count, alreadyInSquad: 0, replaced: previous))
    }
    // One set of ids, not a scan per member: an import may hold hundreds of thousands.
    var known = squad.memberIDs
    let new = members.filter { known.insert($0.id).inserted }
    let merged = Squad(distinctMembers: squad.members + new)
    return (merged, ImportSummary(imported: new.count, alreadyInSquad: members.count - new.count, replaced: nil))
  }
}

/// What to import, how, and when (the moment given to members without `recruitedAt`).
struct ImportRequest: Equatable, Sendable {
  /// Where the export comes from.
  var source: ImportSource
  /// Whether the file's members replace the squad instead of joining it.
  var replace: Bool
  /// Whether members whose id the catalogue does not know are left out rather than kept.
  var skipInvalid = false
  /// The recruitment time of members whose record has none.
  var now: Date
}

/// Where an import reads from.
enum ImportSource: Equatable, Sendable {
  /// The process's standard input (`squad import -`).
  case standardInput
  /// A file.
  case file(String)

  /// How messages name it: the path, or `<stdin>`.
  var label: String {
    switch self {
    case .standardInput: return "<stdin>"
    case .file(let path): return path
    }
  }
}
