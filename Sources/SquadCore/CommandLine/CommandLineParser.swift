/// Parses `squad` command lines: a command (and sub-command), positional arguments, its own
/// options and the global ones, before or after it; `--` ends the options.
enum CommandLineParser {
  /// The first mistake in the arguments (without the program name) is thrown; not `validating`
  /// (a line being completed), only an unknown command is a mistake.
  static func parse(_ arguments: [String], validating: Bool = true) throws(UsageError) -> ParsedArguments {
    let (spec, commandWords) = try locate(arguments)
    var parsed = ParsedArguments(command: spec?.fullName)
    let options = spec?.acceptedOptions ?? CommandRegistry.globalOptions
    var tokens = arguments.enumerated().makeIterator()
    var onlyPositionals = false
    while let (index, token) = tokens.next() {
      if commandWords.contains(index) { continue }
      if onlyPositionals || token == "-" || !token.hasPrefix("-") {
        parsed.positionals.append(token)
        continue
      }
      if token == "--" {
        onlyPositionals = true
        continue
      }
      var name = token
      var inlineValue: String?
      if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
        name = String(token[..<equals])
        inlineValue = String(token[token.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.isNamed(name) }) else {
        if validating { throw unknownOption(name, for: spec) }
        continue
      }
      if option.isFlag {
        if inlineValue != nil, validating {
          throw UsageError("Option '\(option.name)' does not take a value.", command: parsed.command)
        }
        parsed.record(flag: option.name)
        continue
      }
      guard let value = inlineValue ?? tokens.next()?.element else {
        guard validating else { break }
        throw UsageError("Missing value for '\(option.label)'.", command: parsed.command)
      }
      // An empty value is never meant: `--home ""` would silently mean the current folder.
      if value.isEmpty, validating {
        throw UsageError("Option '\(option.name)' needs a value, not an empty string.", command: parsed.command)
      }
      parsed.record(value, for: option.name)
    }
    guard validating else { return parsed }
    // Like every value, a choice is checked only once the last one given has won, as for
    // `--limit 0 --limit 2`: `--format bogus --format csv` is csv.
    for (name, value) in parsed.values.sorted(by: { $0.key < $1.key }) {
      guard let option = options.first(where: { $0.name == name }), !option.choices.isEmpty else { continue }
      // Any case, as --fields takes names: `--order -Comics` is `-comics`.
      if let choice = option.choices.first(where: { $0.lowercased() == value.lowercased() }) {
        parsed.values[name] = choice
      } else {
        let expected = option.choices.map { "'\($0)'" }.joinedDirectly(separator: ", ")
        // A Markdown page of the squad is export's job: name the exact command that writes one.
        let squad = parsed.value(.squad).map { "--squad \(TextSanitizer.clean($0)) " } ?? ""
        let page = ["markdown", "md"].contains(value.lowercased()) && parsed.command == "list"
        throw UsageError(
          "The value '\(value)' is invalid for '\(option.name)'. Expected one of: \(expected)."
            + (page
              ? " For a Markdown page of the squad, run 'squad \(squad)export --format markdown'."
              : didYouMean(nearestChoice(to: value, in: option.choices))),
          command: parsed.command)
      }
    }
    if !parsed.has(.help), let spec { try checkPositionals(parsed.positionals, against: spec) }
    return parsed
  }

  /// The command the line names and the places of its words: the first word that is neither an
  /// option nor an option's value (or the word right after a leading `--`), then each following
  /// word that names a sub-command of the command so far.
  static func locate(_ arguments: [String]) throws(UsageError) -> (CommandSpec?, Set<Int>) {
    var spec: CommandSpec?
    var family = CommandRegistry.globalOptions
    var words = Set<Int>()
    var index = 0
    var unknownBefore: String?
    while index < arguments.count {
      var token = arguments[index]
      let afterDoubleDash = token == "--"
      if afterDoubleDash {
        guard spec == nil, index + 1 < arguments.count else { break }
        index += 1
        token = arguments[index]
      } else if token.hasPrefix("-"), token != "-" {
        let option = family.first { $0.isNamed(token) }
        unknownBefore = option == nil && !token.contains("=") ? token : nil
        // An option's value is never a command: `--home heroes list` lists.
        if !token.contains("="), option?.isFlag == false { index += 1 }
        index += 1
        continue
      }
      if let current = spec {
        guard let sub = current.subcommands.first(where: { $0.name == token }) else { break }
        spec = sub
      } else {
        guard let command = CommandRegistry.located(token)?.spec, command.path == [token] else {
          // `--colour never list`: the mistake is the option, whose value was taken for a command.
          if let unknownBefore, !afterDoubleDash { throw unknownOption(unknownBefore, for: nil) }
          // `squad version`, `squad versoin`: a global option's name typed without its dashes;
          // never one that takes a value (`squad squad list` means `squads`, not `--squad list`).
          let options = CommandRegistry.globalOptions.map { String($0.name.dropFirst(2)) }
          let flag = CommandRegistry.globalOptions.first { $0.isFlag && $0.name == "--" + token.lowercased() }
          let suggestion =
            flag?.name ?? commandMeant(by: token)
            ?? EditDistance.closest(to: token.lowercased(), in: options).map { "--" + $0 }
          throw UsageError("Unknown command '\(token)'." + didYouMean(suggestion), command: nil)
        }
        spec = command
        family += ([command] + command.subcommands).flatMap(\.options)
      }
      words.insert(index)
      index += 1
      if afterDoubleDash { break }
    }
    return (spec, words)
  }

  /// The command a word squad does not know most likely means: the one other tools call so
  /// (`add`: recruit), else the command whose sub-command it is (`compare`: squads compare), else
  /// the nearest command that only reads, else a command that changes data one slip away
  /// (`recuit`), never one further (`info` is not `undo`).
  static func commandMeant(by word: String) -> String? {
    let known = [
      "add": "recruit", "hire": "recruit", "remove": "fire", "rm": "fire", "kick": "fire", "search": "heroes --search",
      "find": "heroes --search", "info": "show", "get": "show", "ls": "list", "del": "fire", "team": "squads",
      "teams": "squads", "stats": "squads", "totals": "squads", "rank": "show", "man": "help --man",
    ]
    if let meant = known[word.lowercased()] { return meant }
    // A sub-command typed alone (`squad compare a b`) means the command it belongs to.
    let typed = word.lowercased()
    if let parent = CommandRegistry.visibleCommands.first(where: { $0.subcommands.contains { $0.name == typed } }) {
      return parent.name + " " + typed
    }
    let names = CommandRegistry.visibleCommands.map(\.name)
    // The start of one command (`hist`) means it, before any command a slip away (`list`).
    let started = names.filter { $0.hasPrefix(typed) }
    if !typed.isEmpty, started.count == 1, let only = started.first { return only }
    let writes: Set = ["recruit", "fire", "pick", "import", "undo", "redo", "sync"]
    return EditDistance.closest(to: word, in: names.filter { !writes.contains($0) })
      ?? names.first { writes.contains($0) && EditDistance.between(word, $0, atMost: 1) != nil }
  }

  /// Where the option belongs when another command takes it, else the nearest one this one takes.
  private static func unknownOption(_ name: String, for spec: CommandSpec?) -> UsageError {
    let owners = CommandRegistry.allCommands.filter { $0.options.contains { $0.isNamed(name) } }
    guard owners.isEmpty else {
      let place = spec.map { " for '\($0.fullName)'" } ?? ""
      let list = NameList.join(owners.map { "'\($0.fullName)'" })
      return UsageError("Unknown option '\(name)'\(place). It belongs to \(list).", command: spec?.fullName)
    }
    let suggestion = EditDistance.closest(
      to: name, in: (spec?.acceptedOptions ?? CommandRegistry.globalOptions).map(\.name))
    return UsageError("Unknown option '\(name)'." + didYouMean(suggestion), command: spec?.fullName)
  }

  private static func checkPositionals(_ positionals: [String], against spec: CommandSpec) throws(UsageError) {
    let required = spec.arguments.filter { !$0.isOptional }
    if positionals.count < required.count {
      let missing = required[positionals.count]
      throw UsageError("Missing expected argument '\(missing.usage)'.", command: spec.fullName)
    }
    let repeats = spec.arguments.last?.isRepeating ?? false
    guard !repeats, positionals.count > spec.arguments.count else { return }
    let extra = positionals[spec.arguments.count]
    guard spec.arguments.isEmpty, !spec.subcommands.isEmpty else {
      throw UsageError("Unexpected argument '\(extra)'." + quotingHint(positionals, spec), command: spec.fullName)
    }
    let names = spec.subcommands.map(\.name)
    let expected = names.map { "'\($0)'" }.joinedDirectly(separator: ", ")
    throw UsageError(
      "Unknown sub-command '\(extra)' of '\(spec.fullName)'. Expected one of: \(expected)."
        + didYouMean(EditDistance.closest(to: extra, in: names)), command: spec.fullName)
  }

  /// `squad show spider man`: how to name the one hero a command takes when its name has spaces.
  private static func quotingHint(_ positionals: [String], _ spec: CommandSpec) -> String {
    guard let hero = spec.arguments.last, hero.completion == .heroes, !hero.isRepeating else { return "" }
    let name = TextSnippet.quote(positionals[(spec.arguments.count - 1)...].joined(separator: " "))
    guard !name.contains("'") else { return "" }
    return " A name with spaces is quoted: squad \(spec.fullName) '\(name)'."
  }

  /// The choice a mistyped value most likely meant: one it begins, else the nearest of the same
  /// direction (`-omics` and `−omics` are '-comics'), case aside; nil when none is near, or when it
  /// would read the same as the value the message shows (a hidden character made the difference).
  static func nearestChoice(to value: String, in choices: [String]) -> String? {
    let shown = String(
      String.UnicodeScalarView(
        TextSanitizer.clean(value).unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }))
    // A dash from a word processor or a rendered page (‐, –, —, −) is the `-` meant.
    let dashes: Set<Character> = ["\u{2010}", "\u{2013}", "\u{2014}", "\u{2212}"]
    let typed = String(shown.lowercased().map { dashes.contains($0) ? "-" : $0 })
    guard !typed.isEmpty else { return nil }
    let sameDirection = choices.filter { $0.hasPrefix("-") == typed.hasPrefix("-") }
    let nearest =
      choices.first { $0.hasPrefix(typed) } ?? EditDistance.closest(to: typed, in: sameDirection)
      ?? EditDistance.closest(to: typed, in: choices)
    return nearest == shown ? nil : nearest
  }

  private static func didYouMean(_ suggestion: String?) -> String { suggestion.map { " Did you mean '\($0)'?" } ?? "" }
}
