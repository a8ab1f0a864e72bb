import Foundation

/// Why a squad command changed nothing.
enum SquadError: Error, Equatable, Sendable, CommandFailure {
  case file(PersistenceError)
  case lookup(LookupFailure)
  case invalidImport(InvalidImport)
  /// The change would take `squad` past its size limit; `fireFirst`: how many to fire to make room.
  case overLimit(limit: Int, members: Int, squad: String, fireFirst: Int?)
  case changedOutside(path: String)
  case undoStopsAtOutsideChange(path: String, sequence: Int)
  case squadGone(squad: String)
  case noSquadToRestore(path: String)
  case exists(SquadName)
  case missing(SquadName, nearest: SquadName? = nil)
  /// `--squad` (or `SQUAD_NAME`, when `fromVariable`) names no squad.
  case unknown(SquadName, nearest: SquadName?, fromVariable: Bool)
  case isDefault(action: String)
  case notKept(SquadName, at: Date? = nil, kept: [Date] = [])
  /// `squads restore` of a name a squad has; `deletions`: how many deletions of it are kept.
  case restoreOver(SquadName, deletions: Int)
  case belowMembers(SquadName, limit: Int, members: Int)

  /// The file's or the lookup's exit code; 65 for an invalid import, 64 for the default squad, else 1.
  var exitCode: ExitCode {
    switch self {
    case .file(let error): return error.exitCode
    case .lookup(let failure): return failure.exitCode
    case .invalidImport: return .invalidData
    // Only a name that can never work is a usage error; the others may work later.
    case .isDefault: return .usage
    default: return .failure
    }
  }

  var description: String {
    switch self {
    case .file(let error): return error.description
    case .lookup(let failure): return failure.description
    case .invalidImport(let invalid): return invalid.lines.joinedDirectly(separator: "\n")
    case .overLimit(let limit, let members, let squad, let fireFirst):
      let fire = fireFirst.map { "fire \($0) first, or " } ?? ""
      let edit = members > Squad.largestLimit ? "--no-max" : "--max \(members)"
      return "The squad '\(squad)' holds at most \(Plural.members(limit)); this change would make it "
        + "\(members). Nothing changed; \(fire)raise the limit (squad squads edit \(squad) \(edit))."
    case .changedOutside(let path):
      return "\(path) was changed by something other than squad since the last change squad recorded; "
        + "undo and redo would lose that edit, so nothing changed."
    case .undoStopsAtOutsideChange(let path, let sequence):
      return "Cannot undo past change #\(sequence): \(path) was changed by something other than squad (or removed) "
        + "before it, and undo never steps across a change squad did not make, so nothing changed. "
        + "'squad history' still lists the earlier changes."
    case .squadGone(let squad):
      return "The squad '\(squad)' was deleted, renamed or replaced while this command ran, so nothing was saved: "
        + "squad neither creates it again nor saves into a squad that took its name since. Run the command again "
        + "to change the squad called '\(squad)' now ('squad squads create \(squad)' makes it when there is none)."
    case .noSquadToRestore(let path):
      return "The change to undo in \(path) was made over a squad file squad could not read, so there is no squad "
        + "to go back to. Nothing changed."
    case .exists(let name): return "A squad named '\(name)' already exists (see 'squad squads')."
    case .missing(let name, let nearest):
      return "There is no squad named '\(name)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        + " (see 'squad squads')."
    case .unknown(let name, let nearest, let fromVariable):
      return "There is no squad named '\(name)'\(fromVariable ? " (SQUAD_NAME)" : "")."
        + (nearest.map { " Did you mean '\($0)'?" } ?? "") + " Create it with 'squad squads create \(name)', "
        + "or see 'squad squads'."
    case .notKept(let name, let time?, let kept) where !kept.isEmpty:
      return "No deletion of '\(name)' at \(MarvelDate.iso8601(time)) is kept; its deletions kept were at "
        + NameList.join(kept.map(MarvelDate.iso8601)) + " (give one to --at)."
    case .notKept(let name, _, _):
      return "No deleted squad named '\(name)' is kept; 'squad squads restore' lists those that are."
    case .restoreOver(let name, let deletions):
      // Deleting it would make it the newest deletion of the name, which a plain restore brings back.
      let older = deletions > 1 ? " ('squad squads restore \(name) --at TIME' picks one of its deletions)" : ""
      return "A squad named '\(name)' already exists; rename it first (squad squads rename \(name) NEW-NAME), "
        + "then restore\(older). Deleting it instead would set it aside as the newest deletion of '\(name)'."
    case .isDefault(let action): return "The default squad cannot be \(action); it always exists."
    case .belowMembers(let name, let limit, let members):
      return "The squad '\(name)' has \(Plural.members(members)), more than \(limit); nothing changed. Fire "
        + "\(members - limit) first (squad --squad \(name) fire <hero>), then lower the limit."
    }
  }
}
