/// `squad recruit`, `squad fire` and `squad list`: the squad feature from the command line.
enum RecruitCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "recruit",
    abstract: "Add heroes to the squad.",
    discussion: """
      Every hero is looked up first; then all of them join in one save. Recruiting a hero who is
      already in the squad changes nothing and is not an error.
      """,
    arguments: [
      ArgumentSpec(
        "hero", help: "A Marvel character id, or a name or unique name prefix.", isRepeating: true, completion: .heroes)
    ],
    examples: ["squad recruit 1009610", "squad recruit 1009610 hulk 'captain america'"])

  @MainActor
  static func run(_ context: CommandContext) async -> Int32 {
    switch OptionValues.heroRefs(context.arguments) {
    case .failure(let error): return UsagePrinter.report(error, to: context.console)
    case .success(let refs):
      return await SquadCommandRun.run(.recruitRequested(refs, at: context.environment.now()), context: context)
    }
  }
}

enum FireCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "fire",
    abstract: "Remove heroes from the squad.",
    discussion: """
      On a terminal squad asks before firing. Anywhere else (scripts, pipes) it needs --yes.
      Firing a hero who is not in the squad changes nothing and is not an error.
      """,
    arguments: [
      ArgumentSpec(
        "hero", help: "A Marvel character id, or a name or unique name prefix.", isRepeating: true, completion: .members
      )
    ],
    options: [OptionSpec(.yes, short: "-y", help: "Fire without asking.")],
    examples: ["squad fire hulk", "squad fire 1009610 1009351 --yes"])

  @MainActor
  static func run(_ context: CommandContext) async -> Int32 {
    let refs: [HeroRef]
    switch OptionValues.heroRefs(context.arguments) {
    case .success(let value): refs = value
    case .failure(let error): return UsagePrinter.report(error, to: context.console)
    }
    let canAsk = context.console.terminal.canAsk
    let confirmed = context.arguments.has(.yes)
    guard confirmed || canAsk else {
      return UsagePrinter.report(
        UsageError(
          "Firing needs confirmation, and there is no terminal to ask on. Add --yes to fire without asking.",
          command: "fire"),
        to: context.console)
    }
    return await SquadCommandRun.run(.fireRequested(refs, askFirst: !confirmed), context: context)
  }
}

enum ListCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "list",
    abstract: "List the squad in recruitment order.",
    examples: ["squad list", "squad list --json", "squad list | cut -f1"],
    takesOutputFormat: true)

  @MainActor
  static func run(_ context: CommandContext) async -> Int32 {
    await SquadCommandRun.run(.listRequested, context: context)
  }
}

/// Runs the squad feature and prints its final state.
enum SquadCommandRun {
  @MainActor
  static func run(_ action: SquadFeature.Action, context: CommandContext) async -> Int32 {
    let state = await context.execute(
      SquadFeature.self, from: SquadFeature.State(), runner: SquadEffects(environment: context.environment),
      action: action)
    context.noticeSource(state.source)
    switch state.phase {
    case .done(let squad, let change):
      report(change, context: context)
      if action == .listRequested {
        if !context.environment.squadFile.exists {
          let name = context.squadName
          context.notice(
            "There is no squad named '\(name)' yet. Recruiting creates it: squad --squad \(name) recruit <hero>")
        } else if squad.members.isEmpty {
          context.notice("Your squad is empty. Recruit someone: squad recruit <hero>")
        }
        context.console.out(SquadOutput.render(squad, settings: context.output))
      }
      return ExitCode.success.rawValue
    case .cancelled:
      context.notice("Nothing fired; the squad is unchanged.")
      return ExitCode.success.rawValue
    case .failed(.lookup(let failure)):
      return LookupReport.fail(failure, context: context)
    case .failed(let failure):
      return context.fail(failure.description, failure.exitCode)
    default:
      return context.fail("The command stopped unexpectedly.", .failure)
    }
  }

  @MainActor
  static func report(_ change: SquadChange, context: CommandContext) {
    func names(_ list: [String]) -> String { NameList.join(list) }
    if !change.added.isEmpty { context.notice("Recruited \(names(change.added.map(\.name))).") }
    if !change.alreadyMembers.isEmpty {
      context.notice(
        "\(names(change.alreadyMembers.map(\.name))) \(change.alreadyMembers.count == 1 ? "is" : "are") already in the squad; nothing changed for them."
      )
    }
    if !change.removed.isEmpty { context.notice("Fired \(names(change.removed.map(\.name))).") }
    if !change.notMembers.isEmpty {
      context.notice(
        "\(names(change.notMembers.map(\.name))) \(change.notMembers.count == 1 ? "is" : "are") not in the squad; nothing changed for them."
      )
    }
  }
}

extension SquadFeature.State: StatusReporting {
  public var statusLine: String? {
    switch phase {
    case .resolving: return "Looking up heroes…"
    case .loading: return "Loading squad…"
    case .updating: return "Saving squad…"
    default: return nil
    }
  }
}
