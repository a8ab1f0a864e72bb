import Foundation

/// One line of `squad squads`: a squad's name, size, limit and last change.
struct SquadSummary: Equatable, Sendable {
  var name: SquadName
  /// How many members it has; nil when its file cannot be read.
  var members: Int?
  var maxMembers: Int?
  /// When it last changed: its last history entry, else its file's modification time.
  var lastChange: Date?
  var problem: PersistenceError?
  /// Its members, for totals and comparisons; empty when its file cannot be read.
  var roster: [Member] = []
  /// Which squad it is (``SquadFile/identity``), so a deletion asked about finds the same one.
  var identity: [UInt64]? = nil
}
