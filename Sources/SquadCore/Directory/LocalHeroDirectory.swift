/// Answers from the local catalogue alone: no keys, `--offline`, or as the API's fallback.
public struct LocalHeroDirectory: HeroDirectory {
  /// The catalogue answering.
  public let catalogue: LocalCatalogue
  /// How answers are labelled.
  public let source: DataSource

  /// A directory over a catalogue, labelling its answers with `source`.
  public init(catalogue: LocalCatalogue, source: DataSource) {
    self.catalogue = catalogue
    self.source = source
  }

  public var maximumPageSize: Int { Int.max }

  public func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError> {
    .success(catalogue.page(query, source: source))
  }

  public func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError> {
    .success(Sourced(catalogue.hero(id), source: source))
  }

  public func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError> {
    .success(Sourced(catalogue.matching(prefix: prefix, limit: limit), source: source))
  }

  public func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError> {
    .success(Sourced(catalogue.comicsSummary(of: id), source: source))
  }

  public func suggestions(for name: String) async -> [Hero] {
    HeroMatcher.suggestions(for: HeroName.folded(name), in: catalogue.heroes)
  }
}
