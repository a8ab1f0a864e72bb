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
      latest comics offline). The shape is told by the content, not the file name; folders are
      walked recursively. Every file is checked before anything is written: a bad file exits 65
      with FILE: record N: field: what is wrong, and the catalogue is untouched. --skip-invalid
      imports the good files and lists the others on stderr. Records merge by id: the newer
      'modified' wins, and a field a record lacks never erases what is known. Importing the same
      files again changes nothing. Files up to 64 MiB each.

      'catalogue reset' drops everything but the bundled set. On a terminal squad asks first;
      anywhere else it needs --yes.
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
    let positionals = context.arguments.positionals
    let quiet = context.isQuiet
    let console = context.console
    let store = CatalogueStore(
      paths: context.paths, warn: { if !quiet { console.err("Warning: " + TextSanitizer.clean($0)) } },
      alert: { console.err("Warning: " + TextSanitizer.clean($0)) })
    switch positionals.first {
    case nil:
      return CatalogueSummary.print(store: store, paths: context.paths, context: context)
    case "import":
      let paths = Array(positionals.dropFirst())
      guard !paths.isEmpty else {
        return UsagePrinter.report(UsageError("Missing expected argument '<path>'.", command: spec.name), to: console)
      }
      return importFiles(paths, store: store, context: context)
    case "reset":
      guard positionals.count == 1 else {
        return UsagePrinter.report(UsageError("'catalogue reset' takes no paths.", command: spec.name), to: console)
      }
      return await reset(store: store, context: context)
    case let other?:
      return UsagePrinter.report(
        UsageError("Unknown catalogue action '\(other)'. Expected 'import' or 'reset'.", command: spec.name),
        to: console)
    }
  }

  @MainActor
  private static func importFiles(_ paths: [String], store: CatalogueStore, context: CommandContext) -> Int32 {
    let skip = context.arguments.has(.skipInvalid)
    switch CatalogueImport.run(paths, skipInvalid: skip, store: store, now: context.environment.now()) {
    case .success(let report):
      for problem in report.skipped { context.console.err("Skipped " + TextSanitizer.clean(problem.description)) }
      if context.arguments.has(.json) {
        context.console.out(CatalogueSummary.json(report).encoded(pretty: context.output.prettyJSON) + "\n")
      } else {
        context.console.out(CatalogueSummary.text(report) + "\n")
      }
      return ExitCode.success.rawValue
    case .failure(.invalid(let problem)):
      _ = context.fail(problem.description, .invalidData)
      context.console.err("Nothing was imported; the catalogue is unchanged. Fix the file, or add --skip-invalid.")
      return ExitCode.invalidData.rawValue
    case .failure(.unreadable(let problem)):
      return context.fail(problem.description, .failure)
    case .failure(.persistence(let error)):
      return context.fail(error.description, .failure)
    }
  }

  @MainActor
  private static func reset(store: CatalogueStore, context: CommandContext) async -> Int32 {
    let preview = store.resetPreview
    if !context.arguments.has(.yes) {
      guard context.console.terminal.stdinIsTTY && context.console.terminal.stderrIsTTY else {
        return UsagePrinter.report(
          UsageError(
            "Resetting needs confirmation, and there is no terminal to ask on. Add --yes to reset without asking.",
            command: spec.name), to: context.console)
      }
      let prompt: String
      switch preview {
      case .drops(let heroes, let comics):
        prompt = "Drop \(heroes) heroes and \(comics) comics, keeping only the bundled set? [y/N] "
      case .damaged(let problem):
        prompt =
          "The stored catalogue is damaged (\(problem)); move it aside and keep only the bundled set? [y/N] "
      }
      guard await context.environment.confirm(prompt) else {
        context.notice("Nothing was changed.")
        return ExitCode.success.rawValue
      }
    }
    do throws(PersistenceError) {
      try store.reset()
    } catch {
      return context.fail(error.description, .failure)
    }
    context.notice("The local catalogue now holds the bundled set only (\(store.catalogue.count) heroes).")
    return ExitCode.success.rawValue
  }
}
