enum PickCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "pick",
    abstract: "Pick heroes from a list you filter as you type.",
    discussion: """
      A full-screen list of every hero in the local catalogue (run 'squad sync' for all of
      Marvel's). Type to filter (hyphen, dot and space alike: 'spider man' finds Spider-Man);
      ↑/↓, PgUp/PgDn, Home/End or Ctrl-P/Ctrl-N move; Space marks the hero under the cursor to
      recruit (+) or, for a member (*), to fire (−), except right after a typed character, where
      it is a space in the filter (after a name, a second Space, or a move and Space, marks);
      Enter saves every mark in one change; Esc or q leaves (asking first when marks would be
      lost); Ctrl-C leaves at once, changing nothing; Ctrl-Z suspends ('fg' comes back); ? shows
      the keys. Marks follow changes other processes make to the squad meanwhile. Needs a
      terminal: in scripts use recruit and fire, or pipe 'squad heroes --all' into a filter such
      as fzf.
      """,
    arguments: [
      ArgumentSpec(
        name: "filter", help: "Start with this filter typed (at most 100 characters, as when typing).", isOptional: true
      )
    ],
    options: [
      OptionSpec(
        .color, value: "when", choices: ["auto", "always", "never"],
        help: "Colour the list: auto, always or never. (default: auto)")
    ],
    examples: ["squad pick", "squad pick spider"], usesSquad: true)

  static let alternatives =
    "In scripts use 'squad recruit' and 'squad fire', or pick with 'squad heroes --all | fzf'."

  @MainActor static func run(_ context: CommandContext) async -> Int32 {
    let terminalInfo = context.console.terminal
    func usage(_ text: String) -> Int32 { UsageError(text, command: "pick").report(to: context.console) }
    // The list is drawn on the process's own stdin and stdout, so those must be the terminal,
    // whatever the console (a test's, the fuzzer's) says.
    guard terminalInfo.stdinIsTTY, terminalInfo.stdoutIsTTY, RawTerminal.isAvailable else {
      return usage("squad pick needs a terminal (stdin and stdout). " + alternatives)
    }
    // A dumb terminal cannot move the cursor, so a full-screen list would be a trail of lines.
    guard context.variables["TERM"] != "dumb" else {
      return usage("squad pick needs a terminal that can move the cursor (TERM is dumb). " + alternatives)
    }
    let filter = TextSanitizer.clean(context.arguments.positionals.first ?? "")
    // One rule for the filter however it comes: typed text stops growing at the cap, so a longer
    // argument would be cut silently; it is refused instead.
    guard filter.count <= PickFeature.maximumFilterLength else {
      return usage(
        "The filter is \(filter.count) characters; pick filters by at most \(PickFeature.maximumFilterLength).")
    }
    let colour = OutputSettings.resolve(
      formatFlag: OutputFormat.table.rawValue, json: false, colorFlag: context.arguments.value(.color),
      noHeaders: false, terminal: terminalInfo, environment: context.variables
    ).color
    let size = RawTerminal.size() ?? TerminalSize(width: terminalInfo.width, height: 24)
    // Before the terminal is taken, so an upgrade's notice or a damage warning can be read; a
    // catalogue that cannot be read at all is an error, never the bundled set alone.
    context.parts.catalogue.upgrade()
    let heroes: CatalogueIndex
    do throws(PersistenceError) { heroes = try context.parts.catalogue.read().verified.index } catch {
      return context.fail(error.description, .failure)
    }
    guard let terminal = RawTerminal.take() else {
      return context.fail("The terminal's settings could not be changed, so the list cannot be shown.", .failure)
    }
    let screen = TerminalScreen(resizeDescriptor: terminal.resizeDescriptor)
    let runner = PickEffects(
      heroes: heroes, squadFile: context.environment.squadFile, terminal: screen, now: context.environment.now)
    // Trace lines on the terminal the list is drawn on would scramble it; redirected, they flow.
    let tracing = context.isTracing && !terminalInfo.stderrIsTTY
    let store = Store<PickFeature, PickEffects>(
      initialState: PickFeature.State(
        size: size, colour: colour, filter: filter,
        squadName: context.squadName.isDefault ? nil : context.squadName.value), runner: runner
    ) { action, state in
      if tracing { context.console.err(ActionTrace.line(action: action, state: state)) }
    }
    await store.run(.started)
    terminal.restore()
    return context.finish(report(store.state.mode, context: context))
  }

  private static func report(_ mode: PickFeature.Mode, context: CommandContext) -> CommandOutcome {
    switch mode {
    case .finished(.saved(let result)):
      SquadChangeReport.report(result.change, context: context)
      return .success
    case .finished(.unchanged): return .notice("Nothing picked; the squad is unchanged.")
    case .finished(.interrupted): return .exit(.interrupted)
    case .finished(.failed(.terminalClosed)): return .error("The terminal closed; nothing was saved.", .failure)
    case .finished(.failed(.squad(let error))): return .failed(error)
    default: return .error("The picker stopped unexpectedly.", .failure)
    }
  }
}
