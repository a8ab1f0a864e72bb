/// A command line taken apart: the command, its positional arguments, and the options given.
struct ParsedArguments: Equatable, Sendable {
  var command: String?
  var positionals: [String] = []
  /// Option values by long name; the last one given wins.
  var values: [String: String] = [:]
  var flags: Set<String> = []
  func value(_ option: OptionKey) -> String? { values[option.name] }
  func has(_ flag: OptionKey) -> Bool { flags.contains(flag.name) }

  /// Like every repeated option, the last one given wins, and that holds between `--json` and
  /// `--format` too: either undoes the other given before it, so only the one that won is checked.
  mutating func record(_ value: String, for name: String) {
    values[name] = value
    if name == OptionKey.format.name { flags.remove(OptionKey.json.name) }
  }

  mutating func record(flag name: String) {
    flags.insert(name)
    if name == OptionKey.json.name { values[OptionKey.format.name] = nil }
  }
}

/// A mistake on the command line: exit 64 with the message, the usage line and a pointer to help.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The sentence after `Error: `.
  var message: String
  /// The command whose usage to show; nil for squad itself.
  var command: String?
  /// 64, a usage mistake; or the exit code of an input the command line names that cannot be
  /// used (`recruit -` with a stdin that fails to read), which gets no usage lines.
  var exitCode: ExitCode

  init(_ message: String, command: String?, exitCode: ExitCode = .usage) {
    self.message = message
    self.command = command
    self.exitCode = exitCode
  }

  init(failure: any CommandFailure, command: String?) {
    self.init(failure.description, command: command, exitCode: failure.exitCode)
  }

  var description: String { message }

  /// Writes `Error: …` to stderr, then for exit 64 the usage line and where to find help; returns
  /// the exit code.
  func report(to console: Console) -> Int32 {
    let spec = command.flatMap(CommandRegistry.command(named:))
    console.err("Error: " + TextSanitizer.clean(message))
    guard exitCode == .usage else { return exitCode.rawValue }
    console.err("Usage: " + HelpPrinter.usage(for: spec))
    console.err("  See '" + (spec.map { "squad \($0.fullName) --help" } ?? "squad --help") + "' for more information.")
    return ExitCode.usage.rawValue
  }
}
