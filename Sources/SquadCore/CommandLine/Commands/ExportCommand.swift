import Foundation

enum ExportCommand: FeatureCommand {
  typealias Machine = ExportFeature

  static let spec = CommandSpec(
    name: "export",
    abstract: "Write the squad as JSON, JSON lines, CSV, TSV or Markdown.",
    discussion: """
      JSON is the squad file's schema plus squad (its name), exportedAt and attribution, and
      round-trips through 'squad import' into any squad. Markdown is a page to paste: the squad's
      name as a heading, then names and counts (--fields for the rest). CSV has a header and defuses cells a spreadsheet would run as formulas;
      TSV has no header. --output writes the file atomically: readers see the old file or the
      new one, never half of it. See 'squad help formatting'.
      """,
    options: [
      OptionSpec(
        .format, value: "format", choices: ExportFormat.allCases.map(\.rawValue),
        help: "json, jsonl, csv, tsv or markdown. (default: json, or --output's extension)"),
      OptionSpec(
        .output, value: "file", completion: .files, help: "Write to this file instead of stdout ('-' means stdout)."),
      OptionValues.fieldsOption(MemberField.self, default: "all, in that order"),
    ],
    examples: [
      "squad export > squad.json", "squad export --format csv --output squad.csv",
      "squad export --format markdown --fields name,recruitedAt", "squad export --format jsonl | jq .name",
    ],
    takesOutputFormat: true, usesSquad: true)

  static func request(from arguments: ParsedArguments, now: Date) throws(UsageError) -> ExportRequest {
    let asked = arguments.has(.json) ? .json : arguments.value(.format).flatMap(ExportFormat.init(rawValue:))
    let fields = try OptionValues.fields(arguments, MemberField.self)
    let destination: ExportDestination
    var named: ExportFormat?
    switch arguments.value(.output) {
    case nil, "-": destination = .standardOutput
    case ""?: throw UsageError("'--output' needs a file name, or '-' for stdout.", command: "export")
    case let path?:
      destination = .file(path)
      named = ExportFormat(extension: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
    // A known extension names the format; a --format that says otherwise is a mistake to point out.
    if let asked, let named, asked != named {
      throw UsageError(
        "'--output' names a \(named.rawValue) file but the format is \(asked.rawValue); drop one, or rename the file.",
        command: "export")
    }
    let format = asked ?? named ?? .json
    return ExportRequest(
      format: format, fields: fields ?? format.fields, headers: !arguments.has(.noHeaders), destination: destination,
      exportedAt: now)
  }

  static let initialState = ExportFeature.State.idle
  static func runner(_ parts: LiveParts) -> ExportEffects { ExportEffects(environment: parts.environment) }

  static func firstAction(_ context: CommandContext) throws(UsageError) -> ExportFeature.Action {
    var request = try request(from: context.arguments, now: context.environment.now())
    request.squad = context.squadName.value
    request.catalogue = request.fields.contains(where: \.isFact) ? context.parts.catalogue.catalogue : nil
    return .exportRequested(request)
  }

  static func status(_ state: ExportFeature.State) -> String? {
    switch state {
    case .loading: return "Loading squad…"
    case .writing(_, let path): return "Writing \(path)…"
    default: return nil
    }
  }

  static func report(_ state: ExportFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .done(let document, let destination):
      if document.memberCount == 0 { context.notice("The squad is empty, so the export has no members.") }
      switch destination {
      // Exact into a pipe or file, so CSV imports back exactly; on a terminal, without the control
      // characters and bidi overrides a hostile name could rewrite the screen with.
      case .standardOutput:
        context.console.out(TextSanitizer.forStdout(document.text, isTerminal: context.console.terminal.stdoutIsTTY))
      case .file(let path):
        context.notice("Exported \(Plural.members(document.memberCount))\(context.squadName.place("of")) to \(path).")
      }
      return .success
    case .failed(let error): return .failed(error)
    default: return .error("The export stopped unexpectedly.", .failure)
    }
  }
}
