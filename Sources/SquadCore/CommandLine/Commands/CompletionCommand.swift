enum CompletionCommand: Command {
  static var execution: CommandExecution { .standalone(run) }

  static let spec = CommandSpec(
    name: "completion",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, options, option values, and hero ids and names (from the
      local catalogue and the squad, never the network) for recruit, show and fire.
      In bash, names are inserted with their spaces and parentheses escaped:
      'squad recruit spi<TAB>' offers Spider-Man (Peter Parker) and inserts
      Spider-Man\\ \\(Peter\\ Parker\\). Digits complete to ids. Other ways to load
      it (zsh's fpath, fish's completions folder) are in docs/EXPORT.md.
      """,
    arguments: [
      ArgumentSpec(name: "shell", help: "bash, zsh or fish.", completion: .choices(CompletionScript.shells.map(\.name)))
    ],
    examples: [
      "eval \"$(squad completion bash)\"    # bash: in ~/.bashrc",
      "source <(squad completion zsh)     # zsh: in ~/.zshrc, after compinit",
      "squad completion fish | source     # fish: in ~/.config/fish/config.fish",
    ])

  static func run(arguments: ParsedArguments, console: Console) -> Int32 {
    let name = arguments.positionals.first ?? ""
    guard let script = CompletionScript.shells.first(where: { $0.name == name })?.script else {
      let expected = CompletionScript.shells.map { "'\($0.name)'" }.joinedDirectly(separator: ", ")
      return UsageError(
        "The value '\(name)' is invalid for '<shell>'. Expected one of: \(expected).", command: "completion"
      ).report(to: console)
    }
    console.out(script)
    return ExitCode.success.rawValue
  }
}
