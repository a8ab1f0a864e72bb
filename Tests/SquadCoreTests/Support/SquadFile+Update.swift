import Foundation

@testable import SquadCore

extension SquadFile {
  /// A recruit or fire under the lock, exactly as the squad feature's runner makes it.
  func update(_ command: SquadCommand, heroes: [Hero], at date: Date) throws(SquadError) -> SquadUpdateResult {
    try change(by: command.name, at: date) { snapshot throws(SquadError) in
      try SquadFeature.plan(command, heroes: heroes, in: snapshot)
    }.0
  }
}

extension SquadSnapshot {
  /// A snapshot as a plan gets it, without files: the squad `name` (its file at `squad.json`) read
  /// as `loaded`, with these committed history entries (the file's digest is the last one's
  /// `after`, as squad left it, unless told).
  static func of(
    _ loaded: Result<Squad, PersistenceError>, history: Result<[HistoryEntry], PersistenceError> = .success([]),
    name: SquadName = .default, identity: [UInt64]? = nil, digest: String? = nil
  ) -> SquadSnapshot {
    let recorded = (try? history.get())?.last?.after
    let fileDigest = digest ?? recorded ?? ((try? loaded.get()).map(SquadDigest.of) ?? SquadDigest.unreadable)
    return SquadSnapshot(
      name: name, path: "squad.json", historyPath: "history.jsonl", identity: identity, loaded: loaded, exists: true,
      digest: fileDigest, history: history)
  }
}

extension SquadPaths {
  /// The default squad's lock file.
  var lockFile: String { dataDirectory + "/squad.lock" }
}
