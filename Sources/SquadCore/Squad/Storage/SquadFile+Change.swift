import Foundation

extension SquadFile {
  /// Runs `body` under the squad's lock and the set's (shared); a named squad that is gone throws `squadGone`.
  func withLock<Value>(_ body: () throws(SquadError) -> Value) throws(SquadError) -> Value {
    let setLock = try files { () throws(PersistenceError) in
      try setLockPath.map { path throws(PersistenceError) in try FileLock(path: path, shared: true) }
    }
    // Under the set's lock this answer holds until the change is saved.
    guard try exists else { throw .squadGone(squad: name.value) }
    let lock = try files { () throws(PersistenceError) -> LockSet in try self.lock() }
    defer { withExtendedLifetime((setLock, lock)) {} }
    return try body()
  }

  /// The one way a squad changes: under the lock, a pure `plan` decides what to write, then it is recorded and saved.
  func change<Value>(
    by command: String, at date: Date, _ plan: (SquadSnapshot) throws(SquadError) -> (SquadEdit?, Value)
  ) throws(SquadError) -> (Value, HistoryEntry?) {
    // A command that changes nothing creates nothing, not even the lock files.
    if try !files({ () throws(PersistenceError) in try FileKind.isPresent(path) }) {
      let (edit, value) = try plan(try files(self.snapshot))
      guard let edit else { return (value, nil) }
      if edit.kind == .change && edit.squad.members.isEmpty { return (value, nil) }
    }
    return try withLock { () throws(SquadError) in
      let snapshot = try files(self.snapshot)
      let (edit, value) = try plan(snapshot)
      guard let edit else { return (value, nil) }
      return (value, try commit(edit, of: snapshot, command: command, at: date))
    }
  }

  /// The squad and its history as they are now; throws when the history cannot be read. Call it holding the lock.
  func snapshot() throws(PersistenceError) -> SquadSnapshot {
    let exists = try FileKind.status(path, following: true) != nil
    let loaded = Result { () throws(PersistenceError) in try load() }
    let digest =
      (try? loaded.get()).map { exists ? SquadDigest.of($0) : SquadDigest.absent } ?? SquadDigest.unreadable
    var snapshot = SquadSnapshot(
      name: name, path: path, historyPath: history.path, identity: try identity, loaded: loaded, exists: exists,
      digest: digest, history: .success([]))
    do throws(PersistenceError) {
      let contents = try history.read()
      var entries = contents.entries
      snapshot.historyNeedsRewrite = contents.tornTail
      snapshot.historyCutShort = contents.cutShort
      // Appended, then killed before the squad file was replaced: the change never happened.
      // Over no file, only a create can be torn so.
      if let last = entries.last, last.after != digest, last.before == digest,
        digest != SquadDigest.absent || last.kind == .create
      {
        entries.removeLast()
        snapshot.historyNeedsRewrite = true
      }
      // "Renamed from" its own name: the folder's move never happened.
      if let last = entries.last, last.kind == .rename, last.detail == name.value, !name.isDefault {
        entries.removeLast()
        snapshot.historyNeedsRewrite = true
      }
      snapshot.history = .success(entries)
    } catch {
      // Only an unusable history lets changes go on unrecorded; an unreadable one refuses them.
      guard case .corruptHistory = error.reason else { throw error }
      snapshot.history = .failure(error)
    }
    return snapshot
  }

  /// Records `edit`: the entry is appended and flushed, then the squad is saved or `committing` runs: the commit
  /// point (docs/SQUADS.md). Call it holding the lock.
  func commit(
    _ edit: SquadEdit, of snapshot: SquadSnapshot, command: String, at date: Date,
    committing: (() throws(PersistenceError) -> Void)? = nil
  ) throws(SquadError) -> HistoryEntry? {
    guard let (squad, recorded) = try snapshot.record(edit, command: command, at: date) else { return nil }
    func commitPoint() throws(PersistenceError) {
      if let committing { try committing() } else { try save(squad) }
    }
    return try files { () throws(PersistenceError) in
      // What the save or the append would refuse is refused before either file is touched.
      if committing == nil { try refuseUnsaveable() }
      if snapshot.historyNeedsRewrite { try history.refuseReadOnly() }
      guard case .success(let entry) = recorded, case .success(let entries) = snapshot.history else {
        if case .failure(let error) = recorded { warn(.unrecorded(error.unrecordedChangeWarning)) }
        try InterruptCleanup.committing(commitPoint)
        return nil
      }
      // A history rewrite killed midway leaves its temporary file, as a killed save does.
      AtomicFile.removeLeftovers(of: history.path)
      if snapshot.historyNeedsRewrite {
        try history.rewrite(entries)
        if snapshot.historyCutShort {
          warn(.droppedCutLine("\(history.path) ended in a line cut short, not a whole entry; it was dropped."))
        }
      }
      if snapshot.createsEmptyFirst(edit) { try save(snapshot.squad) }
      // From the commit point's rename on, an interrupt lets the change finish and be reported.
      try InterruptCleanup.committing { () throws(PersistenceError) in
        try history.append(entry) { () throws(PersistenceError) in try commitPoint() }
      }
      // After the commit point, a failed trim only leaves the history longer.
      if committing == nil, history.isOverGrown(entries: entries.count + 1),
        let dropped = try? history.rewrite(entries + [entry]), dropped > 0
      {
        let kept = min(entries.count + 1, HistoryFile.bound) - dropped
        warn(.trimmed(history.trimmedWarning(dropped: dropped, kept: kept)))
      }
      return entry
    }
  }

  func files<Value>(_ body: () throws(PersistenceError) -> Value) throws(SquadError) -> Value {
    do { return try body() } catch { throw .file(error) }
  }
}
