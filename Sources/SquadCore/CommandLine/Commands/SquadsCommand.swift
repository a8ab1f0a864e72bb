/// `squad squads [create NAME [--max N] | rename OLD NEW | delete NAME [--yes]]`.
enum SquadsCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  /// The actions `squads` takes as its first argument.
  static let actions = ["create", "rename", "delete"]

  static let spec = CommandSpec(
    name: "squads",
    abstract: "List, create, rename or delete named squads.",
    discussion: """
      Without an action, lists every squad: name, members, size limit and last change. The
      default squad is always there; named squads live beside it. A name has 1 to 32 characters
      of a-z, 0-9, '-' and '_', starts with a letter or digit, and is case-insensitive ('Avengers'
      is 'avengers'); 'default' is the default squad. Pick a squad for other commands with
      --squad NAME or SQUAD_NAME. A named squad is also created by its first recruit or import.

      Recruiting past a squad's --max limit changes nothing and exits 1. Delete asks on a
      terminal and needs --yes anywhere else; a deleted squad is kept, with its history, under
      squads/.deleted/ in the data folder (the newest 10).
      """,
    arguments: [
      ArgumentSpec(
        "action", help: "create, rename or delete; none to list.", isOptional: true, completion: .squadActions),
      ArgumentSpec("name", help: "The squad to create, rename or delete.", isOptional: true),
      ArgumentSpec("new-name", help: "The new name (rename only).", isOptional: true),
    ],
    options: [
      OptionSpec(.max, value: "n", help: "create: the most members the squad may hold (1 to 100000)."),
      OptionSpec(.yes, short: "-y", help: "delete: delete without asking."),
    ],
    examples: [
      "squad squads", "squad squads create avengers --max 6", "squad --squad avengers recruit hulk",
      "squad squads rename avengers earth-mightiest", "squad squads delete earth-mightiest --yes",
    ],
    takesOutputFormat: true)

  @MainActor
  static func run(_ context: CommandContext) async -> Int32 {
    switch action(context) {
    case .failure(let error): return UsagePrinter.report(error, to: context.console)
    case .success(let action):
      let state = await context.execute(
        SquadsFeature.self, from: SquadsFeature.State(),
        runner: SquadsEffects(paths: context.paths, environment: context.environment), action: action)
      return report(state, context: context)
    }
  }

  @MainActor
  private static func action(_ context: CommandContext) -> Result<SquadsFeature.Action, UsageError> {
    let arguments = context.arguments
    let words = arguments.positionals
    let now = context.environment.now()
    func usage(_ text: String) -> Result<SquadsFeature.Action, UsageError> {
      .failure(UsageError(text, command: spec.name))
    }
    func name(_ index: Int, _ what: String) -> Result<SquadName, UsageError> {
      guard index < words.count else {
        return .failure(UsageError("Missing expected argument '<\(what)>'.", command: spec.name))
      }
      return SquadName.parse(words[index]).mapError { UsageError($0.description, command: spec.name) }
    }
    guard let verb = words.first else {
      if arguments.value(.max) != nil { return usage("'--max' goes with 'squads create NAME'.") }
      return .success(.listRequested)
    }
    let expected = ["create": 2, "rename": 3, "delete": 2]
    guard let count = expected[verb] else {
      let hint = EditDistance.closest(to: verb, in: actions).map { " Did you mean '\($0)'?" } ?? ""
      return usage("Unknown action '\(TextSanitizer.clean(verb))': expected create, rename or delete.\(hint)")
    }
    if words.count > count { return usage("Unexpected argument '\(TextSanitizer.clean(words[count]))'.") }
    if verb != "create", arguments.value(.max) != nil { return usage("'--max' goes with 'squads create NAME'.") }
    switch verb {
    case "create":
      let limit =
        arguments.value(.max) == nil
        ? .success(nil)
        : OptionValues.integer(arguments, .max, in: 1...Squad.largestLimit, default: 0).map(Optional.some)
      return name(1, "name").flatMap { name in limit.map { .createRequested(name, maxMembers: $0, at: now) } }
    case "rename":
      return name(1, "old").flatMap { old in name(2, "new").map { .renameRequested(old, to: $0, at: now) } }
    default:
      let confirmed = arguments.has(.yes)
      guard confirmed || context.console.terminal.canAsk else {
        return usage(
          "Deleting a squad needs confirmation, and there is no terminal to ask on. Add --yes to delete without asking."
        )
      }
      return name(1, "name").map { .deleteRequested($0, askFirst: !confirmed, at: now) }
    }
  }

  @MainActor
  private static func report(_ state: SquadsFeature.State, context: CommandContext) -> Int32 {
    switch state.phase {
    case .listed(let summaries):
      context.console.out(SquadsOutput.render(summaries, now: context.environment.now(), settings: context.output))
      for summary in summaries { if let problem = summary.problem { context.notice("Warning: " + problem) } }
      return ExitCode.success.rawValue
    case .changed(.create(let name, let limit, _), _):
      context.notice(
        "Created the squad '\(name)'\(limit.map { " (at most \(Plural.members($0)))" } ?? ""). Use it with --squad \(name)."
      )
      return ExitCode.success.rawValue
    case .changed(.rename(let old, let new, _), _):
      context.notice("Renamed the squad '\(old)' to '\(new)'.")
      return ExitCode.success.rawValue
    case .changed(.delete(let name, _), let members):
      context.notice("Deleted \(Plural.squad(name, members: members)).")
      return ExitCode.success.rawValue
    case .cancelled:
      context.notice("Nothing deleted; the squad is unchanged.")
      return ExitCode.success.rawValue
    case .failed(let failure) where failure.exitCode == .usage:
      return UsagePrinter.report(UsageError(failure.description, command: spec.name), to: context.console)
    case .failed(let failure):
      return context.fail(failure.description, failure.exitCode)
    default:
      return context.fail("The command stopped unexpectedly.", .failure)
    }
  }
}
