/// Every command squad knows, and the options every command accepts.
public enum CommandRegistry {
  /// Options accepted before or after any command.
  public static let globalOptions: [OptionSpec] = [
    OptionSpec(
      .squad, value: "name", completion: .squads,
      help: "Which squad: a name from 'squad squads' (or set SQUAD_NAME). (default: the default squad)"),
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

  /// The global options that only matter to commands printing listings.
  public static let outputFormatOptions: Set<OptionKey> = [.format, .json, .noHeaders, .color]

  /// Every command, once, in the order help lists them.
  static let all: [any Command.Type] = [
    HeroesCommand.self, ShowCommand.self, RecruitCommand.self, FireCommand.self, PickCommand.self, ListCommand.self,
    ExportCommand.self, ImportCommand.self, SquadsCommand.self, HistoryCommand.self, UndoCommand.self, RedoCommand.self,
    SyncCommand.self, CatalogueCommand.self, CompletionCommand.self, HelpCommand.self,
    CompleteCommand.self,
  ]

  /// The commands' specs, in the order help lists them.
  public static let commands: [CommandSpec] = all.map { $0.spec }

  /// The commands help lists and completion offers: all but the hidden plumbing.
  public static var visibleCommands: [CommandSpec] { commands.filter { !$0.isHidden } }

  /// The spec of the command with this name.
  public static func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

  /// The command with this name, to run it.
  static func runnable(named name: String) -> (any Command.Type)? { all.first { $0.spec.name == name } }

  /// The global option with this long or short name.
  public static func globalOption(named name: String) -> OptionSpec? {
    globalOptions.first { $0.name == name || $0.short == name }
  }
}
