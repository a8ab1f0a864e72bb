/// Help text laid out like swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS (the
/// command's own), GLOBAL OPTIONS, SUBCOMMANDS, EXAMPLES.
enum HelpPrinter {
  /// squad in one line: root help's overview, the man page's NAME.
  static let overview = "Manage a squad of Marvel superheroes from the terminal."
  static let summary = """
    Works at once with no keys and no network, on a bundled catalogue of real Marvel
    characters; with MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY set it asks the Marvel API.
    """
  /// Root help's examples, also the man page's.
  static let examples = ["squad heroes spi", "squad recruit 1009610 hulk", "squad list"]

  /// Help for a command, or for squad itself when nil, wrapped under its columns to fit `width`.
  static func help(for command: CommandSpec?, width: Int = 80) -> String {
    func rows(_ rows: [(label: String, text: String)]) -> String {
      rows.map { row($0.label, $0.text, width: width) }.joinedDirectly(separator: "\n")
    }
    let about = command.map { $0.abstract + ($0.discussion.isEmpty ? "" : "\n\n" + $0.discussion) }
    var sections = [
      reflowed("OVERVIEW: " + (about ?? overview + "\n\n" + summary), width), "USAGE: " + usage(for: command),
    ]
    if let arguments = command?.arguments, !arguments.isEmpty {
      sections.append("ARGUMENTS:\n" + rows(arguments.map { ("<\($0.name)>", $0.help) }))
    }
    // The command's own options first, the global ones after under their own heading (as
    // swift-argument-parser and gh do), so the few that matter here are not buried.
    let options = command?.documentedOptions ?? CommandRegistry.globalOptions
    let own = options.filter { option in command?.options.contains { $0.name == option.name } == true }
    let global = options.filter { option in !own.contains { $0.name == option.name } }
    for (title, options) in [("OPTIONS", own), (command == nil ? "OPTIONS" : "GLOBAL OPTIONS", global)]
    where !options.isEmpty {
      sections.append(title + ":\n" + rows(options.map { ($0.label, $0.help) }))
    }
    let subcommands = command?.subcommands ?? CommandRegistry.visibleCommands
    if !subcommands.isEmpty {
      let helpLine = (["squad", "help"] + (command?.path ?? []) + ["<subcommand>"]).joinedDirectly(separator: " ")
      sections.append(
        "SUBCOMMANDS:\n" + rows(subcommands.map { ($0.name, $0.abstract) })
          + "\n\n  See '\(helpLine)' for detailed help.")
    }
    if command == nil {
      sections.append("HELP TOPICS:\n" + rows(HelpTopic.allCases.map { ($0.rawValue, $0.abstract) }))
    }
    let examples = command?.examples ?? examples
    if !examples.isEmpty {
      sections.append("EXAMPLES:\n" + examples.map { "  " + $0 }.joinedDirectly(separator: "\n"))
    }
    return sections.joinedDirectly(separator: "\n\n") + "\n"
  }

  /// `squad heroes [<prefix>] [--limit <n>] …`, `squad catalogue [<subcommand>] …`.
  static func usage(for command: CommandSpec?) -> String {
    guard let command else { return "squad <subcommand> [<arguments>] [<options>]" }
    let parts =
      (command.subcommands.isEmpty ? [] : ["[<subcommand>]"]) + command.arguments.map(\.usage)
      + command.options.map { "[\($0.isFlag ? $0.name : "\($0.name) <\($0.valueName ?? "value")>")]" }
    return (["squad"] + command.path + parts + ["[<global options>]"]).joinedDirectly(separator: " ")
  }

  /// Prose paragraphs (split at blank lines) wrapped to `width`: the line breaks in the source
  /// are only where it was typed, and a terminal of any width gets whole lines.
  static func reflowed(_ text: String, _ width: Int) -> String {
    text.components(separatedBy: "\n\n").map { paragraph in
      DisplayWidth.wrap(paragraph.split(separator: "\n").joined(separator: " "), to: max(width, 30))
        .joinedDirectly(separator: "\n")
    }.joinedDirectly(separator: "\n\n")
  }

  /// A label at column 2 and its text at column 26, wrapped under that column to fit `width`.
  static func row(_ label: String, _ text: String, width: Int = .max) -> String {
    let column = 26
    let head = "  " + label
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      let wrapped = DisplayWidth.wrap(String(line), to: max(width - column, 30))
      return wrapped.isEmpty ? [""] : wrapped
    }
    if DisplayWidth.of(head) + 2 <= column {
      return DisplayWidth.pad(head, to: column)
        + lines.joinedDirectly(separator: "\n" + String(repeating: " ", count: column))
    }
    return head + "\n" + lines.map { String(repeating: " ", count: column) + $0 }.joinedDirectly(separator: "\n")
  }
}
