/// squad(1), the manual page `squad help --man` prints, in man(7) roff: one page rendered from
/// exactly what `--help` prints, so the two cannot disagree.
enum ManPage {
  static func render(
    commands: [CommandSpec] = CommandRegistry.visibleCommands,
    globalOptions: [OptionSpec] = CommandRegistry.globalOptions
  ) -> String {
    let commands = everyCommand(commands)
    var page = Roff()
    page.request(#".TH SQUAD 1 \#(SquadVersion.date) "squad \#(SquadVersion.number)" "User Commands""#)
    page.heading("NAME")
    // The overview as a phrase: "manage a squad … from the terminal", without its full stop.
    let overview = HelpPrinter.overview
    page.paragraph(["squad \\- " + Roff.escaped(overview.prefix(1).lowercased() + overview.dropFirst().dropLast())])
    page.heading("SYNOPSIS")
    page.paragraph(
      commands.flatMap { [Roff.bold(HelpPrinter.usage(for: $0)), ".br"] } + [Roff.bold("squad --version")])
    page.heading("DESCRIPTION")
    page.helpText(HelpPrinter.summary)
    page.helpText(
      """
      Global options work before or after the command. 'squad help <command>', 'squad <command> --help'
      and '-h' print a command's part of this page in the terminal.
      """)
    page.heading("COMMANDS")
    for command in commands { describe(command, in: &page) }
    page.heading("GLOBAL OPTIONS")
    for option in globalOptions { page.item(Roff.bold(option.label), [Roff.escaped(option.help)]) }
    page.heading("ENVIRONMENT")
    page.helpText(HelpTopic.variables)
    page.heading("FILES")
    page.helpText(HelpTopic.files)
    page.heading("OUTPUT")
    page.helpText(body(of: HelpTopic.formatting.text))
    page.heading("EXIT STATUS")
    page.helpText(body(of: HelpTopic.exitCodes.text))
    page.heading("EXAMPLES")
    page.example(HelpPrinter.examples)
    page.heading("SEE ALSO")
    page.paragraph([".BR jq (1),", ".BR fzf (1),", ".BR bash (1),", ".BR zsh (1),", ".BR fish (1)"])
    return page.source
  }

  private static func describe(_ command: CommandSpec, in page: inout Roff) {
    page.heading("squad " + command.fullName, sub: true)
    page.paragraph([Roff.bold(HelpPrinter.usage(for: command))])
    page.helpText(command.abstract + (command.discussion.isEmpty ? "" : "\n\n" + command.discussion))
    for argument in command.arguments { page.item(Roff.bold("<\(argument.name)>"), [Roff.escaped(argument.help)]) }
    for option in command.options { page.item(Roff.bold(option.label), [Roff.escaped(option.help)]) }
    if !command.examples.isEmpty { page.example(command.examples) }
  }

  /// The commands with their sub-commands after each, as help lists them; none hidden.
  static func everyCommand(_ commands: [CommandSpec]) -> [CommandSpec] {
    commands.filter { !$0.isHidden }.flatMap { [$0] + everyCommand($0.subcommands) }
  }

  /// A help topic without its `OVERVIEW:` title line.
  private static func body(of text: String) -> String {
    text.hasPrefix("OVERVIEW:") ? String(text.drop { $0 != "\n" }) : text
  }
}
