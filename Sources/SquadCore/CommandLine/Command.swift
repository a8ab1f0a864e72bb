/// One `squad` command or sub-command: its spec, its sub-commands and how it runs. Parsing,
/// dispatch, help and completion all read the one tree ``CommandRegistry`` hangs them in.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
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
  case inContext(@MainActor (CommandContext) async -> Int32)
}
