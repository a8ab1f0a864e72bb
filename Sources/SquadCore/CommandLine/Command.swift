/// One `squad` command or sub-command: its spec, its sub-commands and how it runs. Parsing,
/// dispatch, help and completion all read the one tree ``CommandRegistry`` hangs them in.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Its sub-commands, each a command of its own (`catalogue import`); none by default.
  static var subcommands: [any Command.Type] { get }
  static var execution: CommandExecution { get }
}

extension Command {
  static var subcommands: [any Command.Type] { [] }
}

enum CommandExecution {
  /// From the command line alone: help and completion scripts, which must work even when the
  /// configuration or the files are broken.
  case standalone(@MainActor (ParsedArguments, Console) -> Int32)
  /// With the files, the configuration and the live parts set up (``CommandContext``).
  case inContext(@MainActor (CommandContext) async -> Int32)
}
