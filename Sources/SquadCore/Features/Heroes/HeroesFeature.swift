enum HeroesFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    case fetching(HeroListingRequest, received: HeroPage?)
    case markingMembers(HeroListing)
    case loaded(HeroListing)
    case failed(HeroesFailure)
  }

  enum Action: Equatable, Sendable {
    case listRequested(HeroListingRequest)
    case pageLoaded(Result<HeroPage, SourceError>)
    case squadLoaded(Result<Squad, PersistenceError>)
  }

  enum Effect: Equatable, Sendable {
    case fetch(HeroQuery, all: Bool)
    case loadSquad
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .listRequested(let request)):
      state = .fetching(request, received: nil)
      return [.fetch(request.query, all: request.all)]
    case (.fetching(let request, let received), .pageLoaded(.success(let page))):
      let heroes = received?.followed(by: page) ?? page
      guard !request.all || page.endsListing else {
        state = .fetching(request, received: heroes)
        return []
      }
      let offset = request.all ? request.query.offset : page.offset
      state = .markingMembers(
        HeroListing(
          heroes: heroes.heroes, whole: heroes.whole, offset: offset, total: page.total, source: page.source))
      return [.loadSquad]
    case (.fetching, .pageLoaded(.failure(let error))):
      state = .failed(.source(error))
      return []
    case (.markingMembers(var listing), .squadLoaded(.success(let squad))):
      listing.memberIDs = squad.memberIDs
      state = .loaded(listing)
      return []
    case (.markingMembers, .squadLoaded(.failure(let error))):
      state = .failed(.persistence(error))
      return []
    default: return []
    }
  }
}

struct HeroListingRequest: Equatable, Sendable {
  var query: HeroQuery
  var all = false
}

struct HeroListing: Equatable, Sendable {
  var heroes: [HeroSummary]
  var whole: [Hero]?
  var offset: Int
  var total: Int
  var source: DataSource
  var memberIDs: Set<HeroID> = []
}

extension HeroListing {
  init(whole: [Hero], offset: Int, total: Int, source: DataSource, memberIDs: Set<HeroID> = []) {
    self.init(
      heroes: whole.map { HeroSummary($0) }, whole: whole, offset: offset, total: total, source: source,
      memberIDs: memberIDs)
  }
}
