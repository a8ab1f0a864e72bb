/// Why a change of a squad did not happen: a rule of the squad refused it, or a file could not be
/// read or written. In every case nothing was changed.
public enum SquadError: Error, Hashable, Sendable, CommandFailure {
  /// A file could not be read or written.
  case file(PersistenceError)
  /// The change would take the squad `squad` past its size limit.
  case overLimit(limit: Int, members: Int, squad: String)
  /// The squad file at `path` no longer matches the last change squad recorded (edited by
  /// something else), so undo or redo would lose that edit.
  case changedOutside(path: String)
  /// The named squad was deleted, renamed or replaced by a new squad of its name between the
  /// command's start and its save (a pick left open, a recruit meeting a `squads delete`); only
  /// `squads create` makes a squad, and no change lands in another.
  case squadGone(squad: String)
  /// Undo would go back to before a change made over a squad file (at `path`) squad could not
  /// read: there is no recorded squad to restore.
  case noSquadToRestore(path: String)

  /// The file's exit code; 1 for a refusal.
  public var exitCode: ExitCode {
    guard case .file(let error) = self else { return .failure }
    return error.exitCode
  }

  public var description: String {
    switch self {
    case .file(let error): return error.description
    case .overLimit(let limit, let members, let squad):
      return "The squad '\(squad)' holds at most \(Plural.members(limit)); this change would make it "
        + "\(members). Nothing changed; fire someone first."
    case .changedOutside(let path):
      return "\(path) was changed by something other than squad since the last change squad recorded; "
        + "undo and redo would lose that edit, so nothing changed."
    case .squadGone(let squad):
      return "The squad '\(squad)' was deleted, renamed or replaced while this command ran, so nothing was saved: "
        + "squad neither creates it again nor saves into a squad that took its name since. Run the command again "
        + "to change the squad called '\(squad)' now ('squad squads create \(squad)' makes it when there is none)."
    case .noSquadToRestore(let path):
      return "The change to undo in \(path) was made over a squad file squad could not read, so there is no squad "
        + "to go back to. Nothing changed."
    }
  }
}
