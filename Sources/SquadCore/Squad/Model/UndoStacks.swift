/// What undo and redo can step over, worked out by replaying a squad's history like an editor.
/// Where the history breaks (an outside edit, a squad's start or end, a new limit) both are cleared.
struct UndoStacks: Equatable, Sendable {
  struct Step: Equatable, Sendable {
    var diff: SquadDiff
    var before: String
    var after: String
    /// The number of the change in the history; nil for a step standing for changes trimmed away.
    var sequence: Int?
    var inverse: Step { Step(diff: diff.inverse, before: after, after: before, sequence: sequence) }
  }

  /// Changes that undo can take back, most recent last.
  var undo: [Step] = []
  /// Changes that redo can make again, the next one last.
  var redo: [Step] = []
  /// Whether undo, its stack empty, stops at a change of the limit that cut off changes it could take back.
  var startAtLimitChange = false
  /// The change undo, its stack empty, stops at because the squad file was changed outside squad before it.
  var startAtOutsideChange: Int?

  static func replay(_ entries: [HistoryEntry]) -> UndoStacks {
    var stacks = UndoStacks()
    var lastAfter: String?
    for entry in entries {
      if let lastAfter, entry.before != lastAfter {
        stacks = UndoStacks(startAtOutsideChange: stacks.cutsOffChanges ? entry.sequence : nil)
      }
      lastAfter = entry.after
      let step = Step(diff: entry.diff, before: entry.before, after: entry.after, sequence: nil)
      switch entry.kind {
      case .change:
        stacks.undo.append(Step(diff: entry.diff, before: entry.before, after: entry.after, sequence: entry.sequence))
        stacks.redo.removeAll()
      case .undo:
        // What an undo took back is what a redo makes again: its own step turned round.
        stacks.move(entry.steps, from: \.undo, to: \.redo, orWhole: step.inverse)
      case .redo:
        stacks.move(entry.steps, from: \.redo, to: \.undo, orWhole: step)
      case .create, .delete, .limit:
        stacks = UndoStacks(startAtLimitChange: entry.kind == .limit && stacks.cutsOffChanges)
      case .rename:
        break
      }
    }
    return stacks
  }

  // Whether a new start here cuts off changes undo could take back, or a stop already said.
  private var cutsOffChanges: Bool { !undo.isEmpty || startAtLimitChange || startAtOutsideChange != nil }

  // Moves `count` steps from one stack to the other; when the stack holds fewer (trimmed from the
  // history), the entry's own step stands for all of them.
  private mutating func move(
    _ count: Int, from source: WritableKeyPath<UndoStacks, [Step]>, to target: WritableKeyPath<UndoStacks, [Step]>,
    orWhole whole: Step
  ) {
    guard self[keyPath: source].count >= count else {
      self[keyPath: source].removeAll()
      self[keyPath: target].append(whole)
      return
    }
    for _ in 0..<count { if let step = self[keyPath: source].popLast() { self[keyPath: target].append(step) } }
  }
}
