/// For a configuration that must not silently fall back (one API key without the other): every question fails.
struct UnusableHeroSource: HeroSource {
  let error: SourceError
  var maximumPageSize: Int { HeroQuery.maximumLimit }
  func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError> { .failure(error) }
  func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError> { .failure(error) }
  func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError> { .failure(error) }
  func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError> { .failure(error) }
  func suggestions(for name: String) async -> [Hero] { [] }
}
