/// What an import did, for the summary on stderr.
struct ImportSummary: Equatable, Sendable, CustomStringConvertible {
  enum Previous: Equatable, Sendable {
    case members(Int)
    /// A squad file that could not be read (corrupt or from a newer squad).
    case unreadable
  }

  var imported: Int
  /// Members of the file that were already in the squad and left as they were (merge only).
  var alreadyInSquad: Int
  var replaced: Previous?
  /// The size limit a replace took from the file, when it differs (`.some(nil)`: lifted).
  var limit: Int?? = nil
  var notes: [String] = []
  /// A replace whose file holds the squad as it is: nothing but a new ``limit`` was saved.
  var unchanged = false
  /// The plan set the file's limit alone, keeping the members: replacing them is a change of its own.
  var limitFirst = false

  var description: String {
    switch limit {
    case nil: summary
    case .some(nil): summary + " The size limit is lifted, as in the file."
    case .some(let count?): summary + " The squad holds at most \(Plural.members(count)), as in the file."
    }
  }

  private var summary: String {
    if unchanged, limit != nil {
      return "The file holds the squad's members as they are (\(Plural.members(imported)))."
    }
    if unchanged {
      return "Nothing changed: the file holds the squad as it is (\(Plural.members(imported))); nothing was recorded."
    }
    let head = "Imported \(Plural.members(imported))"
    switch replaced {
    case nil:
      if alreadyInSquad == 0 { return head + "." }
      return head + " (\(alreadyInSquad) already in the squad)" + (imported == 0 ? "; the squad is unchanged." : ".")
    case .members(0)?:
      return head + "."
    case .members(let count)?:
      return head + ", replacing the squad of \(Plural.members(count))."
    case .unreadable?:
      return head + ", replacing the squad file that could not be read."
    }
  }
}
