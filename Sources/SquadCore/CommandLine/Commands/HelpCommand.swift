/// `squad help [<command> | <topic>]`.
enum HelpCommand: Command {
  static var execution: CommandExecution { .standalone(run) }

  static let spec = CommandSpec(
    name: "help",
    abstract: "Show help for a command or a topic (environment, exit-codes, formatting).",
    arguments: [
      ArgumentSpec(
        "topic", help: "A command, or one of: environment, exit-codes, formatting.", isOptional: true,
        completion: .helpTopics)
    ],
    examples: ["squad help heroes", "squad help exit-codes"])

  @MainActor
  static func run(arguments: ParsedArguments, console: Console) -> Int32 {
    guard let topic = arguments.positionals.first else {
      console.out(HelpPrinter.help(for: nil))
      return ExitCode.success.rawValue
    }
    if let command = CommandRegistry.command(named: topic) {
      console.out(HelpPrinter.help(for: command))
    } else if let page = HelpTopic(rawValue: topic) {
      console.out(page.text)
    } else {
      let names = CommandRegistry.visibleCommands.map(\.name) + HelpTopic.allCases.map(\.rawValue)
      let suggestion = EditDistance.closest(to: topic, in: names).map { " Did you mean '\($0)'?" } ?? ""
      return UsagePrinter.report(UsageError("No help for '\(topic)'." + suggestion, command: "help"), to: console)
    }
    return ExitCode.success.rawValue
  }
}
