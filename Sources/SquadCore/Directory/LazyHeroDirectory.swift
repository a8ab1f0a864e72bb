/// Builds its directory on first use, so commands that never look a hero up (`list`) never pay
/// for loading the catalogue.
public final class LazyHeroDirectory: HeroDirectory {
  private let make: @Sendable () -> any HeroDirectory
  private let built = Mutex<(any HeroDirectory)?>(nil)

  /// A directory made by `make` the first time it is asked anything.
  public init(_ make: @escaping @Sendable () -> any HeroDirectory) { self.make = make }

  private var directory: any HeroDirectory {
    built.withLock { slot in
      if let directory = slot { return directory }
      let directory = make()
      slot = directory
      return directory
    }
  }

  public var maximumPageSize: Int { directory.maximumPageSize }
  public func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError> { await directory.page(query) }
  public func allPages(
    from query: HeroQuery, receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void
  ) async {
    await directory.allPages(from: query, receive: receive)
  }
  public func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError> { await directory.hero(id) }
  public func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError> {
    await directory.heroes(namePrefix: prefix, limit: limit)
  }
  public func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError> {
    await directory.comics(of: id)
  }
  public func suggestions(for name: String) async -> [Hero] { await directory.suggestions(for: name) }
}
