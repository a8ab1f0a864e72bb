/// The whole command-line program: arguments in, exit code out. `main.swift` only wires the
/// process to it, so everything here is testable in process.
public enum SquadCLI {
  /// Runs one command line (without the program name) and returns the exit code; `transport`
  /// carries every API request (nil: the real network).
  @MainActor public static func run(
    arguments: [String], variables: [String: String], console: Console, transport: (any HTTPTransport)? = nil
  ) async -> Int32 {
    // Hidden from the first message on; the config file's keys are added when it is read.
    SecretText.register([variables["MARVEL_PUBLIC_KEY"], variables["MARVEL_PRIVATE_KEY"]])
    var parsed: ParsedArguments
    do throws(UsageError) {
      parsed = try CommandLineParser.parse(arguments)
    } catch {
      let wantsHelp = arguments.prefix { $0 != "--" }.contains { $0 == OptionKey.help.name || $0 == "-h" }
      // A line that names no command at all (`squad --bogus --help`) gets squad's help too.
      let namesNoCommand = { (try? CommandLineParser.locate(arguments)).map { $0.0 == nil } ?? false }
      guard wantsHelp, error.command != nil || namesNoCommand() else { return error.report(to: console) }
      return help(error.command, console)
    }
    // Long output pages on a terminal; pick draws its own screen and never pages.
    if !parsed.has(.noPager), parsed.command != PickCommand.spec.name,
      let pager = Pager.resolve(variables: variables, terminal: console.terminal)
    {
      console.page(through: pager)
    }
    if parsed.has(.help) { return help(parsed.command, console) }
    if parsed.has(.version) {
      console.out(SquadVersion.line + "\n")
      return ExitCode.success.rawValue
    }
    guard let name = parsed.command, let located = CommandRegistry.located(name) else {
      // The parser refuses unknown commands, so this is `squad` alone.
      return help(nil, console)
    }
    let run: @MainActor (CommandContext) async -> Int32
    switch located.command.execution {
    case .standalone(let standalone): return standalone(parsed, console)
    case .inContext(let inContext): run = inContext
    }

    if name == CompleteCommand.spec.name { parsed = CompleteCommand.scoped(parsed) }
    if let problem = SquadPaths.missingHome(home: parsed.value(.home), environment: variables) {
      return UsageError(problem, command: name).report(to: console)
    }
    // `--squad`, else `SQUAD_NAME` (when not empty), else the default squad; a name that breaks
    // the rules is a usage error and never becomes a path.
    let given = parsed.value(.squad) ?? variables["SQUAD_NAME"].flatMap { $0.isEmpty ? nil : $0 }
    let selected: SquadName
    switch given.map(SquadName.parse) ?? .success(.default) {
    case .success(let value): selected = value
    // A command that names no squad ignores SQUAD_NAME whatever it holds, as SQUADS.md says.
    case .failure where parsed.value(.squad) == nil && !located.spec.usesSquad: selected = .default
    case .failure(let error): return UsageError(error.description, command: name).report(to: console)
    }
    // A bad SQUAD_LOCK_TIMEOUT is refused by the first lock taken, so a look-up never minds it.
    let lockSeconds = FileLock.Waiting.seconds(from: variables["SQUAD_LOCK_TIMEOUT"])
    // Each wait says so once on stderr; on a terminal the line takes the place of a status line.
    let onTerminal = console.terminal.stderrIsTTY
    let notice: (@Sendable (String) -> Void)? =
      parsed.has(.quiet)
      ? nil : { @Sendable [console] in console.errRaw((onTerminal ? "\r\u{1B}[2K" : "") + $0 + "\n") }
    FileLock.waiting.withLock { $0 = FileLock.Waiting(seconds: lockSeconds, notice: notice) }
    let paths = SquadPaths.resolve(home: parsed.value(.home), environment: variables)
    // Completion runs at every TAB: it never reads the API, so a broken config must not break it.
    let silent = name == CompleteCommand.spec.name
    let configuration: MarvelConfiguration
    switch MarvelConfiguration.resolve(
      baseURLFlag: parsed.value(.baseURL), timeoutFlag: parsed.value(.timeout), offlineFlag: parsed.has(.offline),
      environment: variables, configFile: paths.configFile)
    {
    case .success(let value): configuration = value
    case .failure where silent: configuration = MarvelConfiguration(keys: .none, configFile: paths.configFile)
    case .failure(let error) where error.exitCode == .usage:
      return UsageError(error.description, command: name).report(to: console)
    case .failure(let error):
      console.err("Error: " + TextSanitizer.clean(error.description))
      return error.exitCode.rawValue
    }
    if !silent, !parsed.has(.quiet) {
      for warning in configuration.warnings { console.err("Warning: " + TextSanitizer.clean(warning)) }
    }
    let parts = LiveParts.live(
      paths: paths, squad: selected, configuration: configuration, console: console,
      quiet: parsed.has(.quiet), silent: silent, transport: transport)
    // A named squad exists before it is used: a mistyped name changes and creates nothing.
    if located.spec.usesSquad,
      let refusal = parts.squads.refusal(for: selected, fromVariable: parsed.value(.squad) == nil)
    {
      console.err("Error: " + refusal.description)
      return refusal.exitCode.rawValue
    }
    let output = OutputSettings.resolve(
      formatFlag: parsed.value(.format), json: parsed.has(.json), colorFlag: parsed.value(.color),
      noHeaders: parsed.has(.noHeaders), terminal: console.terminal, environment: variables)
    return await run(CommandContext(arguments: parsed, output: output, variables: variables, parts: parts))
  }

  private static func help(_ command: String?, _ console: Console) -> Int32 {
    console.out(
      HelpPrinter.help(for: command.flatMap(CommandRegistry.command(named:)), width: console.terminal.helpWidth))
    return ExitCode.success.rawValue
  }
}
