import Testing

@testable import SquadCore

@MainActor
@Suite struct HeroesFeatureTests {
  let home = TemporaryDirectory()
  let source = DataSource.catalogue(reason: .noKeys, updatedAt: nil)

  @Test func aPageIsMarkedWithSquadMembers() async throws {
    try SquadFile(paths: SquadPaths(home: home.path)).save(Squad(members: [Sample.member(Sample.hulk)]))
    let store = TestStore<HeroesFeature, HeroesEffects>(
      initialState: .idle, runner: HeroesEffects(environment: Sample.environment(in: home)))
    let request = HeroListingRequest(query: HeroQuery(namePrefix: "hul", limit: 20))
    await store.send(.listRequested(request)) { $0 = .fetching(request, received: nil) }
    // Read from the catalogue: summaries, at their places in name order.
    let heroes = [HeroSummary(Sample.hulk, position: 0), HeroSummary(Sample.hulkling, position: 1)]
    let page = HeroPage(heroes: heroes, offset: 0, total: 2, source: source)
    let listing = HeroListing(heroes: page.heroes, offset: 0, total: 2, source: source)
    await store.receive(.pageLoaded(.success(page))) { $0 = .markingMembers(listing) }
    await store.receive(.squadLoaded(.success(Squad(members: [Sample.member(Sample.hulk)])))) {
      $0 = .loaded(HeroListing(heroes: page.heroes, offset: 0, total: 2, source: source, memberIDs: [Sample.hulk.id]))
    }
    store.finish()
  }

  @Test func allFollowsTotalAcrossPages() {
    let request = HeroListingRequest(query: HeroQuery(limit: 2), all: true)
    var state = HeroesFeature.State.fetching(request, received: nil)
    let first = HeroPage(whole: [Sample.hulk, Sample.hulkling], offset: 0, total: 3, source: source)
    #expect(HeroesFeature.reduce(&state, .pageLoaded(.success(first))) == [])
    #expect(state == .fetching(request, received: first))
    #expect(HeroesCommand.status(state) == "Fetching heroes… 2 of 3")
    let second = HeroPage(whole: [Sample.thor], offset: 2, total: 3, source: source, endsListing: true)
    #expect(HeroesFeature.reduce(&state, .pageLoaded(.success(second))) == [.loadSquad])
    #expect(
      state
        == .markingMembers(
          HeroListing(whole: [Sample.hulk, Sample.hulkling, Sample.thor], offset: 0, total: 3, source: source)))
  }

  @Test func aFailedPageFailsTheListing() {
    let request = HeroListingRequest(query: HeroQuery())
    var state = HeroesFeature.State.fetching(request, received: nil)
    let error = SourceError.unavailable("The Marvel API could not be reached.")
    #expect(HeroesFeature.reduce(&state, .pageLoaded(.failure(error))) == [])
    #expect(state == .failed(.source(error)))
  }
}

@MainActor
@Suite struct HeroDetailFeatureTests {
  let home = TemporaryDirectory()

  @Test func showResolvesANameThenAsksForComics() async {
    let source = DataSource.catalogue(reason: .noKeys, updatedAt: nil)
    let store = TestStore<HeroDetailFeature, HeroDetailEffects>(
      initialState: .idle, runner: HeroDetailEffects(environment: Sample.environment(in: home)))
    await store.send(.showRequested(.name("THOR"))) { $0 = .resolving(.name("THOR")) }
    await store.receive(.heroResolved(.success(Sourced(Sample.thor, source: source)))) {
      $0 = .loadingComics(Sample.thor, source: source)
    }
    await store.receive(.comicsLoaded(.success(Sourced(nil, source: source)))) {
      $0 = .loaded(HeroDetail(hero: Sample.thor, comics: nil, source: source))
    }
    store.finish()
  }

  @Test func anUnknownIdFails() async {
    let store = TestStore<HeroDetailFeature, HeroDetailEffects>(
      initialState: .idle, runner: HeroDetailEffects(environment: Sample.environment(in: home)))
    await store.send(.showRequested(.id(HeroID(1)))) { $0 = .resolving(.id(HeroID(1))) }
    await store.receive(.heroResolved(.failure(.unknownID(HeroID(1))))) { $0 = .failed(.unknownID(HeroID(1))) }
    store.finish()
  }
}
