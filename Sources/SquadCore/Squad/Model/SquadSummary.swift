import Foundation

/// One line of `squad squads`: a squad's name, size, limit and last change.
public struct SquadSummary: Equatable, Sendable {
  /// The squad.
  public var name: SquadName
  /// How many members it has; nil when its file cannot be read.
  public var members: Int?
  /// Its size limit, if any.
  public var maxMembers: Int?
  /// When it last changed: its last history entry, else its file's modification time; nil for a
  /// default squad never saved.
  public var lastChange: Date?
  /// Why its file cannot be read, if it cannot.
  public var problem: String?
}

/// Why `squads create`, `rename` or `delete` refused.
public enum SquadSetFailure: CommandFailure, Equatable, Sendable {
  /// A squad with this name exists already.
  case exists(SquadName)
  /// No squad has this name; `nearest` is the closest existing name.
  case missing(SquadName, nearest: SquadName? = nil)
  /// `--squad` (or `SQUAD_NAME`, when `fromVariable`) names no squad; `nearest` is the closest
  /// existing name. A named squad is made by `squads create`, never by the command that names it.
  case unknown(SquadName, nearest: SquadName?, fromVariable: Bool)
  /// The default squad is always there: it cannot be created, renamed, deleted or be a new name.
  case isDefault(action: String)
  /// A size limit below the squad's member count.
  case belowMembers(SquadName, limit: Int, members: Int)
  /// A file could not be read or written, or the squad's rules refused the change.
  case squad(SquadError)

  /// 2 for the default squad, the file's for a file, else 1.
  public var exitCode: ExitCode {
    switch self {
    case .squad(let error): return error.exitCode
    // Only a name that can never work is a usage error; the others name a squad that is (or is
    // not) there now, and the same line succeeds once the squads are as it expects: exit 1.
    case .isDefault: return .usage
    default: return .failure
    }
  }

  public var description: String {
    switch self {
    case .exists(let name): return "A squad named '\(name)' already exists (see 'squad squads')."
    case .missing(let name, let nearest):
      return "There is no squad named '\(name)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
        + " (see 'squad squads')."
    case .unknown(let name, let nearest, let fromVariable):
      return "There is no squad named '\(name)'\(fromVariable ? " (SQUAD_NAME)" : ""); nothing changed."
        + (nearest.map { " Did you mean '\($0)'?" } ?? "") + " Create it with 'squad squads create \(name)', "
        + "or see 'squad squads'."
    case .isDefault(let action): return "The default squad cannot be \(action); it always exists."
    case .belowMembers(let name, let limit, let members):
      return "The squad '\(name)' has \(Plural.members(members)), more than \(limit); nothing changed. Fire "
        + "\(members - limit) first (squad --squad \(name) fire <hero>), then lower the limit."
    case .squad(let error): return error.description
    }
  }
}
