enum SyncCommand: FeatureCommand {
  typealias Machine = SyncFeature

  static let spec = CommandSpec(
    name: "sync",
    abstract: "Copy the whole Marvel character catalogue into the local catalogue.",
    discussion: """
      Pages through every character, 100 at a time, up to \(LiveMarvelClient.maximumRequestsInFlight) requests at once,
      and writes the local catalogue once at the end, so an interrupted sync changes nothing.
      Pages fetched within the cache TTL (24 hours by default) cost no request; older ones are
      revalidated and cost a 304 when unchanged. Prints a summary on stderr, and a
      small JSON report on stdout with --json. Needs MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY.
      """,
    options: [OptionSpec(.force, help: "Revalidate every page now, ignoring the cache TTL.")],
    examples: ["squad sync", "squad sync --force", "squad sync --json"])

  static let initialState = SyncFeature.State.idle
  static let upgradesCatalogue = true

  static func runner(_ parts: LiveParts) throws(SourceError) -> SyncEffects {
    SyncEffects(
      client: try parts.marvel.get(), store: parts.catalogue, squads: parts.squads, now: parts.environment.now)
  }

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SyncFeature.Action {
    if let offline = context.parts.offline {
      let way =
        offline == "--offline" ? "leave out --offline" : "run 'SQUAD_OFFLINE=0 squad sync' to go online this once"
      throw UsageError("'sync' needs the network, but \(offline) makes squad offline; \(way).", command: "sync")
    }
    return .syncRequested(force: context.arguments.has(.force))
  }

  static func status(_ state: SyncFeature.State) -> String? {
    switch state {
    case .fetchingFirstPage: return "Fetching page 1…"
    case .fetching(let progress):
      let next = min(progress.pagesDone + 1, progress.pageCount)
      return ProgressBar.render(done: progress.pagesDone, of: progress.pageCount)
        + " Fetching page \(next) of \(progress.pageCount)…"
    case .saving: return "Saving the catalogue…"
    default: return nil
    }
  }

  static func report(_ state: SyncFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .done(let report):
      context.notice(summary(report))
      if context.output.format == .json {
        context.console.out(json(report).encoded(pretty: context.output.prettyJSON) + "\n")
      }
      for note in report.squadNotes { context.notice("Warning: " + note) }
      // Not silenced by --quiet: the exit code says something failed (a partial result), and these say what.
      var warnings = report.squadProblems
      if let warning = ShortListing.warning(promised: report.total, received: report.heroCount) {
        warnings.insert(warning + " The local catalogue keeps the heroes that came.", at: 0)
      }
      for warning in warnings { context.console.err("Warning: " + TextSanitizer.clean(warning)) }
      return warnings.isEmpty ? .success : .exit(.failure)
    case .failed(let failure): return .failed(failure)
    default: return .error("The sync stopped unexpectedly; the local catalogue was left as it was.", .failure)
    }
  }

  /// `Synced 1,562 heroes (16 requests, 16 not modified).`
  static func summary(_ report: SyncReport) -> String {
    let tally = report.tally
    var parts = [Plural.count(tally.requests, "request")]
    if tally.notModified > 0 { parts.append("\(Grouped.format(tally.notModified)) not modified") }
    if tally.fromCache > 0 { parts.append(Plural.count(tally.fromCache, "page") + " from the cache") }
    let outcome = report.catalogueChanged ? "" : " Nothing changed; the catalogue was not written."
    return "Synced \(Plural.heroes(report.heroCount)) (\(parts.joinedDirectly(separator: ", "))).\(outcome)"
  }

  static func json(_ report: SyncReport) -> JSONValue {
    .object([
      ("heroes", .int(report.heroCount)), ("total", .int(report.total)), ("pages", .int(report.pages)),
      ("requests", .int(report.tally.requests)), ("downloaded", .int(report.tally.downloaded)),
      ("notModified", .int(report.tally.notModified)), ("fromCache", .int(report.tally.fromCache)),
      ("catalogueSize", .optional(report.catalogueSize)), ("attribution", .string(report.attribution)),
      ("squadWarnings", .array(report.squadProblems.map(JSONValue.string))),
    ])
  }
}
