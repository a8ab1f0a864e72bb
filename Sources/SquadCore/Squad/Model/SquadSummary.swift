import Foundation

/// One line of `squad squads`: a squad's name, size, limit and last change.
public struct SquadSummary: Equatable, Sendable {
  /// The squad.
  public var name: SquadName
  /// How many members it has; nil when its file cannot be read.
  public var members: Int?
  /// Its size limit, if any.
  public var maxMembers: Int?
  /// When it last changed: its last history entry, else its file's modification time.
  public var lastChange: Date?
  /// Why its file cannot be read, if it cannot.
  public var problem: PersistenceError?
  /// Its members, for totals and comparisons; empty when its file cannot be read.
  public var roster: [Member] = []
  /// Which squad it is (``SquadFile/identity``), so a deletion asked about finds the same one.
  public var identity: [UInt64]? = nil
}
