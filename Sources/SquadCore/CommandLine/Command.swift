/// One `squad` subcommand: its spec (what the parser accepts, what help prints, what completion
/// offers) and how it runs. ``CommandRegistry/all`` lists every command once; parsing, dispatch,
/// help and completion all read that list, so a command cannot be half-registered.
protocol Command: Sendable {
  /// The command's name, arguments, options and help.
  static var spec: CommandSpec { get }
  /// How the command runs once its command line has parsed.
  static var execution: CommandExecution { get }
}

/// How a command runs.
enum CommandExecution {
  /// From the command line alone: help and completion scripts, which must work even when the
  /// configuration or the files are broken.
  case standalone(@MainActor (ParsedArguments, Console) -> Int32)
  /// With the files, the configuration and the data sources set up (``CommandContext``).
  case inContext(@MainActor (CommandContext) async -> Int32)
}
