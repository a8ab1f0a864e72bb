import Foundation

/// Runs the history feature's effects against the real files.
public struct HistoryEffects: EffectRunner {
  private let squadFile: SquadFile

  /// A runner over an environment's squad.
  public init(environment: AppEnvironment) { squadFile = environment.squadFile }

  public func run(_ effect: HistoryFeature.Effect, send: @escaping @Sendable (HistoryFeature.Action) async -> Void)
    async
  {
    let file = squadFile
    switch effect {
    case .loadHistory:
      // Read without the squad's lock, so a read-only home can show its history: a change in
      // flight is either committed or dropped by the snapshot's rules (see ``SquadFile/snapshot()``).
      await send(
        .historyLoaded(
          Result { () throws(PersistenceError) in
            try file.refuseLinkedFolder()
            return try file.snapshot().history.get()
          }))
    case .step(let direction, let count, let date):
      await send(
        .stepFinished(Result { () throws(PersistenceError) in try file.step(direction, count: count, at: date) }))
    }
  }
}

extension SquadFile {
  /// Undoes or redoes up to `count` changes in one locked change, recorded as one entry; nil when
  /// there is nothing to undo or redo. Refuses when the history is unreadable, or the squad file
  /// is not what squad last recorded (it was edited by something else).
  func step(_ direction: StepDirection, count: Int, at date: Date) throws(PersistenceError) -> HistoryEntry? {
    let (_, entry) = try change(by: direction.rawValue, at: date) {
      snapshot throws(PersistenceError) -> (SquadEdit?, Void) in
      let entries = try snapshot.history.get()
      let stacks = UndoStacks.replay(entries)
      let available = direction == .undo ? stacks.undo : stacks.redo
      guard !available.isEmpty else { return (nil, ()) }
      guard snapshot.matchesHistory else { throw PersistenceError(path: path, reason: .changedOutside) }
      var squad = snapshot.squad
      let steps = available.suffix(count).reversed()
      for step in steps { squad = try replay(step, direction, on: squad, history: history.path) }
      return (SquadEdit(squad: squad, kind: direction == .undo ? .undo : .redo, steps: steps.count), ())
    }
    return entry
  }
}

extension SquadFile {
  // One step undone or redone, checked against the digests its entry recorded on both sides: a
  // history whose diffs do not lead from one recorded squad to the next is corrupt, and undo and
  // redo never build a squad that never existed from it.
  fileprivate func replay(
    _ step: UndoStacks.Step, _ direction: StepDirection, on squad: Squad, history: String
  ) throws(PersistenceError) -> Squad {
    let (from, to) = direction == .undo ? (step.after, step.before) : (step.before, step.after)
    guard to != SquadDigest.unreadable else { throw PersistenceError(path: path, reason: .noSquadToRestore) }
    var result = Squad(members: (direction == .undo ? step.diff.inverse : step.diff).applied(to: squad.members))
    result.maxMembers = squad.maxMembers
    guard SquadFile.matches(squad, digest: from), SquadFile.matches(result, digest: to) else {
      throw PersistenceError(
        path: history,
        reason: .corruptHistory(
          detail: "the history is corrupt: a recorded change does not lead from the squad it was recorded against "
            + "to the one it recorded"))
    }
    return result
  }

  // A squad with no file (``SquadDigest/absent``) is the empty squad.
  private static func matches(_ squad: Squad, digest: String) -> Bool {
    digest == SquadDigest.absent ? squad.members.isEmpty : SquadDigest.of(squad) == digest
  }
}
