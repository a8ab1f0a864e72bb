enum HeroesCommand: FeatureCommand {
  typealias Machine = HeroesFeature

  static let spec = CommandSpec(
    name: "heroes",
    abstract: "List heroes, or those whose names start with a prefix or contain a text.",
    discussion: """
      Lists one page of heroes (20 unless --limit says otherwise) with their id, name, number of
      comics and whether they are in your squad. --all follows the listing to its end.
      With API keys set, heroes come from the Marvel API; otherwise from the local catalogue.
      The API finds names only by how they start and sorts only by name or modified, so --search
      and the orders by comics, series, stories or events are answered by the local catalogue
      (saying so when keys are set). -comics lists the most comics first, comics the fewest;
      heroes whose count is unknown come last either way.
      """,
    arguments: [
      ArgumentSpec(
        name: "prefix", help: "Only heroes whose names start with this (case-insensitive).", isOptional: true)
    ],
    options: [
      OptionSpec(.search, value: "text", help: "Only heroes whose names contain this (case- and accent-insensitive)."),
      OptionSpec(.limit, value: "n", help: "How many heroes to show; the Marvel API sends at most 100. (default: 20)"),
      OptionSpec(.offset, value: "n", help: "How many heroes to skip first. (default: 0)"),
      OptionSpec(.all, help: "List every matching hero, page after page."),
      OptionSpec(
        .order, value: "order", choices: HeroOrder.allCases.map(\.rawValue),
        help: "Sort by name, modified, comics, series, stories or events; a leading - reverses. (default: name)"),
      OptionValues.fieldsOption(HeroField.self, default: "id,name,comics,inSquad"),
    ],
    examples: [
      "squad heroes", "squad heroes spi", "squad heroes --search parker", "squad heroes --order -comics --limit 10",
      "squad heroes --order -modified --limit 5", "squad heroes --all --format csv > heroes.csv",
      "squad heroes --order -comics --fields name,comics,series --json",
    ],
    takesOutputFormat: true, usesSquad: true)

  static func request(from arguments: ParsedArguments) throws(UsageError) -> HeroListingRequest {
    let limit = try OptionValues.integer(arguments, .limit, in: 1...HeroQuery.maximumOffset, default: 20)
    let offset = try OptionValues.integer(
      arguments, .offset, in: 0...HeroQuery.maximumOffset, default: 0, limit: HeroQuery.maximumOffsetReason)
    let prefix = arguments.positionals.first.flatMap { $0.isEmpty ? nil : $0 }
    let search = arguments.value(.search).flatMap { $0.isEmpty ? nil : $0 }
    let order = arguments.value(.order).flatMap(HeroOrder.init(rawValue:)) ?? .name
    let query = HeroQuery(namePrefix: prefix, search: search, order: order, offset: offset, limit: limit)
    return HeroListingRequest(query: query, all: arguments.has(.all))
  }

  static let initialState = HeroesFeature.State.idle
  static func runner(_ parts: LiveParts) -> HeroesEffects { HeroesEffects(environment: parts.environment) }

  static func firstAction(_ context: CommandContext) throws(UsageError) -> HeroesFeature.Action {
    let fields = try OptionValues.fields(context.arguments, HeroField.self)
    var request = try request(from: context.arguments)
    request.query.whole = HeroListingOutput.needsWhole(context.output.format, fields: fields)
    return .listRequested(request)
  }

  static func status(_ state: HeroesFeature.State) -> String? {
    switch state {
    case .fetching(_, let received?):
      return "Fetching heroes… \(Grouped.format(received.heroes.count)) of \(Grouped.format(received.total))"
    case .fetching: return "Fetching heroes…"
    case .markingMembers: return "Loading squad…"
    default: return nil
    }
  }

  private static let unfinished = CommandOutcome.error("The listing stopped unexpectedly.", .failure)

  static func report(_ state: HeroesFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .loaded(let listing):
      context.noticeSource(listing.source)
      // The first action read both without a mistake.
      guard let request = try? request(from: context.arguments) else { return unfinished }
      let fields = (try? OptionValues.fields(context.arguments, HeroField.self)) ?? nil
      context.console.out(HeroListingOutput.render(listing, settings: context.output, fields: fields))
      let total = Grouped.format(listing.total)
      if listing.heroes.isEmpty {
        context.notice(
          listing.total > 0 ? "No heroes on this page: there are \(total)." : nothingFound(request.query))
      } else if !request.all, listing.offset + listing.heroes.count < listing.total,
        context.output.format == .table || context.arguments.value(.limit) == nil
          || listing.heroes.count < request.query.limit
      {
        // In a pipe too, unless --limit asked for the cut: a script reading the default 20 rows is
        // told more follow, as is one whose --limit went past the API's page of 100.
        let next = listing.offset + listing.heroes.count
        context.notice(
          "Showing \(Grouped.format(listing.offset + 1))–\(Grouped.format(next)) of \(total). "
            + "Next page: --offset \(next), or --all.")
      }
      if request.all, case .api = listing.source,
        let warning = ShortListing.warning(
          promised: max(0, listing.total - listing.offset), received: listing.heroes.count)
      {
        context.console.err("Warning: " + warning)
        return .exit(.failure)
      }
      return .success
    case .failed(let failure): return .failed(failure)
    default: return unfinished
    }
  }

  /// A prefix that found nothing points at `--search`.
  static func nothingFound(_ query: HeroQuery) -> String {
    switch (query.namePrefix, query.search) {
    case (let prefix?, nil):
      let word =
        prefix.allSatisfy { $0.isLetter || $0.isNumber } ? prefix : "'" + prefix.replacing("'", with: #"'\''"#) + "'"
      return "No heroes match '\(prefix)'. For names that contain it: squad heroes --search \(word)"
    case (let prefix?, let text?): return "No heroes' names start with '\(prefix)' and contain '\(text)'."
    case (nil, let text?): return "No heroes' names contain '\(text)'."
    case (nil, nil): return "No heroes in the catalogue."
    }
  }
}
