extension SquadFile {
  /// Runs `body` holding the exclusive lock on the squad file, and lets the lock go when it
  /// returns. Every read-modify-write of the squad runs inside one call, so concurrent squad
  /// processes take turns and none loses another's update.
  func withLock<Value>(_ body: () throws(PersistenceError) -> Value) throws(PersistenceError) -> Value {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// One recruit or fire under the lock: reads the squad, applies `command` to it, and saves the
  /// result when it changed.
  func update(_ command: SquadCommand, heroes: [Hero]) throws(PersistenceError) -> SquadUpdateResult {
    try withLock { () throws(PersistenceError) in
      let squad = try load()
      let (updated, change) = SquadChange.apply(command, heroes: heroes, to: squad)
      if change.isEmpty { return SquadUpdateResult(squad: squad, change: change) }
      try save(updated)
      return SquadUpdateResult(squad: updated, change: change)
    }
  }
}
