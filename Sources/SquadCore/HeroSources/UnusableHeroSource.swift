/// A source that cannot answer, for a configuration that must not silently fall back (one
/// API key without the other): every question fails with the same error.
public struct UnusableHeroSource: HeroSource {
  /// The error every answer carries.
  public let error: SourceError

  /// A source failing with `error`.
  public init(error: SourceError) { self.error = error }

  public var maximumPageSize: Int { HeroQuery.maximumLimit }
  public func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError> { .failure(error) }
  public func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError> { .failure(error) }
  public func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError> {
    .failure(error)
  }
  public func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError> { .failure(error) }
  public func suggestions(for name: String) async -> [Hero] { [] }
}
