import Foundation

/// `squad completion bash|zsh|fish`: prints a completion script.
enum CompletionCommand {
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
      Spider-Man\\ \\(Peter\\ Parker\\). Digits complete to ids.
      """,
    arguments: [
      ArgumentSpec("shell", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
    ],
    examples: [
      "source <(squad completion bash)            # in ~/.bashrc",
      "squad completion zsh > \"${fpath[1]}/_squad\"  # then restart zsh",
      "squad completion fish > ~/.config/fish/completions/squad.fish",
    ])

  @MainActor
  static func run(arguments: ParsedArguments, console: Console) -> Int32 {
    let name = arguments.positionals.first ?? ""
    guard let shell = Shell(rawValue: name) else {
      let expected = Shell.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      return UsagePrinter.report(
        UsageError("The value '\(name)' is invalid for '<shell>'. Expected one of: \(expected).", command: "completion"),
        to: console)
    }
    switch shell {
    case .bash: console.out(BashCompletion.script())
    case .zsh: console.out(ZshCompletion.script())
    case .fish: console.out(FishCompletion.script())
    }
    return ExitCode.success.rawValue
  }
}

/// `squad __complete heroes|members [<prefix>]`: candidates for the completion scripts, one per
/// line. Hidden from help.
///
/// It reads the local catalogue and the squad directly instead of running a feature: a shell
/// waits on it at every TAB, so it must be instant, offline and silent (no notices, no status
/// line, no trace), and print nothing rather than fail.
enum CompleteCommand {
  static let spec = CommandSpec(
    name: "__complete",
    abstract: "Print completion candidates, one per line (used by the completion scripts).",
    arguments: [
      ArgumentSpec("kind", help: "heroes or members."),
      ArgumentSpec("prefix", help: "What the word starts with so far.", isOptional: true),
    ],
    isHidden: true)

  @MainActor
  static func run(_ context: CommandContext) -> Int32 {
    guard let kind = context.arguments.positionals.first.flatMap(CompletionCandidates.Kind.init(rawValue:)) else {
      let expected = CompletionCandidates.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      return UsagePrinter.report(
        UsageError("Expected a kind of candidate: \(expected).", command: spec.name), to: context.console)
    }
    let prefix = context.arguments.positionals.dropFirst().first ?? ""
    let catalogue = (try? CatalogueFile(path: context.paths.catalogueFile).load()) ?? LocalCatalogue()
    let squad = (try? context.environment.squadFile.load()) ?? Squad()
    let candidates = CompletionCandidates.list(kind, prefix: prefix, catalogue: Array(catalogue.heroesByID.values), squad: squad)
    context.console.out(candidates.map { $0 + "\n" }.joined())
    return ExitCode.success.rawValue
  }
}
