/// What undo and redo can step over, worked out by replaying a squad's history like an editor:
/// a change goes on the undo stack and clears the redo stack; an undo moves changes from the
/// undo stack to the redo stack, a redo moves them back.
///
/// The stacks hold each change's own diff and digests, so they never depend on entries beyond
/// the history's bound. Where the history breaks (an entry's `before` is not the previous
/// entry's `after`: the file was edited outside squad, or a squad began or ended) both stacks
/// are cleared, so undo never steps across a change squad did not make.
public struct UndoStacks: Equatable, Sendable {
  /// One change that can be undone or redone.
  public struct Step: Equatable, Sendable {
    /// What the change did.
    public var diff: SquadDiff
    /// The squad's digest before the change.
    public var before: String
    /// The squad's digest after the change.
    public var after: String
  }

  /// Changes that undo can take back, most recent last.
  public var undo: [Step] = []
  /// Changes that redo can make again, the next one last.
  public var redo: [Step] = []

  /// The stacks after `entries`, oldest first.
  public static func replay(_ entries: [HistoryEntry]) -> UndoStacks {
    var stacks = UndoStacks()
    var lastAfter: String?
    for entry in entries {
      if let lastAfter, entry.before != lastAfter { stacks = UndoStacks() }
      lastAfter = entry.after
      switch entry.kind {
      case .change:
        stacks.undo.append(Step(diff: entry.diff, before: entry.before, after: entry.after))
        stacks.redo.removeAll()
      case .undo:
        for _ in 0..<entry.steps { if let step = stacks.undo.popLast() { stacks.redo.append(step) } }
      case .redo:
        for _ in 0..<entry.steps { if let step = stacks.redo.popLast() { stacks.undo.append(step) } }
      case .create, .delete:
        stacks = UndoStacks()
      case .rename:
        break
      }
    }
    return stacks
  }
}
