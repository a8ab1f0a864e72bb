/// `squad heroes [<prefix>]`: a page of the catalogue, or all of it.
enum HeroesCommand: FeatureCommand {
  typealias Machine = HeroesFeature

  static let spec = CommandSpec(
    name: "heroes",
    abstract: "List heroes, or those whose names start with a prefix.",
    discussion: """
      Lists one page of heroes (20 unless --limit says otherwise) with their id, name, number of
      comics and whether they are in your squad. --all follows the listing to its end.
      With API keys set, heroes come from the Marvel API; otherwise from the local catalogue.
      """,
    arguments: [
      ArgumentSpec("prefix", help: "Only heroes whose names start with this (case-insensitive).", isOptional: true)
    ],
    options: [
      OptionSpec(.limit, value: "n", help: "How many heroes to show, 1 to 100. (default: 20)"),
      OptionSpec(.offset, value: "n", help: "How many heroes to skip first. (default: 0)"),
      OptionSpec(.all, help: "List every matching hero, page after page."),
      OptionSpec(
        .order, value: "order", choices: HeroOrder.allCases.map(\.rawValue),
        help: "Sort by name, -name, modified or -modified. (default: name)"),
    ],
    examples: [
      "squad heroes", "squad heroes spi", "squad heroes --order -modified --limit 5",
      "squad heroes --all --format csv > heroes.csv",
    ],
    takesOutputFormat: true)

  static func request(from arguments: ParsedArguments) -> Result<HeroListingRequest, UsageError> {
    OptionValues.integer(arguments, .limit, in: 1...HeroQuery.maximumLimit, default: 20).flatMap { limit in
      OptionValues.integer(
        arguments, .offset, in: 0...HeroQuery.maximumOffset, default: 0, limit: HeroQuery.maximumOffsetReason
      ).map { offset in
        let prefix = arguments.positionals.first.flatMap { $0.isEmpty ? nil : $0 }
        let order = arguments.value(.order).flatMap(HeroOrder.init(rawValue:)) ?? .name
        return HeroListingRequest(
          query: HeroQuery(namePrefix: prefix, order: order, offset: offset, limit: limit), all: arguments.has(.all))
      }
    }
  }

  static let initialState = HeroesFeature.State.idle
  static let unfinished = "The listing stopped unexpectedly."

  static func runner(_ parts: LiveParts) -> HeroesEffects { HeroesEffects(environment: parts.environment) }

  static func firstAction(_ context: CommandContext) -> Result<HeroesFeature.Action, UsageError> {
    request(from: context.arguments).map { .listRequested($0) }
  }

  static func report(_ state: HeroesFeature.State, _ context: CommandContext) -> CommandOutcome? {
    switch state {
    case .loaded(let listing):
      let request = try? request(from: context.arguments).get()
      let all = request?.all == true
      context.console.out(HeroListingOutput.render(listing, settings: context.output))
      if listing.heroes.isEmpty {
        context.notice(request?.query.namePrefix.map { "No heroes match '\($0)'." } ?? "No heroes on this page.")
      } else if !all, listing.offset + listing.heroes.count < listing.total, context.output.format == .table {
        let next = listing.offset + listing.heroes.count
        context.notice(
          "Showing \(listing.offset + 1)–\(next) of \(listing.total). Next page: --offset \(next), or --all.")
      }
      if all, case .api = listing.source,
        let warning = ShortListing.warning(
          promised: max(0, listing.total - listing.offset), received: listing.heroes.count)
      {
        context.console.err("Warning: " + warning)
        return .exit(.failure)
      }
      return .success
    case .failed(let failure):
      return .failed(failure)
    default:
      return nil
    }
  }
}

extension HeroesFeature.State: StatusReporting, SourceReporting {
  public var dataSource: DataSource? {
    guard case .loaded(let listing) = self else { return nil }
    return listing.source
  }

  public var statusLine: String? {
    switch self {
    case .fetching(_, let received, let total?): return "Fetching heroes… \(received.count) of \(total)"
    case .fetching: return "Fetching heroes…"
    case .markingMembers: return "Loading squad…"
    default: return nil
    }
  }
}
