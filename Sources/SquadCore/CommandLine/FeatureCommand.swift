/// A command that runs one feature: it says how its command line becomes the first action and
/// what the final state prints; ``run(_:)`` is the rest, written once for every command.
protocol FeatureCommand: Command {
  associatedtype Machine: Feature
  associatedtype Runner: EffectRunner where Runner.Effect == Machine.Effect, Runner.Action == Machine.Action
  static var initialState: Machine.State { get }
  /// Fails when a part the runner needs is missing (sync without keys).
  static func runner(_ parts: LiveParts) throws(SourceError) -> Runner
  static func firstAction(_ context: CommandContext) throws(UsageError) -> Machine.Action
  /// What an intermediate state shows on the status line ("Loading squad…"); nil for none.
  static func status(_ state: Machine.State) -> String?
  static func report(_ state: Machine.State, _ context: CommandContext) -> CommandOutcome
  /// Whether the command changes data it picks from the catalogue, and so first takes in what an
  /// earlier release left (``CatalogueStore/upgrade()``); a read never migrates.
  static var upgradesCatalogue: Bool { get }
}

extension FeatureCommand {
  static var execution: CommandExecution { .inContext(run) }
  static var upgradesCatalogue: Bool { false }
  static func status(_ state: Machine.State) -> String? { nil }

  @MainActor static func run(_ context: CommandContext) async -> Int32 {
    let action: Machine.Action
    do throws(UsageError) {
      action = try firstAction(context)
    } catch {
      return error.report(to: context.console)
    }
    let runner: Runner
    do throws(SourceError) {
      runner = try Self.runner(context.parts)
    } catch {
      return context.finish(.failed(error))
    }
    if upgradesCatalogue { context.parts.catalogue.upgrade() }
    // A dumb terminal cannot erase a line, so it gets no status line rather than a trail of them.
    let canRewrite = context.console.terminal.stderrIsTTY && context.variables["TERM"] != "dumb"
    let statusLine = canRewrite && !context.isQuiet && !context.isTracing ? StatusLine(console: context.console) : nil
    let store = Store<Machine, Runner>(initialState: initialState, runner: runner) { action, state in
      if context.isTracing { context.console.err(ActionTrace.line(action: action, state: state)) }
      statusLine?.show(status(state))
    }
    await store.run(action)
    statusLine?.show(nil)
    return context.finish(report(store.state, context))
  }
}

/// How a command's run ends once its feature has.
enum CommandOutcome: Sendable {
  /// Done, with this exit code: the command printed what it had to.
  case exit(ExitCode)
  /// `Error: …` (with the usage line for a usage failure), and the failure's exit code.
  case failed(any CommandFailure)
  /// This message and exit code, then these lines on stderr (candidates, what to do).
  case error(String, ExitCode, then: [String] = [])
  /// Done, exit 0, after this notice (stderr, silenced by `-q`).
  case notice(String)
  static let success = CommandOutcome.exit(.success)
  static let unfinished = CommandOutcome.error("The command stopped unexpectedly.", .failure)

  static func lookupFailed(_ failure: LookupFailure) -> CommandOutcome {
    .error(failure.description, failure.exitCode, then: failure.lines)
  }
}
