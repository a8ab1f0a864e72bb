import Foundation

/// A file squad could not read or write, with the path and what went wrong.
struct PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong; ``description`` says what each means.
  enum Reason: Hashable, Sendable {
    case corrupt(detail: String)
    case newerSchema(version: Int, reads: Int)
    case unreadable(detail: String)
    case unwritable(detail: String)
    case partlyWritten(detail: String)
    case notAFile(kind: String)
    case danglingLink
    case notOwnFile(kind: String)
    case tooLarge(limit: Int)
    case wouldExceed(limit: Int)
    case catalogueOverLimit(detail: String)
    case corruptHistory(detail: String)
    case brokenHistoryChain
    case linkedFolder
    case notUndone(detail: String)
    case changedMeanwhile(during: String, command: String)
    case lockHeld(seconds: Int, holder: String?)
    case badLockTimeout
    case vanished(squad: String)
  }

  var path: String
  var reason: Reason

  var exitCode: ExitCode {
    switch reason {
    case .badLockTimeout: return .usage
    case .corrupt, .newerSchema, .tooLarge, .wouldExceed, .catalogueOverLimit, .corruptHistory, .brokenHistoryChain:
      return .invalidData
    case .unreadable, .unwritable, .partlyWritten, .notAFile, .danglingLink, .notOwnFile, .linkedFolder, .notUndone,
      .changedMeanwhile, .lockHeld, .vanished:
      return .failure
    }
  }

  /// `squad import <file> --replace`, with `--squad NAME` when `path` is a named squad's file
  /// (`squads/NAME/squad.json`): without it, the command would replace the default squad.
  private static func replaceCommand(for path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 3, parts[parts.count - 1] == "squad.json", parts[parts.count - 3] == "squads" else {
      return "squad import <file> --replace"
    }
    return "squad --squad \(parts[parts.count - 2]) import <file> --replace"
  }

  /// The system call just made on `path` failed writing: `errno`'s text, after `action` when given.
  static func unwritable(_ path: String, _ action: String? = nil) -> PersistenceError {
    let detail = String(cString: strerror(errno))
    return PersistenceError(path: path, reason: .unwritable(detail: action.map { "\($0): \(detail)" } ?? detail))
  }

  /// What a failed change says, its "Nothing was changed." replaced by what is `left` at `path`.
  static func notUndone(_ failure: String, path: String, left: String) -> PersistenceError {
    let said = failure.replacingOccurrences(of: " Nothing was changed.", with: "")
    return PersistenceError(path: path, reason: .notUndone(detail: said + " The change was not made, but " + left))
  }

  /// The system call just made on `path` failed reading: `errno`'s text.
  static func unreadable(_ path: String) -> PersistenceError {
    PersistenceError(path: path, reason: .unreadable(detail: String(cString: strerror(errno))))
  }

  /// What a change says when its squad's history cannot be used: made and saved, but not recorded.
  var unrecordedChangeWarning: String {
    guard case .corruptHistory(let detail) = reason else { return description }
    return "\(path) cannot be used as the squad's history (\(detail)), so this change was made but not recorded. "
      + "The file was left untouched; undo and redo refuse until it is fixed or removed."
  }

  /// What is wrong, without the path or advice, for a sentence that names the file itself.
  var briefly: String {
    switch reason {
    case .corrupt(let detail), .unreadable(let detail), .corruptHistory(let detail): return detail
    case .notAFile(let kind): return "it is \(kind), not a regular file"
    case .danglingLink: return "it is a symbolic link to a file that does not exist"
    case .notOwnFile(let kind): return "it is \(kind), not a file of its own"
    case .tooLarge(let limit): return "it is larger than \(InputLimit.describe(limit))"
    case .newerSchema(let version, _): return "it was written by a newer squad (version \(version) of its format)"
    default: return description
    }
  }

  var description: String {
    switch reason {
    case .corrupt(let detail):
      return "\(path) is not a valid squad file (\(detail)). It was left untouched; "
        + "fix it, remove it, or replace it with '\(Self.replaceCommand(for: path))'."
    case .newerSchema(let version, let reads):
      return "\(path) was written by a newer squad (version \(version) of its format; this one reads "
        + "\(reads)). It was left untouched; upgrade squad to use it."
    case .unreadable(let detail):
      return "Could not read \(path): \(detail)."
    case .unwritable(let detail):
      return "Could not write \(path): \(detail). Nothing was changed."
    case .partlyWritten(let detail):
      return "Could not finish writing \(path): \(detail). What was written before the failure may be there."
    case .notAFile(let kind):
      return
        "\(path) is \(kind), not a regular file; squad only reads and replaces regular files, so it left it untouched."
    case .danglingLink:
      return "\(path) is a symbolic link to a file that does not exist; squad will not guess. "
        + "Create the link's target or remove the link."
    case .notOwnFile(let kind):
      return "\(path) is \(kind), not a file of its own; squad will not read or write it through another name, "
        + "so it left it untouched."
    case .tooLarge(let limit):
      return "\(path) is larger than \(InputLimit.describe(limit)), the most squad reads from one input "
        + "(see 'Limits' in the README). squad stopped reading it there and changed nothing."
    case .corruptHistory(let detail):
      return "\(path) cannot be used as the squad's history (\(detail)). It was left untouched; changes go on "
        + "without being recorded, and undo and redo refuse until it is fixed or removed."
    case .brokenHistoryChain:
      return "\(path) holds a recorded change that does not lead from the squad it was recorded against to the "
        + "one it recorded (it was edited or damaged), so undo and redo stop there and changed nothing. "
        + "Changes are still recorded; 'squad history' lists the entries."
    case .catalogueOverLimit(let detail):
      return "Could not write \(path): \(detail) (see 'Limits' in the README). Nothing was changed."
    case .notUndone(let detail): return detail
    case .changedMeanwhile(let during, let command):
      return "\(path) changed \(during), so nothing was changed. Run '\(command)' again."
    case .vanished(let squad):
      return "The squad '\(squad)' was deleted or renamed while this command read it (\(path) is gone). Run "
        + "the command again; 'squad squads' lists the squads there are now."
    case .linkedFolder:
      return "\(path) is a symbolic link; squad keeps its folders (a squad's, squads/.deleted) only as real folders "
        + "inside its home and never follows a link there. It was left untouched and nothing was changed."
    case .lockHeld(let seconds, let holder):
      return "Gave up after \(Plural.count(seconds, "second", "seconds")) waiting for \(path): "
        + "\(holder ?? "another squad command, or another process,") holds it. Nothing was changed. Run the "
        + "command again once that one is done, or set SQUAD_LOCK_TIMEOUT to wait longer (seconds)."
    case .badLockTimeout:
      return "SQUAD_LOCK_TIMEOUT must be a whole number of seconds from 0 (give up at once) to 31622400 (a year), so "
        + "squad cannot wait for \(path). Nothing was changed."
    case .wouldExceed(let limit):
      return "Could not save \(path): the squad would be larger than \(InputLimit.describe(limit)), the most squad "
        + "reads back (see 'Limits' in the README). Nothing was changed."
    }
  }
}
