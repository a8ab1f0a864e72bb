import Foundation

/// `squad completion bash|zsh|fish`: prints a completion script.
enum CompletionCommand: Command {
  static var execution: CommandExecution { .standalone(run) }

  /// The shells squad writes completion scripts for.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

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
      ArgumentSpec("shell", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
    ],
    examples: [
      "source <(squad completion bash)    # bash: in ~/.bashrc",
      "source <(squad completion zsh)     # zsh: in ~/.zshrc, after compinit",
      "squad completion fish | source     # fish: in ~/.config/fish/config.fish",
    ])

  static func run(arguments: ParsedArguments, console: Console) -> Int32 {
    let name = arguments.positionals.first ?? ""
    guard let shell = Shell(rawValue: name) else {
      let expected = Shell.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      return UsagePrinter.report(
        UsageError(
          "The value '\(name)' is invalid for '<shell>'. Expected one of: \(expected).", command: "completion"),
        to: console)
    }
    switch shell {
    case .bash: console.out(CompletionScript.bash)
    case .zsh: console.out(CompletionScript.zsh)
    case .fish: console.out(CompletionScript.fish)
    }
    return ExitCode.success.rawValue
  }
}
