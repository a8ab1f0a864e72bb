import Foundation

extension SquadFile {
  /// Runs `body` holding the exclusive lock on the squad file (and, for a named squad, the
  /// shared lock on the set of squads, so it is not renamed or deleted meanwhile), and lets the
  /// locks go when it returns. Every read-modify-write of the squad runs inside one call, so
  /// concurrent squad processes take turns and none loses another's update. A named squad that
  /// does not exist is never made here (only `squads create` makes one): the call throws
  /// ``SquadError/squadGone(squad:)`` before any lock or folder is made for it.
  func withLock<Value>(_ body: () throws(SquadError) -> Value) throws(SquadError) -> Value {
    let setLock = try files { () throws(PersistenceError) in
      try setLockPath.map { path throws(PersistenceError) in try FileLock(path: path, shared: true) }
    }
    // Under the set's lock no squad is created, renamed or deleted, so this answer holds until the
    // change is saved: a squad missing now was deleted or renamed since the command looked.
    guard try exists else { throw .squadGone(squad: name.value) }
    let lock = try files { () throws(PersistenceError) -> LockSet in try self.lock() }
    defer { withExtendedLifetime((setLock, lock)) {} }
    return try body()
  }

  /// The one way a squad changes: under the lock, reads the squad and its history, lets `plan`
  /// decide from them alone what to write and what to tell the user, then records the change and
  /// saves it (``commit(_:of:command:at:)``). Every caller (recruit, fire, import, sync, undo,
  /// redo, pick, squads edit) goes through here with a pure plan, so every save is recorded once.
  /// Returns the plan's value and the entry recorded, if any.
  public func change<Value>(
    by command: String, at date: Date, _ plan: (SquadSnapshot) throws(SquadError) -> (SquadEdit?, Value)
  ) throws(SquadError) -> (Value, HistoryEntry?) {
    // A command that changes nothing creates nothing: a squad with no file yet is first read
    // without its locks (taking them creates its folder and lock files).
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
      // Only a create can be torn over no file: every other change saves the squad file before
      // recording (see commit), so an entry over no file is committed and the file was removed.
      if let last = entries.last, last.after != digest, last.before == digest,
        digest != SquadDigest.absent || last.kind == .create
      {
        entries.removeLast()
        snapshot.historyNeedsRewrite = true
      }
      // A rename is recorded in the squad's history before its folder moves: "renamed from" its
      // own name means the move never happened.
      if let last = entries.last, last.kind == .rename, last.detail == name.value, !name.isDefault {
        entries.removeLast()
        snapshot.historyNeedsRewrite = true
      }
      snapshot.history = .success(entries)
    } catch {
      // Only a history unusable by the documented rules lets changes go on unrecorded; one that
      // cannot be read now is an error: the change is refused and nothing is changed.
      guard case .corruptHistory = error.reason else { throw error }
      snapshot.history = .failure(error)
    }
    return snapshot
  }

  /// Records `edit` as ``SquadSnapshot/record(_:command:at:)`` decides, in the order that keeps
  /// the two files in step without a transaction: the history entry (with the digests before and
  /// after) is appended and flushed first, then the squad file is replaced atomically, which is
  /// the commit point; or `committing` is, for a rename or delete (the move of the folder). When
  /// the commit point fails the entry is cut off again: the home is as it was. Call it holding the lock.
  func commit(
    _ edit: SquadEdit, of snapshot: SquadSnapshot, command: String, at date: Date,
    committing: (() throws(PersistenceError) -> Void)? = nil
  ) throws(SquadError) -> HistoryEntry? {
    guard let (squad, recorded) = try snapshot.record(edit, command: command, at: date) else { return nil }
    func commitPoint() throws(PersistenceError) {
      if let committing { try committing() } else { try save(squad) }
    }
    return try files { () throws(PersistenceError) in
      // What the save or the append would refuse is refused before either file is touched (a
      // history that needs a rewrite is rewritten first): a refused change writes nothing.
      if committing == nil { try refuseUnsaveable() }
      if snapshot.historyNeedsRewrite { try history.refuseReadOnly() }
      guard case .success(let entry) = recorded, case .success(let entries) = snapshot.history else {
        if case .failure(let error) = recorded { warn(.unrecorded(error.unrecordedChangeWarning)) }
        try commitPoint()
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
      try history.append(entry) { () throws(PersistenceError) in try commitPoint() }
      // Trimming after the commit point (not of a folder moved away): if it fails, the history is
      // only longer than it should be.
      if committing == nil, history.isOverGrown(entries: entries.count + 1),
        let dropped = try? history.rewrite(entries + [entry]), dropped > 0
      {
        let kept = min(entries.count + 1, HistoryFile.bound) - dropped
        warn(.trimmed(history.trimmedWarning(dropped: dropped, kept: kept)))
      }
      return entry
    }
  }

  /// `body`'s value, a file failure as a ``SquadError``.
  func files<Value>(_ body: () throws(PersistenceError) -> Value) throws(SquadError) -> Value {
    do { return try body() } catch { throw .file(error) }
  }
}
