/// Every command squad knows, and the options every command accepts.
public enum CommandRegistry {
  /// Options accepted before or after any command.
  public static let globalOptions: [OptionSpec] = [
    OptionSpec(
      .squad, value: "name", completion: .squads,
      help:
        "Which squad: one 'squad squads' lists (or set SQUAD_NAME); 'squads create' makes one. (default: the default squad)"
    ),
    OptionSpec(
      .home, value: "dir", completion: .directories, help: "Keep every file under this folder (or set SQUAD_HOME)."),
    OptionSpec(.baseURL, value: "url", help: "The Marvel API base URL (or set MARVEL_API_BASE)."),
    OptionSpec(.offline, help: "Answer from the local catalogue; never touch the network."),
    OptionSpec(
      .timeout, value: "seconds", help: "Give up on the network after this long, retries included. (default: 10)"),
    OptionSpec(
      .format, value: "format", choices: OutputFormat.allCases.map(\.rawValue),
      help: "Output format for heroes, show and list. (default: table on a terminal, tsv otherwise)"),
    OptionSpec(.json, help: "Same as --format json."),
    OptionSpec(.noHeaders, help: "Leave out the header row of tables and CSV."),
    OptionSpec(
      .color, value: "when", choices: ["auto", "always", "never"],
      help: "Colour the table format (never json, jsonl, csv or tsv): auto, always or never. (default: auto)"),
    OptionSpec(.noPager, help: "Print long output straight to the terminal; never start a pager."),
    OptionSpec(.trace, help: "Write every action and the state it produced to stderr, as JSON lines."),
    OptionSpec(.quiet, short: "-q", help: "Print only the result and errors."),
    OptionSpec(.help, short: "-h", help: "Show help information."),
    OptionSpec(.version, help: "Show the version."),
  ]

  static let outputFormatOptions: Set<OptionKey> = [.format, .json, .noHeaders, .color]

  // Each top-level command by its word (its spec's name, which a test holds them to), so that a
  // start finds its command without building every spec before it.
  static let byName: [(name: String, command: any Command.Type)] = [
    ("heroes", HeroesCommand.self), ("show", ShowCommand.self), ("recruit", RecruitCommand.self),
    ("fire", FireCommand.self), ("pick", PickCommand.self), ("list", ListCommand.self),
    ("export", ExportCommand.self), ("import", ImportCommand.self), ("squads", SquadsCommand.self),
    ("history", HistoryCommand.self), ("undo", UndoCommand.self), ("redo", RedoCommand.self),
    ("sync", SyncCommand.self), ("catalogue", CatalogueCommand.self), ("completion", CompletionCommand.self),
    ("help", HelpCommand.self), ("__complete", CompleteCommand.self),
  ]

  typealias Placed = (spec: CommandSpec, command: any Command.Type)
  private static let entries = byName.flatMap { place($0.command, under: []) }

  private static func place(_ command: any Command.Type, under parents: [String]) -> [Placed] {
    var spec = command.spec
    spec.parents = parents
    let children = command.subcommands.flatMap { place($0, under: spec.path) }
    spec.subcommands = children.filter { $0.spec.parents == spec.path }.map(\.spec)
    return [(spec, command)] + children
  }

  /// The top-level commands' specs, in the order help lists them, each with its sub-commands.
  public static let commands: [CommandSpec] = entries.map(\.spec).filter { $0.parents.isEmpty }
  /// Every command and sub-command, parents before their sub-commands.
  public static let allCommands: [CommandSpec] = entries.map(\.spec)
  static var visibleCommands: [CommandSpec] { commands.filter { !$0.isHidden } }
  static func command(named fullName: String) -> CommandSpec? { located(fullName)?.spec }

  /// Only the command's family's specs are built, not every command's options and help.
  static func located(_ fullName: String) -> Placed? {
    let path = fullName.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard let first = path.first, let top = byName.first(where: { $0.name == first }) else { return nil }
    return place(top.command, under: []).first { $0.spec.path == path }
  }
}
