/// What shell completion offers for a positional argument or an option's value.
enum ValueCompletion: Equatable, Sendable {
  case none
  case choices([String])
  case files, directories, squads
  /// A comma-separated list of these words (`--fields id,name`).
  case commaSeparated([String])
  /// Hero ids and names from the local catalogue and the squad.
  case heroes
  /// Hero ids and names, squad members first (for `fire`).
  case members
  /// Named squads, never `default` (for `squads rename` and `squads delete`, which refuse it).
  case namedSquads
  /// Command names and help topics (for `help`).
  case helpTopics
  /// The sub-commands of the command so far, or of the command `help` was given.
  case subcommands
}
