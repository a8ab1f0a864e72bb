enum ImportCommand: FeatureCommand {
  typealias Machine = ImportFeature

  static let spec = CommandSpec(
    name: "import",
    abstract: "Add the members of an export to the squad, or replace the squad with them.",
    discussion: """
      Reads what 'squad export' writes: a JSON document with members, JSON lines of member
      objects, CSV with a header naming at least id and name, or TSV without a header (an id
      first, then name, description, thumbnail, recruitedAt). The format is told by the
      content, not the file name. The whole file is checked first; if anything is wrong, every
      problem is listed as file:line (or a JSON path like members[3].name), nothing is written
      and squad exits 65. Each id is then looked up in the local catalogue: a known id takes
      the catalogue's name, and an unknown one is kept as written (--skip-invalid leaves it
      out); each is said on stderr.

      By default members not yet in the squad join it in file order, keeping their recruitedAt;
      members already in it stay as they are. --replace makes the file's members the whole
      squad; it is also the way to replace a squad file that is corrupt.
      """,
    arguments: [
      ArgumentSpec(name: "file", help: "An export: json, jsonl, csv or tsv. '-' reads stdin.", completion: .files)
    ],
    options: [
      OptionSpec(.replace, help: "Replace the squad with the file's members instead of merging them in."),
      OptionSpec(.skipInvalid, help: "Leave out members whose id the catalogue does not know."),
    ],
    examples: [
      "squad import squad.json", "squad import squad.csv --replace", "squad --home ~/old-squad export | squad import -",
    ], usesSquad: true)

  /// How many problems an invalid file lists before summing up the rest.
  static let problemLimit = 20
  static let initialState = ImportFeature.State.idle

  static func runner(_ parts: LiveParts) -> ImportEffects {
    ImportEffects(environment: parts.environment, catalogue: parts.catalogue)
  }

  static func firstAction(_ context: CommandContext) throws(UsageError) -> ImportFeature.Action {
    guard let argument = context.arguments.positionals.first, !argument.isEmpty else {
      throw UsageError("Missing expected argument '<file>'.", command: "import")
    }
    let source: ImportSource = argument == "-" ? .standardInput : .file(argument)
    return .importRequested(
      ImportRequest(
        source: source, replace: context.arguments.has(.replace), skipInvalid: context.arguments.has(.skipInvalid),
        now: context.environment.now()))
  }

  static func status(_ state: ImportFeature.State) -> String? {
    switch state {
    case .reading(let request): return "Reading \(request.source.label)…"
    case .checking: return "Checking the members against the catalogue…"
    case .updating: return "Saving squad…"
    case .waitingForLock: return "Waiting for another squad command to finish…"
    default: return nil
    }
  }

  static func report(_ state: ImportFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .done(let summary):
      for line in summary.notes { context.notice(line) }
      return .notice(summary.description)
    case .failed(.invalidImport(let invalid)):
      for line in invalid.lines.prefix(problemLimit) { _ = context.fail(line, .invalidData) }
      if invalid.problems.count > problemLimit {
        let more = invalid.complete ? "." : "; squad stopped reading the file there."
        context.console.err("… and \(invalid.problems.count - problemLimit) more problems\(more)")
      }
      context.console.err("Nothing was imported; the squad is unchanged. Fix the file and import it again.")
      return .exit(.invalidData)
    case .failed(let failure): return .failed(failure)
    default: return .error("The import stopped unexpectedly.", .failure)
    }
  }
}
