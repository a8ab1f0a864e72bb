/// `squad squads`: every squad; `squads create`, `rename` and `delete` are its sub-commands.
enum SquadsCommand: SquadsFeatureCommand {
  static let subcommands: [any Command.Type] = [
    SquadsCreateCommand.self, SquadsRenameCommand.self, SquadsDeleteCommand.self,
  ]

  static let spec = CommandSpec(
    name: "squads",
    abstract: "List, create, rename or delete named squads.",
    discussion: """
      Alone, lists every squad: name, members, size limit and last change. The default squad is
      always there; named squads live beside it. A name has 1 to 32 characters of a-z, 0-9, '-'
      and '_', starts with a letter or digit, and is case-insensitive ('Avengers' is
      'avengers'); 'default' is the default squad. Pick a squad for other commands with
      --squad NAME or SQUAD_NAME. A named squad is also created by its first recruit or import.
      """,
    examples: [
      "squad squads", "squad squads create avengers --max 6", "squad --squad avengers recruit hulk",
      "squad squads rename avengers earth-mightiest", "squad squads delete earth-mightiest --yes",
    ],
    takesOutputFormat: true)

  static func firstAction(_ context: CommandContext) -> Result<SquadsFeature.Action, UsageError> {
    .success(.listRequested)
  }
}

/// `squad squads create <name> [--max <n>]`.
enum SquadsCreateCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "create",
    abstract: "Create an empty named squad.",
    discussion: "Recruiting, importing or picking past the squad's --max limit changes nothing and exits 1.",
    arguments: [ArgumentSpec("name", help: "The new squad's name.")],
    options: [OptionSpec(.max, value: "n", help: "The most members the squad may hold (1 to 100000).")],
    examples: ["squad squads create avengers", "squad squads create avengers --max 6"])

  static func firstAction(_ context: CommandContext) -> Result<SquadsFeature.Action, UsageError> {
    let arguments = context.arguments
    let limit =
      arguments.value(.max) == nil
      ? .success(nil) : OptionValues.integer(arguments, .max, in: 1...Squad.largestLimit, default: 0).map(Optional.some)
    return name(0, context).flatMap { name in
      limit.map { .createRequested(name, maxMembers: $0, at: context.environment.now()) }
    }
  }
}

/// `squad squads rename <name> <new-name>`.
enum SquadsRenameCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "rename",
    abstract: "Give a named squad a new name; its members and history go with it.",
    arguments: [
      ArgumentSpec("name", help: "The squad to rename.", completion: .namedSquads),
      ArgumentSpec("new-name", help: "Its new name."),
    ],
    examples: ["squad squads rename avengers earth-mightiest"])

  static func firstAction(_ context: CommandContext) -> Result<SquadsFeature.Action, UsageError> {
    name(0, context).flatMap { old in
      name(1, context).map { .renameRequested(old, to: $0, at: context.environment.now()) }
    }
  }
}

/// `squad squads delete <name> [--yes]`.
enum SquadsDeleteCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a named squad; it is kept, with its history, under squads/.deleted/.",
    discussion: """
      Asks on a terminal and needs --yes anywhere else. A deleted squad is kept, with its
      history, under squads/.deleted/ in the data folder (the newest 10).
      """,
    arguments: [ArgumentSpec("name", help: "The squad to delete.", completion: .namedSquads)],
    options: [OptionSpec(.yes, short: "-y", help: "Delete without asking.")],
    examples: ["squad squads delete earth-mightiest", "squad squads delete earth-mightiest --yes"])

  static func firstAction(_ context: CommandContext) -> Result<SquadsFeature.Action, UsageError> {
    let confirmed = context.arguments.has(.yes)
    return name(0, context).flatMap { name in
      guard confirmed || context.console.terminal.canAsk else {
        return .failure(
          UsageError(
            "Deleting a squad needs confirmation, and there is no terminal to ask on. Add --yes to delete without asking.",
            command: context.arguments.command))
      }
      return .success(.deleteRequested(name, askFirst: !confirmed, at: context.environment.now()))
    }
  }
}

/// The squads and their sub-commands: the squads feature, reported the same way.
protocol SquadsFeatureCommand: FeatureCommand where Machine == SquadsFeature, Runner == SquadsEffects {}

extension SquadsFeatureCommand {
  static var initialState: SquadsFeature.State { SquadsFeature.State() }

  static func runner(_ parts: LiveParts) -> SquadsEffects {
    SquadsEffects(set: parts.squads, environment: parts.environment)
  }

  /// The squad name given as the positional argument at `index` (the parser has checked that it
  /// is there: a missing one is an empty name, which the name rules refuse).
  static func name(_ index: Int, _ context: CommandContext) -> Result<SquadName, UsageError> {
    let words = context.arguments.positionals
    return SquadName.parse(words.indices.contains(index) ? words[index] : "")
      .mapError { UsageError($0.description, command: context.arguments.command) }
  }

  static func report(_ state: SquadsFeature.State, _ context: CommandContext) -> CommandOutcome? {
    switch state.phase {
    case .listed(let summaries):
      context.console.out(SquadsOutput.render(summaries, now: context.environment.now(), settings: context.output))
      for summary in summaries { if let problem = summary.problem { context.notice("Warning: " + problem) } }
      return .success
    case .changed(.create(let name, let limit, _), _):
      context.notice(
        "Created the squad '\(name)'\(limit.map { " (at most \(Plural.members($0)))" } ?? ""). Use it with --squad \(name)."
      )
      return .success
    case .changed(.rename(let old, let new, _), _):
      context.notice("Renamed the squad '\(old)' to '\(new)'.")
      return .success
    case .changed(.delete(let name, _), let members):
      context.notice("Deleted \(Plural.squad(name, members: members)).")
      return .success
    case .cancelled:
      context.notice("Nothing deleted; the squad is unchanged.")
      return .success
    case .failed(let failure):
      return .failed(failure)
    default:
      return nil
    }
  }
}
