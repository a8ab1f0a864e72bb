import Foundation

/// The squad and its history as one change finds them, under the lock.
public struct SquadSnapshot: Sendable {
  /// The squad as read: empty when there is no file yet, or why the file is unusable.
  public var loaded: Result<Squad, PersistenceError>
  /// The squad (empty when there is no file yet, or it is unusable).
  public var squad: Squad { (try? loaded.get()) ?? Squad() }
  /// Whether the squad file exists.
  public var exists: Bool
  /// ``SquadDigest`` of the file: ``SquadDigest/absent`` without one.
  public var digest: String
  /// The committed history entries, oldest first, or why the history cannot be read.
  public var history: Result<[HistoryEntry], PersistenceError>
  // The history on disk holds a torn line or an uncommitted entry, which the next write drops.
  var historyNeedsRewrite: Bool

  /// ``SquadDigest`` of the squad as read, a missing file read as the empty squad (so a change
  /// that would save an empty squad over no file changes nothing); nil when the file is unusable.
  var readDigest: String? {
    guard case .success(let squad) = loaded else { return nil }
    return exists ? digest : SquadDigest.of(squad)
  }

  /// Whether the squad file is what squad last recorded (or no change is recorded yet).
  public var matchesHistory: Bool {
    guard case .success(let entries) = history, let last = entries.last else { return true }
    return last.after == digest
  }
}

/// What a change makes of the squad.
public struct SquadEdit: Sendable {
  /// The squad after the change.
  public var squad: Squad
  /// How the history records it.
  public var kind: HistoryEntry.Kind
  /// How many changes an undo or redo stepped over.
  public var steps: Int
  /// The entry's note (a rename's old name, a new limit).
  public var detail: String?

  /// An edit of the members (or an undo or redo of `steps` changes).
  public init(squad: Squad, kind: HistoryEntry.Kind = .change, steps: Int = 1, detail: String? = nil) {
    self.squad = squad
    self.kind = kind
    self.steps = steps
    self.detail = detail
  }
}

extension SquadFile {
  /// Runs `body` holding the exclusive lock on the squad file (and, for a named squad, the
  /// shared lock on the set of squads, so it is not renamed or deleted meanwhile), and lets the
  /// locks go when it returns. Every read-modify-write of the squad runs inside one call, so
  /// concurrent squad processes take turns and none loses another's update. A named squad that
  /// does not exist is never made here (only `squads create` makes one): the call throws
  /// ``PersistenceError/Reason/squadGone(squad:)`` before any lock or folder is made for it.
  func withLock<Value>(_ body: () throws(PersistenceError) -> Value) throws(PersistenceError) -> Value {
    let setLock = try setLockPath.map { path throws(PersistenceError) in try FileLock(path: path, shared: true) }
    // Under the set's lock no squad is created, renamed or deleted, so this answer holds until the
    // change is saved: a squad missing now was deleted or renamed since the command looked.
    guard exists else { throw PersistenceError(path: path, reason: .squadGone(squad: name.value)) }
    let lock = try lock()
    defer { withExtendedLifetime((setLock, lock)) {} }
    return try body()
  }

  /// The one way a squad changes: under the lock, reads the squad and its history, lets `body`
  /// decide the new squad, then records the change and saves it (see ``commit(_:of:command:at:)``).
  /// Every caller (recruit, fire, import, sync, undo, redo, pick) goes through here, so every
  /// save is recorded once. Returns `body`'s value and the entry recorded, if any.
  public func change<Value>(
    by command: String, at date: Date, _ body: (SquadSnapshot) throws(PersistenceError) -> (SquadEdit?, Value)
  ) throws(PersistenceError) -> (Value, HistoryEntry?) {
    func decide(_ snapshot: SquadSnapshot) throws(PersistenceError) -> (SquadEdit?, Value) {
      _ = try snapshot.loaded.get()
      return try body(snapshot)
    }
    if let value = try unchangedWithoutFile(decide) { return (value, nil) }
    return try withLock { () throws(PersistenceError) in
      let snapshot = try self.snapshot()
      let (edit, value) = try decide(snapshot)
      guard let edit else { return (value, nil) }
      return (value, try commit(edit, of: snapshot, command: command, at: date))
    }
  }

  /// ``change(by:at:_:)`` for a change that can stand in for an unusable squad file
  /// (`import --replace`): `body` gets the squad as read, or why it could not be.
  public func changeReadingLeniently<Value>(
    by command: String, at date: Date, _ body: (Result<Squad, PersistenceError>) -> (SquadEdit?, Value)
  ) throws(PersistenceError) -> Value {
    if let value = try unchangedWithoutFile({ body($0.loaded) }) { return value }
    return try withLock { () throws(PersistenceError) in
      let snapshot = try self.snapshot()
      let (edit, value) = body(snapshot.loaded)
      if let edit { _ = try commit(edit, of: snapshot, command: command, at: date) }
      return value
    }
  }

  // A command that changes nothing creates nothing: a squad with no file yet is first read without
  // its locks (taking them creates its folder and lock files); `decide`'s value when it would save
  // nothing there (no edit, or the empty squad a missing file reads as), nil when it would.
  private func unchangedWithoutFile<Value>(
    _ decide: (SquadSnapshot) throws(PersistenceError) -> (SquadEdit?, Value)
  ) throws(PersistenceError) -> Value? {
    guard !FileKind.isPresent(path) else { return nil }
    let (edit, value) = try decide(try snapshot())
    guard let edit else { return value }
    return edit.kind == .change && edit.squad.members.isEmpty ? value : nil
  }

  /// The squad and its history as they are now. Call it holding the lock.
  func snapshot() throws(PersistenceError) -> SquadSnapshot {
    let exists = FileManager.default.fileExists(atPath: path)
    let loaded = Result { () throws(PersistenceError) in try load() }
    let digest: String
    switch loaded {
    case .success(let squad): digest = exists ? SquadDigest.of(squad) : SquadDigest.absent
    case .failure: digest = SquadDigest.unreadable
    }
    do throws(PersistenceError) {
      let contents = try history.read()
      var entries = contents.entries
      var rewrite = contents.tornTail
      // Appended, then killed before the squad file was replaced: the change never happened.
      // Only a create can be torn over no file: every other change saves the squad file before
      // recording (see commit), so an entry over no file is committed and the file was removed.
      if let last = entries.last, last.after != digest, last.before == digest,
        digest != SquadDigest.absent || last.kind == .create
      {
        entries.removeLast()
        rewrite = true
      }
      // A rename is recorded in the squad's history before its folder moves: "renamed from" its
      // own name means the move never happened.
      if let last = entries.last, last.kind == .rename, last.detail == name.value, !name.isDefault {
        entries.removeLast()
        rewrite = true
      }
      return SquadSnapshot(
        loaded: loaded, exists: exists, digest: digest, history: .success(entries), historyNeedsRewrite: rewrite)
    } catch {
      return SquadSnapshot(
        loaded: loaded, exists: exists, digest: digest, history: .failure(error), historyNeedsRewrite: false)
    }
  }

  /// Records `edit` and saves it, in the order that keeps the two files in step without a
  /// transaction: the history entry (with the digests before and after) is appended and flushed
  /// first, then the squad file is replaced atomically, which is the commit point. A change past
  /// the squad's size limit is refused. Call it holding the lock.
  func commit(_ edit: SquadEdit, of snapshot: SquadSnapshot, command: String, at date: Date)
    throws(PersistenceError) -> HistoryEntry?
  {
    var squad = edit.squad
    if edit.kind == .change || edit.kind == .undo || edit.kind == .redo { squad.maxMembers = snapshot.squad.maxMembers }
    if edit.kind == .change, let limit = squad.maxMembers, squad.members.count > limit,
      squad.members.count > snapshot.squad.members.count
    {
      throw PersistenceError(
        path: path, reason: .overLimit(limit: limit, members: squad.members.count, squad: name.value))
    }
    let removing = edit.kind == .delete
    let after = removing ? SquadDigest.absent : SquadDigest.of(squad)
    // The one test of "nothing changed", made here because only here is the squad final (its size
    // limit carried over): a change whose file form is the one read (an import --replace of the
    // same members, a sync that brought nothing new) is no change: nothing to save, nothing for
    // undo to take back. A missing file reads as the empty squad; an unreadable one never matches.
    if edit.kind == .change, after == snapshot.readDigest { return nil }
    let diff = SquadDiff.between(snapshot.squad.members, removing ? [] : squad.members)
    switch snapshot.history {
    case .failure(let error):
      warn(error.unrecordedChangeWarning)
      if !removing { try save(squad) }
      return nil
    case .success(let entries):
      // A history rewrite killed midway leaves its temporary file, as a killed save does.
      AtomicFile.removeLeftovers(of: history.path)
      if snapshot.historyNeedsRewrite { try history.rewrite(entries) }
      var before = snapshot.digest
      if !snapshot.exists, edit.kind != .create, !removing, case .success(let empty) = snapshot.loaded {
        // The empty squad gets its file first, so an entry over no file is always committed
        // (snapshot() tells a removed file from a torn first change by this).
        try save(empty)
        before = SquadDigest.of(empty)
      }
      let entry = HistoryEntry(
        sequence: (entries.last?.sequence ?? 0) + 1, at: date, command: command, kind: edit.kind, steps: edit.steps,
        before: before, after: after, diff: diff, detail: edit.detail)
      try history.append(entry)
      // A rename moves the folder (its commit point); its squad stays as it is.
      if !removing && edit.kind != .rename { try save(squad) }
      // Trimming after the commit point: if it fails, the history is only longer than it should be.
      if history.isOverGrown(entries: entries.count + 1) { try? history.rewrite(entries + [entry]) }
      return entry
    }
  }

  /// One recruit or fire under the lock: reads the squad, applies `command` to it, and saves the
  /// result (recorded in the history) when it changed. With a squad's `identity` (``identity``),
  /// only that squad is changed: when it no longer exists, or another squad took its name, the
  /// update throws ``PersistenceError/Reason/squadGone(squad:)``.
  func update(_ command: SquadCommand, heroes: [Hero], at date: Date, identity: [UInt64]? = nil)
    throws(PersistenceError) -> SquadUpdateResult
  {
    let (result, _) = try change(by: command.name, at: date) { (snapshot) throws(PersistenceError) in
      if let identity, self.identity != identity {
        throw PersistenceError(path: path, reason: .squadGone(squad: name.value))
      }
      let (updated, change) = SquadChange.apply(command, heroes: heroes, to: snapshot.squad)
      if change.isEmpty { return (nil, SquadUpdateResult(squad: snapshot.squad, change: change)) }
      return (SquadEdit(squad: updated), SquadUpdateResult(squad: updated, change: change))
    }
    return result
  }
}
