/// Typed reading of option values, with usage errors that name the option and the range.
enum OptionValues {
  /// A whole number within `range`, or the default when the option was not given; above a range
  /// whose end `limit` explains, or too big for any integer, it is called too large.
  static func integer(
    _ arguments: ParsedArguments, _ option: OptionKey, in range: ClosedRange<Int>, default fallback: Int,
    limit: String? = nil
  ) throws(UsageError) -> Int {
    let name = option.name
    guard let text = arguments.value(option) else { return fallback }
    if let value = Int(text), range.contains(value) { return value }
    let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
    let isWholeNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    if isWholeNumber, Int(text).map({ limit != nil && $0 > range.upperBound }) ?? true {
      let why = limit.map { " (\($0))" } ?? ""
      throw UsageError(
        "The value '\(text)' is too large for '\(name)': the most is \(range.upperBound)\(why).",
        command: arguments.command)
    }
    let bound =
      range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
    throw UsageError(
      "The value '\(text)' is invalid for '\(name)': expected a whole number \(bound).", command: arguments.command)
  }

  /// Whether to ask before `doing` (no `--yes`); without `--yes` and with no terminal on stdin to
  /// type the answer on, the usage error that says to add it.
  static func askFirst(_ context: CommandContext, _ doing: String, verb: String) throws(UsageError) -> Bool {
    let askFirst = !context.arguments.has(.yes)
    guard !askFirst || context.console.terminal.stdinIsTTY else {
      let message =
        "\(doing) needs confirmation, and there is no terminal to ask on. Add --yes to \(verb) without asking."
      throw UsageError(message, command: context.arguments.command)
    }
    return askFirst
  }

  /// Hero references from positional arguments; a name with nothing left once folded
  /// (``HeroName/loose(_:)``) is refused, as a prefix it would match every hero.
  static func heroRefs(_ arguments: ParsedArguments) throws(UsageError) -> [HeroRef] {
    try arguments.positionals.map { argument throws(UsageError) in
      let ref = HeroRef(argument: argument)
      // Every name of signs alone is refused alike ('.' folds to nothing, '!' or '*' do not).
      guard case .name(let name) = ref, HeroName.loose(name).isEmpty || !hasLetterOrDigit(name) else { return ref }
      // recruit takes one '-' as stdin, so a '-' left here is a second one.
      let dashMeans =
        arguments.command == "recruit"
        ? "'-' (stdin) may be given once" : "'-' reads heroes from stdin for recruit only"
      let stdin = name == "-" ? " (\(dashMeans))" : ""
      let quoted = TextSnippet.quote(name)
      let shown = name.contains("'") ? "\"\(quoted)\"" : "'\(quoted)'"
      let what = name.isEmpty ? "not an empty string" : "and \(shown) holds no letter or digit"
      throw UsageError("A hero must be an id or a name, \(what)\(stdin).", command: arguments.command)
    }
  }

  private static func hasLetterOrDigit(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }

  /// In `--fields`' order; nil when it was not given.
  static func fields<Field: ListField>(_ arguments: ParsedArguments, _: Field.Type) throws(UsageError) -> [Field]? {
    guard let list = arguments.value(.fields) else { return nil }
    var fields: [Field] = []
    for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingWhitespace() }) {
      guard let field = Field(name: name) else {
        let message = name.isEmpty ? "'--fields' has an empty field name." : "Unknown field '\(name)' for '--fields'."
        throw UsageError(message + " Valid fields: \(Field.names).", command: arguments.command)
      }
      guard !fields.contains(field) else {
        throw UsageError("The field '\(field.rawValue)' is listed twice in '--fields'.", command: arguments.command)
      }
      fields.append(field)
    }
    return fields
  }

  static func fieldsOption<Field: ListField>(_: Field.Type, default: String) -> OptionSpec {
    OptionSpec(
      .fields, value: "list", completion: .commaSeparated(Field.allCases.map(\.rawValue)),
      help: "Comma-separated fields, in the order wanted, from:\n\(Field.names). (default: \(`default`))")
  }
}
