/// `squad show <hero>`: everything about one hero.
enum ShowCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "show",
    abstract: "Show one hero: description, picture, counts, links and latest comics.",
    discussion: "The hero is an id or a name: an exact name wins, then a unique prefix.",
    arguments: [
      ArgumentSpec("hero", help: "A Marvel character id, or a name or unique name prefix.", completion: .heroes)
    ],
    examples: ["squad show 1009610", "squad show hulk", "squad show 'spider-man (peter' --json"],
    takesOutputFormat: true)

  @MainActor
  static func run(_ context: CommandContext) async -> Int32 {
    let refs: [HeroRef]
    switch OptionValues.heroRefs(context.arguments) {
    case .success(let value): refs = value
    case .failure(let error): return UsagePrinter.report(error, to: context.console)
    }
    guard let ref = refs.first else {
      return UsagePrinter.report(
        UsageError("Missing expected argument '<hero>'.", command: "show"), to: context.console)
    }
    let state = await context.execute(
      HeroDetailFeature.self, from: .idle, runner: HeroDetailEffects(environment: context.environment),
      action: .showRequested(ref))
    switch state {
    case .loaded(let detail):
      context.noticeSource(detail.source)
      context.console.out(HeroDetailOutput.render(detail, settings: context.output))
      return ExitCode.success.rawValue
    case .failed(let failure):
      return LookupReport.fail(failure, context: context)
    default:
      return context.fail("The lookup stopped unexpectedly.", .failure)
    }
  }
}

extension HeroDetailFeature.State: StatusReporting {
  public var statusLine: String? {
    switch self {
    case .resolving(let ref): return "Looking up \(ref)…"
    case .loadingComics(let hero, _): return "Fetching comics of \(hero.name)…"
    default: return nil
    }
  }
}

/// Prints a failed lookup: the message, then the candidates, one per line.
enum LookupReport {
  @MainActor
  static func fail(_ failure: LookupFailure, context: CommandContext) -> Int32 {
    let code = context.fail(failure.description, failure.exitCode)
    for hero in failure.candidates {
      context.console.err("  \(hero.id)\t\(TextSanitizer.clean(hero.name))")
    }
    return code
  }
}
