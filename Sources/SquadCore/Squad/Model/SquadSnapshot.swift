import Foundation

/// The squad and its history as one change finds them, under the lock: all a plan decides from.
struct SquadSnapshot: Sendable {
  var name: SquadName
  var path: String, historyPath: String
  /// Which squad it is (``SquadFile/identity``): nil for the default squad and a missing one.
  var identity: [UInt64]?
  /// Empty when there is no file yet.
  var loaded: Result<Squad, PersistenceError>
  var exists: Bool
  /// ``SquadDigest`` of the file: ``SquadDigest/absent`` without one.
  var digest: String
  var history: Result<[HistoryEntry], PersistenceError>
  // The history on disk holds a torn line or an uncommitted entry, which the next write drops.
  var historyNeedsRewrite = false
  // The history's last line was cut short: the write that drops it says so.
  var historyCutShort = false
  var squad: Squad { (try? loaded.get()) ?? Squad() }
  func readSquad() throws(SquadError) -> Squad { try loaded.mapError(SquadError.file).get() }

  /// ``SquadDigest`` of the squad as read, a missing file read as the empty squad; nil when unusable.
  var readDigest: String? {
    guard case .success(let squad) = loaded else { return nil }
    return exists ? digest : SquadDigest.of(squad)
  }

  /// Whether the squad file is what squad last recorded (or no change is recorded yet).
  var matchesHistory: Bool {
    guard case .success(let entries) = history, let last = entries.last else { return true }
    return last.after == digest
  }

  /// The rules every change keeps, applied to `edit`: the squad to save and its entry; nil when nothing changes.
  func record(_ edit: SquadEdit, command: String, at date: Date) throws(SquadError)
    -> (squad: Squad, entry: Result<HistoryEntry, PersistenceError>)?
  {
    var squad = edit.squad
    if edit.kind == .change || edit.kind == .undo || edit.kind == .redo {
      squad.maxMembers = self.squad.maxMembers
      squad.unknownFields = self.squad.unknownFields
    }
    if edit.kind == .change, let limit = squad.maxMembers, squad.members.count > limit,
      squad.members.count > self.squad.members.count
    {
      let excess = squad.members.count - limit
      throw .overLimit(
        limit: limit, members: squad.members.count, squad: name.value,
        fireFirst: edit.fireable >= excess ? excess : nil)
    }
    let removing = edit.kind == .delete
    let fileForm = removing ? nil : SquadFile.encode(squad)
    // Refused before anything is written: a squad too large to read back is no change squad makes.
    if let fileForm, fileForm.count > InputLimit.squadFile {
      throw .file(PersistenceError(path: path, reason: .wouldExceed(limit: InputLimit.squadFile)))
    }
    let after = fileForm.map(SquadDigest.of(fileForm:)) ?? SquadDigest.absent
    // The one test of "nothing changed", here where the squad is final (its limit carried over).
    if edit.kind == .change, after == readDigest { return nil }
    let entry = history.map { entries in
      // A change over no file first saves the empty squad (see SquadFile.commit), so it starts from it.
      let before = createsEmptyFirst(edit) ? SquadDigest.of(self.squad) : digest
      return HistoryEntry(
        sequence: (entries.last?.sequence ?? 0) + 1, at: date, command: command, kind: edit.kind, steps: edit.steps,
        before: before, after: after, diff: SquadDiff.between(self.squad.members, removing ? [] : squad.members),
        detail: edit.detail)
    }
    return (squad, entry)
  }

  /// Whether recording `edit` first saves the empty squad of a squad with no file.
  func createsEmptyFirst(_ edit: SquadEdit) -> Bool {
    guard case .success = loaded else { return false }
    return !exists && edit.kind != .create && edit.kind != .delete
  }
}

/// What a change makes of the squad.
struct SquadEdit: Equatable, Sendable {
  var squad: Squad
  var kind: HistoryEntry.Kind = .change
  var steps = 1
  /// The entry's note (a rename's old name, a new limit).
  var detail: String?
  /// How many members the change keeps without naming them: firing them first makes room for it.
  var fireable = 0
}
