extension SquadFile {
  /// One read-modify-write under the exclusive lock: takes the lock, reads the squad, applies
  /// `command` to it, saves the result when it changed, and lets the lock go on return. Concurrent
  /// squad processes take turns here, so none loses another's update.
  func update(_ command: SquadCommand, heroes: [Hero]) throws(PersistenceError) -> SquadUpdateResult {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    let squad = try load()
    let (updated, change) = SquadChange.apply(command, heroes: heroes, to: squad)
    if change.isEmpty { return SquadUpdateResult(squad: squad, change: change) }
    try save(updated)
    return SquadUpdateResult(squad: updated, change: change)
  }
}
