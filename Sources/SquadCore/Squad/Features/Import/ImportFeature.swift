import Foundation

/// Importing an export: read and validate the whole file, then merge or replace in one locked update.
enum ImportFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    case reading(ImportRequest)
    case checking(ImportRequest, ImportContent)
    case updating(ImportRequest, ImportContent)
    case waitingForLock(ImportRequest, ImportContent)
    case done(ImportSummary)
    case failed(SquadError)
  }

  enum Action: Equatable, Sendable {
    case importRequested(ImportRequest)
    case fileRead(Result<ImportFile, PersistenceError>)
    case namesFound([HeroID: String])
    case waitingForLock
    case squadUpdated(Result<ImportSummary, SquadError>)
  }

  enum Effect: Equatable, Sendable {
    case readFile(ImportSource)
    case lookUpNames([HeroID])
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

  /// Decided under the lock; replacing also takes a JSON document's limit and reads no corrupt squad. Pure.
  static func plan(_ content: ImportContent, replace: Bool, in snapshot: SquadSnapshot) throws(SquadError)
    -> (SquadEdit?, ImportSummary)
  {
    if case .failure(let error) = snapshot.loaded, !replace || error.exitCode != .invalidData { throw .file(error) }
    let squad = try? snapshot.loaded.get()
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
  var source: ImportSource
  var replace: Bool
  var skipInvalid = false
  var now: Date
}

enum ImportSource: Equatable, Sendable {
  case standardInput
  case file(String)

  var label: String {
    switch self {
    case .standardInput: return "<stdin>"
    case .file(let path): return path
    }
  }
}
