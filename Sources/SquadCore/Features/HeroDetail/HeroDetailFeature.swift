enum HeroDetailFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    case resolving(HeroRef)
    case loadingComics(Hero, source: DataSource)
    case loaded(HeroDetail)
    case failed(LookupFailure)
  }

  enum Action: Equatable, Sendable {
    case showRequested(HeroRef)
    case heroResolved(Result<Sourced<Hero>, LookupFailure>)
    case comicsLoaded(Result<Sourced<ComicsSummary?>, SourceError>)
  }

  enum Effect: Equatable, Sendable {
    case resolveHero(HeroRef)
    case fetchComics(HeroID)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .showRequested(let ref)):
      state = .resolving(ref)
      return [.resolveHero(ref)]
    case (.resolving, .heroResolved(.success(let answer))):
      state = .loadingComics(answer.value, source: answer.source)
      return [.fetchComics(answer.value.id)]
    case (.resolving, .heroResolved(.failure(let failure))):
      state = .failed(failure)
      return []
    case (.loadingComics(let hero, let source), .comicsLoaded(.success(let answer))):
      // A fallback for the comics makes the whole answer a fallback, so the notice is shown.
      let combined = answer.source.isFallback ? answer.source : source
      state = .loaded(HeroDetail(hero: hero, comics: answer.value, source: combined))
      return []
    case (.loadingComics, .comicsLoaded(.failure(let error))):
      state = .failed(.source(error))
      return []
    default: return []
    }
  }
}

struct HeroDetail: Equatable, Sendable {
  var hero: Hero
  var comics: ComicsSummary?
  var source: DataSource
  /// Their rank by each count among the catalogue's heroes (``LocalCatalogue/ranks(of:)``).
  var ranks: [HeroRank?] = []
  var squads: [SquadName]?
}
