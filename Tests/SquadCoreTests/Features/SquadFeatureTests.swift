import Foundation
import Testing

@testable import SquadCore

@MainActor
@Suite struct SquadFeatureTests {
  let home = TemporaryDirectory()
  let source = DataSource.catalogue(reason: .noKeys, updatedAt: nil)

  func store(confirm: Bool = true) -> TestStore<SquadFeature, SquadEffects> {
    TestStore(
      initialState: SquadFeature.State(), runner: SquadEffects(environment: Sample.environment(in: home, confirm: confirm)))
  }

  @Test func recruitingResolvesEveryHeroThenSavesOnce() async throws {
    let store = store()
    let refs: [HeroRef] = [.id(HeroID(1_009_610)), .name("hulk")]
    await store.send(.recruitRequested(refs, at: Sample.moment)) { $0.phase = .resolving(.recruit(at: Sample.moment)) }
    await store.receive(.heroesResolved(.success(Sourced([Sample.spiderMan, Sample.hulk], source: source)))) {
      $0.phase = .loading(.recruit(at: Sample.moment), heroes: [Sample.spiderMan, Sample.hulk], forUpdate: true)
      $0.source = source
    }
    let squad = Squad(members: [Sample.member(Sample.spiderMan), Sample.member(Sample.hulk)])
    let change = SquadChange(added: squad.members)
    await store.receive(.squadLoaded(.success(Squad()))) { $0.phase = .saving(squad, change) }
    await store.receive(.squadSaved(.success(squad))) { $0.phase = .done(squad, change) }
    store.finish()
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == squad)
  }

  @Test func recruitingAMemberAgainChangesNothing() async throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    try SquadFile(paths: SquadPaths(home: home.path)).save(squad)
    let before = home.contents("squad.json")
    let store = store()
    await store.send(.recruitRequested([.id(Sample.hulk.id)], at: Sample.moment.addingTimeInterval(60))) {
      $0.phase = .resolving(.recruit(at: Sample.moment.addingTimeInterval(60)))
    }
    await store.receive(.heroesResolved(.success(Sourced([Sample.hulk], source: source)))) {
      $0.phase = .loading(.recruit(at: Sample.moment.addingTimeInterval(60)), heroes: [Sample.hulk], forUpdate: true)
      $0.source = source
    }
    await store.receive(.squadLoaded(.success(squad))) { $0.phase = .done(squad, SquadChange(alreadyMembers: [Sample.hulk])) }
    store.finish()
    #expect(home.contents("squad.json") == before)
  }

  @Test func anAmbiguousNameFailsBeforeTheSquadIsTouched() async {
    let store = store()
    await store.send(.recruitRequested([.name("spider")], at: Sample.moment)) {
      $0.phase = .resolving(.recruit(at: Sample.moment))
    }
    let failure = LookupFailure.ambiguous("spider", candidates: [Sample.spiderMan, Sample.spiderWoman], matchCount: 2)
    await store.receive(.heroesResolved(.failure(failure))) { $0.phase = .failed(.lookup(failure)) }
    store.finish()
    #expect(home.contents("squad.json") == nil)
  }

  @Test func firingAfterAskingReadsWithoutTheLockThenUpdatesUnderIt() async throws {
    let squad = Squad(members: [Sample.member(Sample.spiderMan), Sample.member(Sample.hulk)])
    try SquadFile(paths: SquadPaths(home: home.path)).save(squad)
    // Fire names squad members first; the member's record is what resolves.
    let hulk = Hero(member: Sample.member(Sample.hulk))
    let store = store(confirm: true)
    await store.send(.fireRequested([.name("Hulk")], askFirst: true)) { $0.phase = .resolving(.fire(askFirst: true)) }
    await store.receive(.heroesResolved(.success(Sourced([hulk], source: .squad)))) {
      $0.phase = .loading(.fire(askFirst: true), heroes: [hulk], forUpdate: false)
      $0.source = .squad
    }
    await store.receive(.squadLoaded(.success(squad))) {
      $0.phase = .confirming(squad, firing: [Sample.member(Sample.hulk)], heroes: [hulk])
    }
    await store.receive(.confirmationAnswered(true)) {
      $0.phase = .loading(.fire(askFirst: false), heroes: [hulk], forUpdate: true)
    }
    let remaining = Squad(members: [Sample.member(Sample.spiderMan)])
    let change = SquadChange(removed: [Sample.member(Sample.hulk)])
    await store.receive(.squadLoaded(.success(squad))) { $0.phase = .saving(remaining, change) }
    await store.receive(.squadSaved(.success(remaining))) { $0.phase = .done(remaining, change) }
    store.finish()
  }

  @Test func answeringNoCancelsAndKeepsTheSquad() async throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    try SquadFile(paths: SquadPaths(home: home.path)).save(squad)
    // Fire names squad members first; the member's record is what resolves.
    let hulk = Hero(member: Sample.member(Sample.hulk))
    let store = store(confirm: false)
    await store.send(.fireRequested([.id(Sample.hulk.id)], askFirst: true)) { $0.phase = .resolving(.fire(askFirst: true)) }
    await store.receive(.heroesResolved(.success(Sourced([hulk], source: .squad)))) {
      $0.phase = .loading(.fire(askFirst: true), heroes: [hulk], forUpdate: false)
      $0.source = .squad
    }
    await store.receive(.squadLoaded(.success(squad))) {
      $0.phase = .confirming(squad, firing: [Sample.member(Sample.hulk)], heroes: [hulk])
    }
    await store.receive(.confirmationAnswered(false)) { $0.phase = .cancelled }
    store.finish()
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == squad)
  }

  @Test func firingFindsAMemberTheCatalogueDoesNotKnow() async throws {
    let stranger = Member(
      id: HeroID(4_242_424), name: "Imported Stranger", description: "", thumbnail: nil, recruitedAt: Sample.moment)
    try SquadFile(paths: SquadPaths(home: home.path)).save(Squad(members: [stranger]))
    let store = store()
    await store.send(.fireRequested([.name("imported")], askFirst: false)) { $0.phase = .resolving(.fire(askFirst: false)) }
    let hero = Hero(member: stranger)
    await store.receive(.heroesResolved(.success(Sourced([hero], source: .squad)))) {
      $0.phase = .loading(.fire(askFirst: false), heroes: [hero], forUpdate: true)
      $0.source = .squad
    }
    await store.receive(.squadLoaded(.success(Squad(members: [stranger])))) {
      $0.phase = .saving(Squad(), SquadChange(removed: [stranger]))
    }
    await store.receive(.squadSaved(.success(Squad()))) { $0.phase = .done(Squad(), SquadChange(removed: [stranger])) }
    store.finish()
  }

  @Test func aCorruptSquadFileFailsTheUpdateAndIsLeftAlone() async throws {
    try home.write("{ not json", to: "squad.json")
    let store = store()
    await store.send(.recruitRequested([.id(Sample.thor.id)], at: Sample.moment)) {
      $0.phase = .resolving(.recruit(at: Sample.moment))
    }
    await store.receive(.heroesResolved(.success(Sourced([Sample.thor], source: source)))) {
      $0.phase = .loading(.recruit(at: Sample.moment), heroes: [Sample.thor], forUpdate: true)
      $0.source = source
    }
    let error = PersistenceError(
      path: home.file("squad.json"), reason: .corrupt(detail: "not valid JSON: expected a key in quotes at byte 2"))
    await store.receive(.squadLoaded(.failure(error))) { $0.phase = .failed(.persistence(error)) }
    store.finish()
    #expect(home.contents("squad.json") == Data("{ not json".utf8))
  }
}

@Suite struct SquadReducerTests {
  @Test func firingANonMemberWithoutAskingSavesNothing() {
    var state = SquadFeature.State(phase: .loading(.fire(askFirst: false), heroes: [Sample.thor], forUpdate: true))
    let effects = SquadFeature.reduce(&state, .squadLoaded(.success(Squad())))
    #expect(effects == [])
    #expect(state.phase == .done(Squad(), SquadChange(notMembers: [Sample.thor])))
  }

  @Test func askingToFireNamesEveryoneInThePrompt() {
    let squad = Squad(members: [Sample.member(Sample.hulk), Sample.member(Sample.thor)])
    var state = SquadFeature.State(phase: .loading(.fire(askFirst: true), heroes: [Sample.hulk, Sample.thor], forUpdate: false))
    let effects = SquadFeature.reduce(&state, .squadLoaded(.success(squad)))
    #expect(effects == [.confirm(prompt: "Fire Hulk and Thor from the squad? [y/N] ")])
  }

  @Test func anActionThatDoesNotFitThePhaseChangesNothing() {
    var state = SquadFeature.State(phase: .cancelled)
    #expect(SquadFeature.reduce(&state, .squadSaved(.success(Squad()))) == [])
    #expect(state == SquadFeature.State(phase: .cancelled))
  }

  @Test func listingLoadsWithoutTheLock() {
    var state = SquadFeature.State()
    #expect(SquadFeature.reduce(&state, .listRequested) == [.loadSquad(forUpdate: false)])
    #expect(state.phase == .loading(.list, heroes: [], forUpdate: false))
  }
}
