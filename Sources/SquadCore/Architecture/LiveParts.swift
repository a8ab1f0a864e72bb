import Foundation

/// The live parts of one run, built once per process
/// (``live(paths:squad:configuration:console:quiet:silent:transport:)``) and handed to features:
/// commands never build a store, a client or a file of their own.
struct LiveParts: Sendable {
  let paths: SquadPaths
  let console: Console
  /// The local catalogue: the one reader and writer of `catalogue.sqc` in this process.
  let catalogue: CatalogueStore
  let squads: SquadSet
  /// The Marvel API client, or why there is none (no keys, or only one).
  let marvel: Result<any MarvelClient, SourceError>
  /// What effects touch: where heroes come from, the selected squad's file, the clock, the prompt.
  let environment: AppEnvironment
  /// What made this run offline (``MarvelConfiguration/offline``); nil when it may go online.
  let offline: String?

  /// The one composition root. Heroes come from where PRODUCT.md "Where data comes from" says: keys
  /// set and not offline, the API (through its cache, falling back to the local catalogue); one key
  /// only, an answer that fails with exit 4; otherwise the local catalogue, read on first use.
  /// `silent` (tab completion) silences even what `quiet` keeps. A nil transport is the real network.
  static func live(
    paths: SquadPaths, squad: SquadName, configuration: MarvelConfiguration, console: Console,
    quiet: Bool, silent: Bool, transport: (any HTTPTransport)?
  ) -> LiveParts {
    let warn: @Sendable (String) -> Void = { if !quiet, !silent { console.err("Warning: " + TextSanitizer.clean($0)) } }
    // About the user's data (a damaged catalogue moved aside): said even with --quiet, like an error.
    let alert: @Sendable (String) -> Void = { if !silent { console.err("Warning: " + TextSanitizer.clean($0)) } }
    let now: @Sendable () -> Date = Date.init
    let catalogue = CatalogueStore(paths: paths, warn: warn, alert: alert)
    let marvel = configuration.credentials.flatMap { credentials -> Result<any MarvelClient, SourceError> in
      // Said before any network work starts, since that is when the real network would trap.
      if transport == nil, let reason = NetworkLibrary.unavailableWithoutProc { return .failure(.unavailable(reason)) }
      return .success(
        LiveMarvelClient(
          baseURL: configuration.baseURL, credentials: credentials, timeout: configuration.timeout,
          cacheTTL: configuration.cacheTTL,
          cache: ResponseCache(directory: paths.responsesDirectory, catalogue: catalogue),
          transport: transport ?? URLSessionTransport(libraries: configuration.networkLibraries)))
    }
    let heroes: any HeroSource
    let offline = configuration.offline != nil
    switch (offline, configuration.keys, marvel) {
    case (false, _, .success(let client)): heroes = APIHeroSource(client: client, store: catalogue, now: now)
    case (false, let keys, .failure(let error)) where keys != .none: heroes = UnusableHeroSource(error: error)
    default: heroes = LocalHeroSource(catalogue: try catalogue.read(), reason: offline ? .offline : .noKeys)
    }
    let squads = SquadSet(paths: paths, warn: warn, alert: alert)
    let environment = AppEnvironment(
      heroes: heroes, squadFile: squads.file(squad), now: now,
      confirm: { prompt in
        console.prompt(TextSanitizer.clean(prompt))
        let answer = console.readLine()?.trimmingWhitespace().lowercased()
        return answer == "y" || answer == "yes"
      })
    return LiveParts(
      paths: paths, console: console, catalogue: catalogue, squads: squads, marvel: marvel,
      environment: environment, offline: configuration.offline)
  }
}
