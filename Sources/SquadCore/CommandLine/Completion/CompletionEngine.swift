/// What shell completion offers for the word being completed, read from the registry, so it
/// always matches the binary; the scripts only pass the line to `squad __complete`.
enum CompletionEngine {
  /// How the shell inserts the candidates.
  enum Kind: String, Sendable {
    /// Words as they are (commands, options, values); each may carry a description.
    case words
    /// Hero and squad names: escaped as the shell inserts file names (they hold spaces).
    case names
    /// Items of a comma-separated list (`--fields id,name`), with no space after.
    case list
    /// File or folder names, which the shell completes itself.
    case files, directories
  }

  /// Candidates are `word`, or `word<TAB>description`.
  struct Reply: Equatable, Sendable {
    var kind: Kind
    var candidates: [String] = []
  }

  /// `current` is the word being completed after `words` (the line after `squad`); `lookup` lists
  /// the heroes or squads whose names start with a prefix.
  static func reply(_ words: [String], current: String, lookup: (ValueCompletion, String) -> [String]) -> Reply {
    var words = joiningEquals(words)
    var current = current
    if current == "=", words.last?.hasPrefix("--") == true { current = "" }
    if words.last == "=" { words.removeLast() }
    guard let line = try? CommandLineParser.parse(words, validating: false) else { return Reply(kind: .words) }
    let spec = line.command.flatMap(CommandRegistry.command(named:))
    let options = spec?.acceptedOptions ?? CommandRegistry.globalOptions
    let afterOptions = words.contains("--")
    if !afterOptions, let last = words.last, !last.contains("="),
      let option = options.first(where: { $0.isNamed(last) }), !option.isFlag
    {
      return values(option.valueCompletion, prefix: current, described: option, lookup)
    }
    if !afterOptions, current.hasPrefix("--"), let equals = current.firstIndex(of: "="),
      let option = options.first(where: { $0.name == current[..<equals] }), !option.isFlag
    {
      var reply = values(
        option.valueCompletion, prefix: String(current[current.index(after: equals)...]), described: option, lookup)
      if reply.kind != .files, reply.kind != .directories {
        reply.candidates = reply.candidates.map { current[...equals] + $0 }
      }
      return reply
    }
    if !afterOptions, current.hasPrefix("-") {
      let offered = spec?.documentedOptions ?? CommandRegistry.globalOptions
      return Reply(
        kind: .words, candidates: offered.map { described($0.name, $0.help) }.filter { $0.hasPrefix(current) })
    }
    guard let spec else { return commands(CommandRegistry.visibleCommands, prefix: current) }
    let position = line.positionals.count
    if !spec.subcommands.isEmpty, position == 0 { return commands(spec.subcommands, prefix: current) }
    let argument =
      position < spec.arguments.count
      ? spec.arguments[position] : spec.arguments.last.flatMap { $0.isRepeating ? $0 : nil }
    guard let argument else { return Reply(kind: .words) }
    if argument.completion == .subcommands {
      let parent = line.positionals.first.flatMap(CommandRegistry.command(named:))
      return commands(parent?.subcommands ?? [], prefix: current)
    }
    return values(argument.completion, prefix: current, described: nil, lookup)
  }

  private static func values(
    _ completion: ValueCompletion, prefix: String, described option: OptionSpec?,
    _ lookup: (ValueCompletion, String) -> [String]
  ) -> Reply {
    let words: [String]
    switch completion {
    case .none, .subcommands: words = []
    case .choices(let choices): words = choices
    case .helpTopics: words = CommandRegistry.visibleCommands.map(\.name) + HelpTopic.allCases.map(\.rawValue)
    case .commaSeparated(let items):
      let head = prefix.lastIndex(of: ",").map { String(prefix[...$0]) } ?? ""
      let typed = prefix.dropFirst(head.count).lowercased()
      // Fields are matched ignoring case, a field listed twice and an empty one are refused: no
      // completed value is a usage error.
      let given = head.split(separator: ",", omittingEmptySubsequences: false).dropLast().map { $0.lowercased() }
      guard !given.contains("") else { return Reply(kind: .list) }
      let listed = Set(given)
      return Reply(
        kind: .list,
        candidates: items.filter { !listed.contains($0.lowercased()) && $0.lowercased().hasPrefix(typed) }
          .map { head + $0 })
    case .files: return Reply(kind: .files)
    case .directories: return Reply(kind: .directories)
    case .heroes, .members, .squads, .namedSquads: return Reply(kind: .names, candidates: lookup(completion, prefix))
    }
    return Reply(
      kind: .words, candidates: words.filter { $0.hasPrefix(prefix) }.map { described($0, option?.help ?? "") })
  }

  private static func commands(_ specs: [CommandSpec], prefix: String) -> Reply {
    Reply(kind: .words, candidates: specs.filter { $0.name.hasPrefix(prefix) }.map { described($0.name, $0.abstract) })
  }

  private static func described(_ word: String, _ help: String) -> String {
    guard let line = help.split(separator: "\n").first else { return word }
    return word + "\t" + line
  }

  /// The words with bash's `--opt`, `=`, `value` joined back into `--opt=value`.
  static func joiningEquals(_ words: [String]) -> [String] {
    var joined: [String] = []
    var rest = words[...]
    while let word = rest.popFirst() {
      if word == "=", let value = rest.first, let option = joined.last, option.hasPrefix("--") {
        joined[joined.count - 1] = option + "=" + value
        rest.removeFirst()
      } else {
        joined.append(word)
      }
    }
    return joined
  }
}
