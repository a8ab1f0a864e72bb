enum HistoryCommand: HistoryFeatureCommand {
  static let spec = CommandSpec(
    name: "history",
    abstract: "Show the squad's changes, newest first.",
    discussion: """
      Every change of the squad is recorded: recruit, fire, import, sync, undo, redo, and the
      squads create and rename that made it what it is; with when, the command, and who joined
      or left. The newest \(HistoryFile.bound) changes of each squad are kept.
      """,
    options: [OptionSpec(.limit, value: "n", help: "Show only the newest N changes.")],
    examples: ["squad history", "squad history --limit 5", "squad --squad avengers history --json"],
    takesOutputFormat: true, usesSquad: true)

  static func firstAction(_ context: CommandContext) throws(UsageError) -> HistoryFeature.Action {
    .historyRequested(
      limit: try OptionValues.integer(context.arguments, .limit, in: 1...HistoryFile.bound, default: HistoryFile.bound))
  }

  static func report(_ state: HistoryFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .listed(let entries):
      if entries.isEmpty { context.notice("No changes recorded yet for the squad '\(context.squadName)'.") }
      context.console.out(HistoryOutput.render(entries, now: context.environment.now(), settings: context.output))
      return .success
    case .failed(let error): return .failed(error)
    default: return .unfinished
    }
  }
}

enum UndoCommand: StepCommand {
  static let direction = StepDirection.undo
  static let spec = stepSpec(
    abstract: "Take back the last changes of the squad.",
    discussion: """
      Steps back N changes (default 1), like undo in an editor; 'squad redo' steps forward again
      until a new change is made. Undo refuses, changing nothing, when the squad file was edited
      (or removed) by something other than squad since the change or before it (exit 1), or the
      history file is unreadable (exit 65). With nothing to undo it says so and exits 0.
      """)
}

enum RedoCommand: StepCommand {
  static let direction = StepDirection.redo
  static let spec = stepSpec(
    abstract: "Make undone changes of the squad again.",
    discussion: """
      Steps forward N undone changes (default 1). A change made after an undo clears what could
      be redone. Refuses like undo; with nothing to redo it says so and exits 0.
      """)
}

/// History, undo and redo: the history feature over the selected squad's file.
protocol HistoryFeatureCommand: FeatureCommand where Machine == HistoryFeature, Runner == HistoryEffects {}

extension HistoryFeatureCommand {
  static var initialState: HistoryFeature.State { .idle }
  static func runner(_ parts: LiveParts) -> HistoryEffects { HistoryEffects(environment: parts.environment) }

  static func status(_ state: HistoryFeature.State) -> String? {
    switch state {
    case .loading: return "Loading history…"
    case .stepping(let direction, _): return direction == .undo ? "Undoing…" : "Redoing…"
    default: return nil
    }
  }
}

/// Undo or redo: a step of the history in one direction, run and reported the same way.
protocol StepCommand: HistoryFeatureCommand {
  static var direction: StepDirection { get }
}

extension StepCommand {
  static func stepSpec(abstract: String, discussion: String) -> CommandSpec {
    CommandSpec(
      name: direction.rawValue, abstract: abstract, discussion: discussion,
      arguments: [
        ArgumentSpec(name: "n", help: "How many changes, 1 to \(HistoryFile.bound). (default: 1)", isOptional: true)
      ],
      examples: [
        "squad \(direction.rawValue)", "squad \(direction.rawValue) 3", "squad --squad avengers \(direction.rawValue)",
      ], usesSquad: true)
  }

  static func firstAction(_ context: CommandContext) throws(UsageError) -> HistoryFeature.Action {
    let text = context.arguments.positionals.first ?? "1"
    // One rule: plain digits (Int alone would take "+1" yet refuse " 1").
    let isDigits = !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    guard isDigits, let count = Int(text), (1...HistoryFile.bound).contains(count) else {
      throw UsageError(
        "The value '\(TextSanitizer.clean(text))' is invalid for '<n>': expected a whole number from 1 to \(HistoryFile.bound).",
        command: direction.rawValue)
    }
    return .stepRequested(direction, count: count, at: context.environment.now())
  }

  static func report(_ state: HistoryFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .stepped(_, let outcome):
      let limit =
        outcome.stoppedAtLimitChange
        ? " Undo stops at the last change of its size limit ('squad history' shows which command made it)." : ""
      guard let entry = outcome.entry else {
        return .notice("Nothing to \(direction.rawValue) in the squad '\(context.squadName)'.\(limit)")
      }
      let verb = direction == .undo ? "Undid" : "Redid"
      let end = !outcome.ranOut ? "" : " (no more to \(direction.rawValue))"
      context.notice("\(verb) \(Plural.count(entry.steps, "change"))\(context.squadName.place("in"))\(end).\(limit)")
      SquadChangeReport.report(entry.diff, context: context)
      return .success
    case .failed(let error): return .failed(error)
    default: return .unfinished
    }
  }
}
