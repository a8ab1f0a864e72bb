/// `squad recruit`, `squad fire` and `squad list`: the squad feature from the command line.
enum RecruitCommand: SquadFeatureCommand {
  static let upgradesCatalogue = true

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

  static func firstAction(_ context: CommandContext) -> Result<SquadFeature.Action, UsageError> {
    OptionValues.heroRefs(context.arguments).map { .recruitRequested($0, at: context.environment.now()) }
  }
}

enum FireCommand: SquadFeatureCommand {
  static let upgradesCatalogue = true

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

  static func firstAction(_ context: CommandContext) -> Result<SquadFeature.Action, UsageError> {
    let confirmed = context.arguments.has(.yes)
    return OptionValues.heroRefs(context.arguments).flatMap { refs in
      guard confirmed || context.console.terminal.canAsk else {
        return .failure(
          UsageError(
            "Firing needs confirmation, and there is no terminal to ask on. Add --yes to fire without asking.",
            command: "fire"))
      }
      return .success(.fireRequested(refs, askFirst: !confirmed))
    }
  }
}

enum ListCommand: SquadFeatureCommand {

  static let spec = CommandSpec(
    name: "list",
    abstract: "List the squad in recruitment order.",
    examples: ["squad list", "squad list --json", "squad list | cut -f1"],
    takesOutputFormat: true)

  static func firstAction(_ context: CommandContext) -> Result<SquadFeature.Action, UsageError> {
    .success(.listRequested)
  }
}

/// Recruit, fire and list: the squad feature, reported the same way.
protocol SquadFeatureCommand: FeatureCommand where Machine == SquadFeature, Runner == SquadEffects {}

extension SquadFeatureCommand {
  static var initialState: SquadFeature.State { SquadFeature.State() }

  static func runner(_ parts: LiveParts) -> SquadEffects { SquadEffects(environment: parts.environment) }

  static func report(_ state: SquadFeature.State, _ context: CommandContext) -> CommandOutcome? {
    switch state.phase {
    case .done(let squad, let change):
      SquadChangeReport.report(change, context: context)
      if self == ListCommand.self {
        if !context.environment.squadFile.exists {
          let name = context.squadName
          context.notice(
            "There is no squad named '\(name)' yet. Recruiting creates it: squad --squad \(name) recruit <hero>")
        } else if squad.members.isEmpty {
          context.notice("Your squad is empty. Recruit someone: squad recruit <hero>")
        }
        context.console.out(SquadOutput.render(squad, settings: context.output))
      }
      return .success
    case .cancelled:
      context.notice("Nothing fired; the squad is unchanged.")
      return .success
    case .failed(.lookup(let failure)):
      return LookupReport.fail(failure, context: context)
    case .failed(let failure):
      return .failed(failure)
    default:
      return nil
    }
  }
}

/// Prints what a change did to the squad.
enum SquadChangeReport {
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

extension SquadFeature.State: StatusReporting, SourceReporting {
  public var dataSource: DataSource? { source }

  public var statusLine: String? {
    switch phase {
    case .resolving: return "Looking up heroes…"
    case .loading: return "Loading squad…"
    case .updating: return "Saving squad…"
    default: return nil
    }
  }
}
