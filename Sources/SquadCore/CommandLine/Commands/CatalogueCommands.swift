enum CatalogueCommand: CatalogueFeatureCommand {
  static let subcommands: [any Command.Type] = [
    CatalogueImportCommand.self, CatalogueCheckCommand.self, CatalogueResetCommand.self,
  ]

  static let spec = CommandSpec(
    name: "catalogue",
    abstract: "Show the local catalogue, import archived Marvel data into it, check it, or reset it.",
    discussion: """
      Alone, prints how many heroes and comics the local catalogue holds by where they came
      from (bundled, api, import), when it last changed and where its files are.
      """,
    options: [OptionSpec(.json, help: "Print the summary as JSON.")],
    examples: ["squad catalogue", "squad catalogue import ~/marvel-dumps/", "squad catalogue reset --yes"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> CatalogueFeature.Action { .summaryRequested }
}

enum CatalogueImportCommand: CatalogueFeatureCommand {
  static let upgradesCatalogue = true

  static let spec = CommandSpec(
    name: "import",
    abstract: "Take in archived Marvel API data: responses, character lists, JSON Lines, comics.",
    discussion: """
      Takes in Marvel API data people kept: full responses, bare data containers, JSON arrays of
      characters, derived lists such as {"characters": [...]} with numbers as strings, JSON
      Lines, and comics responses (so 'show' can name a hero's latest comics offline), told by
      the content. A file named is always read, and must be data; folders are walked recursively
      for .json, .jsonl and .ndjson files, and the other files there, and saved API error
      answers, are passed over and counted. Every file is checked before anything is written: a
      bad file exits 65 with FILE: record N: field: what is wrong, and the catalogue is
      untouched. --skip-invalid imports the good files and lists the others on stderr. Records
      merge by id: the newer 'modified' wins, and a field a record lacks never erases what is
      known. Importing the same files again changes nothing. Files up to 64 MiB each; the
      catalogue holds at most 200,000 heroes, 200,000 comics and 256 MiB (an import past that
      exits 65 and changes nothing). A folder or file that cannot be read exits 1 (or, with
      --skip-invalid, is listed as skipped). A catalogue file of squad's own, even a damaged
      one, brings back every record whose checksum holds (lines ending in CR LF too), counts
      those left out, and says how many a file cut short lacks; when not one reads intact, the
      import exits 65. The report goes to stderr (-q silences it); --json prints it on stdout.
      """,
    arguments: [ArgumentSpec(name: "path", help: "Files or folders to import.", isRepeating: true, completion: .files)],
    options: [
      OptionSpec(.skipInvalid, help: "Import the good files and list the bad ones on stderr."),
      OptionSpec(.json, help: "Print the import report as JSON."),
    ],
    examples: ["squad catalogue import ~/marvel-dumps/", "squad catalogue import page*.json --skip-invalid --json"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> CatalogueFeature.Action {
    let request = CatalogueImportRequest(
      paths: context.arguments.positionals, skipInvalid: context.arguments.has(.skipInvalid),
      at: context.environment.now())
    return .importRequested(request)
  }
}

enum CatalogueCheckCommand: CatalogueFeatureCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Verify every byte of the local catalogue; --repair rewrites a damaged one from what is intact.",
    discussion: """
      Verifies the checksum of every record, comic, index block and the header, and that every
      index entry leads where it should; prints what is damaged (which part, how many records,
      which heroes) and exits 65 when anything is, 0 when the catalogue is whole. Until it is
      repaired, squad answers from what is intact, with a warning. --repair writes the catalogue
      again (every intact record kept, the bundled heroes it lost put back) and moves the damaged
      file aside; 'squad catalogue import <that file>' brings back whatever of it is intact.
      """,
    options: [
      OptionSpec(.repair, help: "Write a damaged catalogue again from what is intact."),
      OptionSpec(.json, help: "Print the findings as JSON."),
    ],
    examples: ["squad catalogue check", "squad catalogue check --repair"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> CatalogueFeature.Action {
    .checkRequested(repair: context.arguments.has(.repair))
  }
}

enum CatalogueResetCommand: CatalogueFeatureCommand {
  static let upgradesCatalogue = true

  static let spec = CommandSpec(
    name: "reset",
    abstract: "Drop everything but the bundled set.",
    discussion: """
      Writes the bundled set alone; a damaged catalogue file is moved aside, never deleted. On a
      terminal squad asks first; anywhere else it needs --yes.
      """,
    options: [OptionSpec(.yes, short: "-y", help: "Reset without asking.")],
    examples: ["squad catalogue reset", "squad catalogue reset --yes"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> CatalogueFeature.Action {
    .resetRequested(askFirst: try OptionValues.askFirst(context, "Resetting", verb: "reset"))
  }
}

protocol CatalogueFeatureCommand: FeatureCommand where Machine == CatalogueFeature, Runner == CatalogueEffects {}

extension CatalogueFeatureCommand {
  static var initialState: CatalogueFeature.State { .idle }

  static func runner(_ parts: LiveParts) -> CatalogueEffects {
    CatalogueEffects(store: parts.catalogue, paths: parts.paths, environment: parts.environment)
  }

  static func report(_ state: CatalogueFeature.State, _ context: CommandContext) -> CommandOutcome {
    let json = context.output.format == .json
    func data(_ value: JSONValue) -> String { value.encoded(pretty: context.output.prettyJSON) + "\n" }
    switch state {
    case .summarised(let overview):
      context.console.out(json ? data(CatalogueSummary.json(overview)) : CatalogueSummary.text(overview))
      return .success
    case .imported(let report):
      // The report is a notice like sync's (stderr, silenced by -q); --json makes it the data.
      for problem in report.skipped { context.notice("Skipped " + problem.description) }
      if json {
        context.console.out(data(CatalogueSummary.json(report)))
      } else {
        context.notice(CatalogueSummary.text(report))
      }
      guard !report.broughtBackNothing else { return .error(CatalogueSummary.nothingBroughtBack(report), .invalidData) }
      return .success
    case .failed(.importing(.invalid(let problem))):
      return .error(
        problem.description, .invalidData,
        then: ["Nothing was imported; the catalogue is unchanged. Fix the file, or add --skip-invalid."])
    case .failed(.importing(.unreadable(let problem))): return .error(problem.description, .failure)
    case .failed(.importing(.overLimit(let detail))):
      return .error(
        detail + " (see 'Limits' in the README)", .invalidData,
        then: ["Nothing was imported; the catalogue is unchanged."])
    case .failed(.importing(.persistence(let error))): return .failed(error)
    case .cancelled: return .notice("Nothing was changed.")
    case .alreadyBundled: return .notice("The local catalogue holds the bundled set only; there is nothing to reset.")
    case .reset(let heroes):
      return .notice("The local catalogue now holds the bundled set only (\(Plural.heroes(heroes))).")
    case .failed(.resetting(let error)), .failed(.repairing(let error)), .failed(.reading(let error)):
      return .error(error.description, .failure)
    case .checked(let report):
      context.console.out(json ? data(CatalogueSummary.json(report)) : CatalogueSummary.text(report))
      return report.damages.isEmpty || report.repaired ? .success : .exit(.invalidData)
    default: return .unfinished
    }
  }
}
