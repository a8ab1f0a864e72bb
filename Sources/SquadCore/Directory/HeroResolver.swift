/// Resolves what the user typed into heroes, all of them before anything is changed.
public struct HeroResolver: Sendable {
  /// Where heroes are looked up.
  public let directory: any HeroDirectory

  /// A resolver over a directory.
  public init(directory: any HeroDirectory) { self.directory = directory }

  /// Every reference resolved in order, duplicates removed; the first failure stops it.
  /// The source is the least fresh of the answers (a fallback, if any answer was one).
  public func resolve(_ refs: [HeroRef]) async -> Result<Sourced<[Hero]>, LookupFailure> {
    var heroes: [Hero] = []
    var source: DataSource?
    for ref in refs {
      switch await resolve(ref) {
      case .success(let answer):
        if !heroes.contains(where: { $0.id == answer.value.id }) { heroes.append(answer.value) }
        if source == nil || answer.source.isFallback { source = answer.source }
      case .failure(let failure):
        return .failure(failure)
      }
    }
    return .success(Sourced(heroes, source: source ?? .catalogue(reason: .noKeys, updatedAt: nil)))
  }

  /// One reference: an id must exist; a name must match exactly or by a unique prefix.
  public func resolve(_ ref: HeroRef) async -> Result<Sourced<Hero>, LookupFailure> {
    switch ref {
    case .id(let id):
      switch await directory.hero(id) {
      case .success(let answer):
        guard let hero = answer.value else { return .failure(.unknownID(id)) }
        return .success(Sourced(hero, source: answer.source))
      case .failure(let error):
        return .failure(.source(error))
      }
    case .name(let name):
      switch await directory.heroes(namePrefix: name, limit: HeroQuery.maximumLimit) {
      case .failure(let error):
        return .failure(.source(error))
      case .success(let answer):
        let nearby = answer.value.isEmpty ? await directory.suggestions(for: name) : []
        return HeroMatcher.pick(name, among: answer.value, nearby: nearby).map { Sourced($0, source: answer.source) }
      }
    }
  }
}
