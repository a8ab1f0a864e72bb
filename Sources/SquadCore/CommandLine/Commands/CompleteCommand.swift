/// `squad __complete heroes|members|squads [<prefix>]`: candidates for the completion scripts, one per
/// line. Hidden from help.
///
/// It reads the local catalogue and the squad directly instead of running a feature: a shell
/// waits on it at every TAB, so it must be instant, offline and silent (no notices, no status
/// line, no trace), print nothing rather than fail, and write nothing: not even an upgrade of
/// the catalogue (reads never migrate, ``CatalogueStore/upgrade()``).
enum CompleteCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "__complete",
    abstract: "Print completion candidates, one per line (used by the completion scripts).",
    arguments: [
      ArgumentSpec("kind", help: "heroes, members, squads or named (squads but the default)."),
      ArgumentSpec("prefix", help: "What the word starts with so far.", isOptional: true),
    ],
    isHidden: true)

  static func run(_ context: CommandContext) -> Int32 {
    guard let kind = context.arguments.positionals.first.flatMap(CompletionCandidates.Kind.init(rawValue:)) else {
      let expected = CompletionCandidates.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      return UsagePrinter.report(
        UsageError("Expected a kind of candidate: \(expected).", command: spec.name), to: context.console)
    }
    let prefix = context.arguments.positionals.dropFirst().first ?? ""
    if kind == .squads || kind == .named {
      let names = context.parts.squads.names().filter { kind == .squads || !$0.isDefault }
        .map(\.value).filter { $0.hasPrefix(prefix.lowercased()) }
      context.console.out(names.map { $0 + "\n" }.joined())
      return ExitCode.success.rawValue
    }
    let catalogue = context.parts.catalogue.catalogue
    let squad = (try? context.environment.squadFile.load()) ?? Squad()
    // Names are found by bisection of the name index; ids (rarely typed) by reading every hero.
    let isID = !prefix.isEmpty && prefix.utf8.allSatisfy { (48...57).contains($0) }
    let heroes = isID ? catalogue.heroes : catalogue.matching(prefix: prefix)
    let candidates = CompletionCandidates.list(kind, prefix: prefix, catalogue: heroes, squad: squad)
    context.console.out(candidates.map { $0 + "\n" }.joined())
    return ExitCode.success.rawValue
  }
}
