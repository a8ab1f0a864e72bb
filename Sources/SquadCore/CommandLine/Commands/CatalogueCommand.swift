import Foundation

/// `squad catalogue [import <path>... | reset]`: what the local catalogue holds, archived Marvel
/// data brought in, or everything but the bundled set dropped.
enum CatalogueCommand: Command {
  static var execution: CommandExecution { .inContext(run) }

  static let spec = CommandSpec(
    name: "catalogue",
    abstract: "Show the local catalogue, import archived Marvel data into it, or reset it.",
    discussion: """
      Alone, prints how many heroes and comics the local catalogue holds by where they came
      from (bundled, api, import), when it last changed and where its files are.

      'catalogue import <path>...' takes in Marvel API data people kept: full responses, bare
      data containers, JSON arrays of characters, derived lists such as {"characters": [...]}
      with numbers as strings, JSON Lines, and comics responses (so 'show' can name a hero's
      latest comics offline), told by the content. A file named is always read, and must be
      data; folders are walked recursively for .json, .jsonl and .ndjson files, and the other
      files there, and saved API error answers, are passed over and counted. Every file is
      checked before anything is written: a bad file exits 65 with FILE: record N: field: what
      is wrong, and the catalogue is untouched. --skip-invalid imports the good files and lists
      the others on stderr. Records merge by id: the newer 'modified' wins, and a field a record
      lacks never erases what is known. Importing the same files again changes nothing. Files
      up to 64 MiB each; the catalogue holds at most 200,000 heroes, 200,000 comics and 256 MiB
      (an import past that exits 65 and changes nothing). A folder or file that cannot be read
      exits 1 (or, with --skip-invalid, is listed as skipped). The report goes to stderr (-q
      silences it); --json prints it on stdout.

      'catalogue reset' drops everything but the bundled set; a damaged catalogue file is moved
      aside, never deleted. On a terminal squad asks first; anywhere else it needs --yes.
      """,
    arguments: [
      ArgumentSpec(
        "action", help: "import or reset; leave out for the summary.", isOptional: true,
        completion: .choices(["import", "reset"])),
      ArgumentSpec(
        "path", help: "Files or folders to import.", isOptional: true, isRepeating: true, completion: .files),
    ],
    options: [
      OptionSpec(.skipInvalid, help: "Import the good files and list the bad ones on stderr."),
      OptionSpec(.yes, short: "-y", help: "Reset without asking."),
      OptionSpec(.json, help: "Print the summary or the import report as JSON."),
    ],
    examples: [
      "squad catalogue", "squad catalogue import ~/marvel-dumps/",
      "squad catalogue import page*.json --skip-invalid --json",
      "squad catalogue reset --yes",
    ])

  @MainActor
  static func run(_ context: CommandContext) async -> Int32 {
    switch action(context) {
    case .failure(let error): return UsagePrinter.report(error, to: context.console)
    case .success(let action):
      let quiet = context.isQuiet
      let console = context.console
      let store = CatalogueStore(
        paths: context.paths, warn: { if !quiet { console.err("Warning: " + TextSanitizer.clean($0)) } },
        alert: { console.err("Warning: " + TextSanitizer.clean($0)) })
      let state = await context.execute(
        CatalogueFeature.self, from: CatalogueFeature.State(),
        runner: CatalogueEffects(store: store, paths: context.paths, environment: context.environment), action: action)
      return report(state, context: context)
    }
  }

  @MainActor
  private static func action(_ context: CommandContext) -> Result<CatalogueFeature.Action, UsageError> {
    let positionals = context.arguments.positionals
    func usage(_ text: String) -> Result<CatalogueFeature.Action, UsageError> {
      .failure(UsageError(text, command: spec.name))
    }
    switch positionals.first {
    case nil:
      return .success(.summaryRequested)
    case "import":
      let paths = Array(positionals.dropFirst())
      guard !paths.isEmpty else { return usage("Missing expected argument '<path>'.") }
      let request = CatalogueImportRequest(
        paths: paths, skipInvalid: context.arguments.has(.skipInvalid), at: context.environment.now())
      return .success(.importRequested(request))
    case "reset":
      guard positionals.count == 1 else { return usage("'catalogue reset' takes no paths.") }
      let askFirst = !context.arguments.has(.yes)
      guard !askFirst || (context.console.terminal.stdinIsTTY && context.console.terminal.stderrIsTTY) else {
        return usage(
          "Resetting needs confirmation, and there is no terminal to ask on. Add --yes to reset without asking.")
      }
      return .success(.resetRequested(askFirst: askFirst))
    case let other?:
      return usage("Unknown catalogue action '\(other)'. Expected 'import' or 'reset'.")
    }
  }

  @MainActor
  private static func report(_ state: CatalogueFeature.State, context: CommandContext) -> Int32 {
    let json = context.arguments.has(.json)
    let pretty = context.output.prettyJSON
    switch state.phase {
    case .summarised(let overview):
      context.console.out(
        json ? CatalogueSummary.json(overview).encoded(pretty: pretty) + "\n" : CatalogueSummary.text(overview))
      return ExitCode.success.rawValue
    case .imported(let report):
      // The report is a notice like sync's (stderr, silenced by -q); --json makes it the data.
      for problem in report.skipped { context.notice("Skipped " + problem.description) }
      if json {
        context.console.out(CatalogueSummary.json(report).encoded(pretty: pretty) + "\n")
      } else {
        context.notice(CatalogueSummary.text(report))
      }
      return ExitCode.success.rawValue
    case .failed(.importing(let failure)):
      return importFailed(failure, context: context)
    case .cancelled:
      context.notice("Nothing was changed.")
      return ExitCode.success.rawValue
    case .reset(let heroes):
      context.notice("The local catalogue now holds the bundled set only (\(heroes) heroes).")
      return ExitCode.success.rawValue
    case .failed(.resetting(let error)):
      return context.fail(error.description, .failure)
    default:
      return context.fail("The command stopped unexpectedly.", .failure)
    }
  }

  @MainActor
  private static func importFailed(_ failure: CatalogueImport.Failure, context: CommandContext) -> Int32 {
    switch failure {
    case .invalid(let problem):
      _ = context.fail(problem.description, .invalidData)
      context.console.err("Nothing was imported; the catalogue is unchanged. Fix the file, or add --skip-invalid.")
      return ExitCode.invalidData.rawValue
    case .unreadable(let problem):
      return context.fail(problem.description, .failure)
    case .overLimit(let detail):
      _ = context.fail(detail + " (see 'Limits' in the README)", .invalidData)
      context.console.err("Nothing was imported; the catalogue is unchanged.")
      return ExitCode.invalidData.rawValue
    case .persistence(let error):
      return context.fail(error.description, error.exitCode)
    }
  }
}
