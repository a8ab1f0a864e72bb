/// What the completion scripts need to know about the command line, read from the registry so
/// the scripts always match the binary that printed them.
struct CompletionModel {
  /// The commands a user can complete (hidden plumbing left out).
  let commands = CommandRegistry.visibleCommands

  /// Every option, global or of any command, that takes a value: its value is never a command.
  var valueOptionNames: [String] {
    var names: [String] = []
    for option in CommandRegistry.globalOptions + commands.flatMap(\.options)
    where !option.isFlag && !names.contains(option.name) {
      names.append(option.name)
    }
    return names
  }

  /// The long option names offered for a command (those its help lists), its own first.
  func optionNames(of command: CommandSpec?) -> [String] {
    (command?.documentedOptions ?? CommandRegistry.globalOptions).map(\.name)
  }

  /// Value completions to try for `<command> <option>`: each command's own options first, then
  /// the global ones for any command (nil command name).
  var valueCompletions: [(command: String?, option: String, completion: ValueCompletion)] {
    let own = commands.flatMap { command in
      command.options.filter { !$0.isFlag }.map { (Optional(command.name), $0.name, $0.valueCompletion) }
    }
    let global = CommandRegistry.globalOptions.filter { !$0.isFlag }.map { (String?.none, $0.name, $0.valueCompletion) }
    return own + global
  }

  /// What a command's positional arguments complete to, and how many it takes (nil: any number).
  func positional(of command: CommandSpec) -> (completion: ValueCompletion, limit: Int?)? {
    guard let first = command.arguments.first, first.completion != .none else { return nil }
    return (first.completion, command.arguments.last?.isRepeating == true ? nil : command.arguments.count)
  }

  /// The words `squad help` completes to: commands, then topics.
  var helpWords: [String] { commands.map(\.name) + HelpTopic.allCases.map(\.rawValue) }

  /// The words a fixed completion offers; empty for the dynamic kinds.
  func words(_ completion: ValueCompletion) -> [String] {
    switch completion {
    case .choices(let words), .commaSeparated(let words): return words
    case .helpTopics: return helpWords
    case .squadActions: return SquadsCommand.actions
    case .none, .files, .directories, .heroes, .members, .squads: return []
    }
  }

  /// Text inside single quotes for any of the three shells.
  static func singleQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
