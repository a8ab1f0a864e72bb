import Foundation

enum HelpCommand: Command {
  static var execution: CommandExecution { .standalone(run) }

  static let spec = CommandSpec(
    name: "help",
    abstract: "Show help for a command or a topic (environment, exit-codes, formatting).",
    arguments: [
      ArgumentSpec(
        name: "topic", help: "A command, or one of: environment, exit-codes, formatting.", isOptional: true,
        completion: .helpTopics),
      ArgumentSpec(
        name: "subcommand", help: "One of the command's sub-commands ('squad help catalogue import').",
        isOptional: true, completion: .subcommands),
    ],
    options: [
      OptionSpec(.man, help: "The whole manual, squad(1): shown by man on a terminal, man(7) roff in a pipe.")
    ],
    examples: ["squad help heroes", "squad help squads create", "squad help exit-codes", "squad help --man > squad.1"])

  static func run(arguments: ParsedArguments, console: Console) -> Int32 {
    let name = arguments.positionals.joinedDirectly(separator: " ")
    let command = CommandRegistry.command(named: name)
    let text: String
    if arguments.has(.man) {
      guard arguments.positionals.isEmpty else {
        return UsageError("'--man' prints the whole manual; leave out '<topic>'.", command: "help").report(to: console)
      }
      let roff = ManPage.render()
      if let man = Pager.manual(variables: ProcessInfo.processInfo.environment, terminal: console.terminal) {
        switch man.show(roff) {
        case .shown: return ExitCode.success.rawValue
        case .failed: return ExitCode.failure.rawValue
        case .notPaged: break
        }
      }
      if console.terminal.stdoutIsTTY {
        console.err(
          "No 'man' to show the manual with; here is 'squad help' ('squad help --man | cat' prints the roff).")
      }
      text = console.terminal.stdoutIsTTY ? HelpPrinter.help(for: nil) : roff
    } else if arguments.positionals.isEmpty || command != nil {
      text = HelpPrinter.help(for: command, width: console.terminal.helpWidth)
    } else if let page = HelpTopic(rawValue: name) {
      text = page.text
    } else {
      let names =
        CommandRegistry.allCommands.filter { !$0.isHidden }.map(\.fullName) + HelpTopic.allCases.map(\.rawValue)
      let suggestion = EditDistance.closest(to: name, in: names).map { " Did you mean '\($0)'?" } ?? ""
      let topics = HelpTopic.allCases.map(\.rawValue).joinedDirectly(separator: ", ")
      let known = " Help topics: \(topics); 'squad help' lists the commands."
      return UsageError("No help for '\(name)'." + suggestion + known, command: "help").report(to: console)
    }
    console.out(text)
    return ExitCode.success.rawValue
  }
}
