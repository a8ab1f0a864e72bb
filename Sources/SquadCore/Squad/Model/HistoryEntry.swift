import Foundation

/// One recorded change of a squad: when, by which command, what it did, and the file's digests.
struct HistoryEntry: Hashable, Sendable {
  enum Kind: String, Hashable, Sendable, CaseIterable {
    case change, undo, redo, create
    /// `squads rename`: the squad took a new name (`detail` holds the old one).
    case rename
    case delete
    /// `squads edit`: the size limit changed (`detail` holds the new one; none when lifted).
    case limit
  }

  /// The number of the change in this squad's history, from 1.
  var sequence: Int
  var at: Date
  var command: String
  var kind: Kind
  /// How many changes an undo or redo stepped over; 1 otherwise.
  var steps = 1
  /// The squad file's digests; ``SquadDigest/absent`` when there was no file.
  var before: String
  var after: String
  var diff = SquadDiff()
  /// A short note (the old name of a rename, the numbers of the changes an undo or redo stepped over).
  var detail: String?

  /// A one-line description: "recruited Hulk and Thor", "undid #4 (fired Hulk)".
  var summary: String {
    switch kind {
    case .undo, .redo:
      let numbers = detail?.split(separator: ",").map { "#\($0)" } ?? []
      let which = numbers.count == steps ? NameList.join(numbers) : Plural.count(steps, "change")
      return "\(kind == .undo ? "undid" : "redid") \(which) (\(Self.describe(kind == .undo ? diff.inverse : diff)))"
    case .create: return "created the squad"
    case .rename: return "renamed from \(detail ?? "?")"
    case .delete: return "deleted the squad (\(Plural.members(diff.removed.count)))"
    case .limit:
      // An import --replace may set the file's limit and members in one change.
      let limit = detail.flatMap(Int.init).map { "limited to \(Plural.members($0))" } ?? "lifted the size limit"
      return diff.isEmpty ? limit : limit + "; " + Self.describe(diff)
    case .change: return Self.describe(diff)
    }
  }

  private static func describe(_ diff: SquadDiff) -> String {
    var parts: [String] = []
    let addedIDs = Set(diff.added.map(\.member.id))
    let removedIDs = Set(diff.removed.map(\.member.id))
    let joined = diff.added.filter { !removedIDs.contains($0.member.id) }.map(\.member.name)
    let left = diff.removed.filter { !addedIDs.contains($0.member.id) }.map(\.member.name)
    let updated = diff.added.filter { removedIDs.contains($0.member.id) }.map(\.member.name)
    if !joined.isEmpty { parts.append("recruited " + NameList.join(joined)) }
    if !left.isEmpty { parts.append("fired " + NameList.join(left)) }
    if !updated.isEmpty { parts.append("updated " + NameList.join(updated)) }
    return parts.isEmpty ? "no member changed" : parts.joinedDirectly(separator: "; ")
  }
}
