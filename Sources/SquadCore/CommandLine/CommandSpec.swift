/// One command or sub-command as the parser, help, the man page and completion see it.
public struct CommandSpec: Sendable {
  /// The command's own word, e.g. `heroes`, or `import` for `catalogue import`.
  public var name: String
  var abstract: String
  var discussion = ""
  /// Positional arguments, in order.
  public var arguments: [ArgumentSpec] = []
  /// Options only this command takes.
  public var options: [OptionSpec] = []
  var examples: [String] = []
  /// Whether the `--format` family of global options applies.
  var takesOutputFormat = false
  /// Whether the command works on the squad `--squad` (or `SQUAD_NAME`) names, which must exist.
  var usesSquad = false
  var isHidden = false
  /// `["catalogue"]` for `catalogue import` (set by ``CommandRegistry``, as ``subcommands`` is).
  var parents: [String] = []
  var subcommands: [CommandSpec] = []
  /// The words that run the command: `["catalogue", "import"]`.
  public var path: [String] { parents + [name] }
  var fullName: String { path.joinedDirectly(separator: " ") }

  /// Every option the command accepts: its own first, then the global ones it does not redeclare
  /// (as `export` redeclares `--format` with its own values and help).
  var acceptedOptions: [OptionSpec] {
    options + CommandRegistry.globalOptions.filter { global in !options.contains { $0.name == global.name } }
  }

  /// The accepted options less the output-format family for commands that print no listing.
  var documentedOptions: [OptionSpec] {
    acceptedOptions.filter { option in
      takesOutputFormat || !CommandRegistry.outputFormatOptions.contains { $0.name == option.name }
        || options.contains { $0.name == option.name }
    }
  }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
  /// The placeholder, e.g. `hero`.
  public var name: String
  var help: String
  /// Whether it may be left out.
  public var isOptional = false
  /// Whether it may be given several times.
  public var isRepeating = false
  var completion = ValueCompletion.none

  var usage: String {
    let core = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(core)]" : core
  }
}

/// An option: a flag, or a name that takes a value.
public struct OptionSpec: Sendable {
  /// The long name with dashes, e.g. `--limit`.
  public var name: String
  /// A short alias with one dash, e.g. `-q`.
  public var short: String?
  /// The value placeholder (`n`, `file`); nil for a flag.
  public var valueName: String?
  /// The values allowed, for validation, help and completion; empty for free text.
  public var choices: [String]
  var help: String
  var valueCompletion: ValueCompletion

  init(
    _ key: OptionKey, short: String? = nil, value: String? = nil, choices: [String] = [],
    completion: ValueCompletion = .none, help: String
  ) {
    name = key.name
    self.short = short
    valueName = value
    self.choices = choices
    valueCompletion = choices.isEmpty ? completion : .choices(choices)
    self.help = help
  }

  /// Whether the option is a flag (takes no value).
  public var isFlag: Bool { valueName == nil }
  func isNamed(_ word: String) -> Bool { name == word || short == word }

  var label: String {
    let names = (short.map { "\($0), " } ?? "") + name
    return valueName.map { "\(names) <\($0)>" } ?? names
  }
}
