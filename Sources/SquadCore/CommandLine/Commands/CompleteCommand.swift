/// `squad __complete [--] <word>...`: how to insert the candidates for the last word
/// (``CompletionEngine/Kind``), then one a line. A shell waits on it at every TAB, so it is
/// offline and silent, prints nothing rather than fail, and writes nothing.
enum CompleteCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "__complete",
    abstract: "Print what to offer for the last word of a command line (used by the completion scripts).",
    arguments: [
      ArgumentSpec(
        name: "word", help: "The words after 'squad', the last being completed.", isOptional: true, isRepeating: true)
    ],
    isHidden: true)

  static func run(_ context: CommandContext) -> Int32 {
    let words = context.arguments.positionals
    let reply = CompletionEngine.reply(Array(words.dropLast()), current: words.last ?? "") { completion, prefix in
      switch completion {
      case .squads, .namedSquads:
        let names = (try? context.parts.squads.names()) ?? []
        return names.filter { completion == .squads || !$0.isDefault }.map(\.value)
          .filter { $0.hasPrefix(prefix.lowercased()) }
      default:
        let catalogue = context.parts.catalogue.catalogue
        let squad = (try? context.environment.squadFile.load()) ?? Squad()
        // Names are found by bisection of the name index; ids (rarely typed) by reading every hero.
        let isID = CompletionCandidates.idDigits(prefix) != nil
        let heroes = isID ? catalogue.summaries : startingLike(prefix, in: catalogue)
        return CompletionCandidates.list(
          membersFirst: completion == .members, prefix: prefix, catalogue: heroes, squad: squad)
      }
    }
    context.console.out(([reply.kind.rawValue] + reply.candidates).map { $0 + "\n" }.joined())
    return ExitCode.success.rawValue
  }

  /// The catalogue's heroes a name may start as fans type it, looked up as `show` looks them up:
  /// by what comes before the first hyphen, space or dot of each way it may be meant.
  private static func startingLike(_ prefix: String, in catalogue: LocalCatalogue) -> [HeroSummary] {
    var ids = Set<HeroID>()
    return HeroName.variants(prefix).flatMap { variant in
      catalogue.summaries(prefix: String(variant.prefix { !"-. ".contains($0) })).filter { ids.insert($0.id).inserted }
    }
  }

  /// The arguments with the `--home` and `--squad` the completed line gives, so completion reads
  /// that home and that squad; quotes around them, as typed, are taken off.
  static func scoped(_ arguments: ParsedArguments) -> ParsedArguments {
    var scoped = arguments
    let words = CompletionEngine.joiningEquals(Array(arguments.positionals.dropLast()))
    guard let line = try? CommandLineParser.parse(words, validating: false) else { return scoped }
    for key in [OptionKey.home, .squad] {
      guard let value = line.value(key) else { continue }
      let quote = value.first.map { "\"'".contains($0) && value.count > 1 && value.last == $0 } ?? false
      scoped.values[key.name] =
        quote ? String(value.dropFirst().dropLast()) : value.replacingOccurrences(of: "\\", with: "")
    }
    return scoped
  }
}
