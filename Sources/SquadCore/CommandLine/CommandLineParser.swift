/// Parses `squad` command lines: a subcommand, positional arguments and options, where global
/// options may come before or after the command, `--opt=value` and `--opt value` both work, and
/// `--` ends the options.
public enum CommandLineParser {
  /// The parse of the arguments (without the program name), or the first mistake in them.
  public static func parse(_ arguments: [String]) -> Result<ParsedArguments, UsageError> {
    let commandName = findCommand(in: arguments)
    var parsed = ParsedArguments(command: commandName)
    let spec = commandName.flatMap(CommandRegistry.command(named:))
    if let commandName, spec == nil {
      let suggestion = EditDistance.closest(to: commandName, in: CommandRegistry.visibleCommands.map(\.name))
      return .failure(UsageError("Unknown command '\(commandName)'." + didYouMean(suggestion), command: nil))
    }
    let options = spec?.acceptedOptions ?? CommandRegistry.globalOptions
    var index = 0
    var seenCommand = false
    var onlyPositionals = false
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if onlyPositionals || token == "-" || !token.hasPrefix("-") {
        if !seenCommand, token == commandName {
          seenCommand = true
        } else {
          parsed.positionals.append(token)
        }
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
      guard let option = options.first(where: { $0.name == name || $0.short == name }) else {
        let suggestion = EditDistance.closest(to: name, in: options.map(\.name))
        return .failure(UsageError("Unknown option '\(name)'." + didYouMean(suggestion), command: commandName))
      }
      if option.isFlag {
        if inlineValue != nil {
          return .failure(UsageError("Option '\(option.name)' does not take a value.", command: commandName))
        }
        parsed.record(flag: option.name)
        continue
      }
      guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
        return .failure(UsageError("Missing value for '\(option.label)'.", command: commandName))
      }
      if inlineValue == nil { index += 1 }
      // An empty value is never meant: `--home ""` would silently mean the current folder.
      if value.isEmpty {
        return .failure(UsageError("Option '\(option.name)' needs a value, not an empty string.", command: commandName))
      }
      parsed.record(value, for: option.name)
    }
    // Like every value, a choice is checked only once the last one given has won, as for
    // `--limit 0 --limit 2`: `--format bogus --format csv` is csv.
    for (name, value) in parsed.values.sorted(by: { $0.key < $1.key }) {
      if let option = options.first(where: { $0.name == name }), !option.choices.isEmpty,
        !option.choices.contains(value)
      {
        let expected = option.choices.map { "'\($0)'" }.joined(separator: ", ")
        return .failure(
          UsageError(
            "The value '\(value)' is invalid for '\(option.name)'. Expected one of: \(expected).", command: commandName)
        )
      }
    }
    if parsed.command != nil, !parsed.has(.help), let spec {
      if let error = checkPositionals(parsed.positionals, against: spec) { return .failure(error) }
    }
    return .success(parsed)
  }

  /// The first word that is neither an option nor a global option's value, if it is before `--`.
  static func findCommand(in arguments: [String]) -> String? {
    var index = 0
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if token == "--" { return index < arguments.count ? arguments[index] : nil }
      guard token.hasPrefix("-"), token != "-" else { return token }
      if !token.contains("="), let option = CommandRegistry.globalOption(named: token), !option.isFlag {
        index += 1
      }
    }
    return nil
  }

  private static func checkPositionals(_ positionals: [String], against spec: CommandSpec) -> UsageError? {
    let required = spec.arguments.filter { !$0.isOptional }
    if positionals.count < required.count {
      let missing = required[positionals.count]
      return UsageError("Missing expected argument '\(missing.usage)'.", command: spec.name)
    }
    let repeats = spec.arguments.last?.isRepeating ?? false
    if !repeats, positionals.count > spec.arguments.count {
      return UsageError("Unexpected argument '\(positionals[spec.arguments.count])'.", command: spec.name)
    }
    return nil
  }

  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { " Did you mean '\($0)'?" } ?? ""
  }
}
