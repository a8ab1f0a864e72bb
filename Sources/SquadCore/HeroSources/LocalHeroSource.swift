/// Answers from the local catalogue alone: no keys, or `--offline`. The catalogue is read on the
/// first question, so a command that never looks a hero up (`list`) never maps it.
struct LocalHeroSource: HeroSource {
  private let catalogue: @Sendable () throws(PersistenceError) -> LocalCatalogue
  private let reason: DataSource.LocalReason

  /// A catalogue that cannot be read fails every answer (never "no such hero").
  init(
    catalogue: @escaping @autoclosure @Sendable () throws(PersistenceError) -> LocalCatalogue,
    reason: DataSource.LocalReason
  ) {
    self.catalogue = catalogue
    self.reason = reason
  }

  private func answer<Value>(_ read: (LocalCatalogue, DataSource) -> Value) -> Result<Value, SourceError> {
    do throws(PersistenceError) {
      let catalogue = try catalogue()
      return .success(read(catalogue, .catalogue(reason: reason, updatedAt: catalogue.updatedAt)))
    } catch {
      return .failure(.storage(error))
    }
  }

  var maximumPageSize: Int { Int.max }
  func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError> { answer { $0.page(query, source: $1) } }

  func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError> {
    answer { catalogue, source in (catalogue, Sourced(catalogue.hero(id), source: source)) }.flatMap {
      catalogue, found in
      found.value == nil && catalogue.recordIsDamaged(id) ? .failure(.damagedRecord(id)) : .success(found)
    }
  }

  func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError> {
    answer { Sourced($0.matching(prefix: prefix, limit: limit), source: $1) }
  }

  func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError> {
    answer { Sourced($0.comicsSummary(of: id), source: $1) }
  }

  func suggestions(for name: String) async -> [Hero] {
    let catalogue = (try? catalogue()) ?? LocalCatalogue()
    return HeroMatcher.suggestions(for: HeroName.folded(name), in: catalogue.summaries).compactMap {
      catalogue.hero($0.id)
    }
  }
}
