/// Chooses where heroes come from for this run, per PRODUCT.md "Where data comes from".
enum DirectoryFactory {
  /// Keys set and not `--offline`: the API (through its cache, falling back to the local
  /// catalogue). One key only: a directory that fails with exit 4. Otherwise the local catalogue.
  static func make(
    paths: SquadPaths, configuration: MarvelConfiguration, transport: (any HTTPTransport)?, offline: Bool,
    warn: @escaping @Sendable (String) -> Void, alert: (@Sendable (String) -> Void)? = nil
  ) -> any HeroDirectory {
    LazyHeroDirectory {
      switch (offline, configuration.keys) {
      case (false, .complete(let credentials)):
        let store = CatalogueStore(paths: paths, warn: warn, alert: alert)
        return APIHeroDirectory(
          client: client(
            paths: paths, configuration: configuration, credentials: credentials, transport: transport, store: store),
          store: store)
      case (false, .incomplete):
        if case .failure(let error) = configuration.credentials { return UnusableHeroDirectory(error: error) }
        return local(paths: paths, reason: .noKeys, warn: warn)
      case (true, _):
        return local(paths: paths, reason: .offline, warn: warn)
      case (false, .none):
        return local(paths: paths, reason: .noKeys, warn: warn)
      }
    }
  }

  /// The live client for a configuration, caching under `paths`; a nil transport is the real network.
  static func client(
    paths: SquadPaths, configuration: MarvelConfiguration, credentials: MarvelCredentials,
    transport: (any HTTPTransport)?, store: CatalogueStore
  ) -> LiveMarvelClient {
    LiveMarvelClient(
      baseURL: configuration.baseURL, credentials: credentials, timeout: configuration.timeout,
      cacheTTL: configuration.cacheTTL, cache: ResponseCache(directory: paths.responsesDirectory, catalogue: store),
      transport: transport ?? URLSessionTransport(libraries: configuration.networkLibraries))
  }

  private static func local(
    paths: SquadPaths, reason: DataSource.LocalReason, warn: @escaping @Sendable (String) -> Void
  )
    -> any HeroDirectory
  {
    let catalogue = CatalogueStore(paths: paths, warn: warn).catalogue
    return LocalHeroDirectory(catalogue: catalogue, source: .catalogue(reason: reason, updatedAt: catalogue.updatedAt))
  }
}
