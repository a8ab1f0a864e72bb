import Foundation
import Testing

@testable import SquadCore

@MainActor
@Suite struct SquadFeatureTests {
  let home = TemporaryDirectory()
  let source = DataSource.catalogue(reason: .noKeys, updatedAt: nil)

  func store(confirm: Bool = true) -> TestStore<SquadFeature, SquadEffects> {
    TestStore(
      initialState: SquadFeature.State(),
      runner: SquadEffects(environment: Sample.environment(in: home, confirm: confirm)))
  }

  @Test func recruitingResolvesEveryHeroThenSavesOnce() async throws {
    let store = store()
    let refs: [HeroRef] = [.id(HeroID(1_009_610)), .name("hulk")]
    await store.send(.recruitRequested(refs, at: Sample.moment)) {
      $0.phase = .resolving(.recruit(at: Sample.moment), squad: nil)
    }
    await store.receive(.heroesResolved(.success(Sourced([Sample.spiderMan, Sample.hulk], source: source)))) {
      $0.phase = .updating(.recruit(at: Sample.moment), heroes: [Sample.spiderMan, Sample.hulk])
      $0.source = source
    }
    let squad = Squad(members: [Sample.member(Sample.spiderMan), Sample.member(Sample.hulk)])
    let change = SquadChange(added: squad.members)
    await store.receive(.squadUpdated(.success(SquadUpdateResult(squad: squad, change: change)))) {
      $0.phase = .done(squad, change)
    }
    store.finish()
    #expect(try SquadFile(paths: SquadPaths(home: home.path)).load() == squad)
  }

  /// Found by the attack: a change waiting for another squad command's lock showed only
  /// "Saving squad…". The other command here lets the lock go once the wait is said; a
  /// watchdog lets it go after 30 s so a wait never said fails the test instead of hanging it.
  @Test func aSaveWaitingForAnotherCommandsLockSaysSo() async throws {
    let file = SquadFile(paths: SquadPaths(home: home.path))
    let other = Mutex<FileLock?>(try FileLock(path: file.lockPath))
    let watchdog = Task.detached {
      try await Task.sleep(for: .seconds(30))
      other.withLock { $0 = nil }
    }
    defer { watchdog.cancel() }
    #expect(file.isBusy)
    let sent = Mutex<[SquadFeature.Action]>([])
    await SquadEffects(environment: Sample.environment(in: home)).run(
      .updateSquad(.recruit(at: Sample.moment), heroes: [Sample.hulk])
    ) { action in
      sent.withLock { $0.append(action) }
      if action == .waitingForLock { other.withLock { $0 = nil } }
    }
    let actions = sent.withLock { $0 }
    #expect(actions.first == .waitingForLock && actions.count == 2, "\(actions)")
    #expect(try file.load().memberIDs == [Sample.hulk.id] as Set)
    #expect(!file.isBusy)

    var state = SquadFeature.State(phase: .updating(.recruit(at: Sample.moment), heroes: [Sample.hulk]))
    #expect(RecruitCommand.status(state) == "Saving squad…")
    _ = SquadFeature.reduce(&state, .waitingForLock)
    #expect(RecruitCommand.status(state) == "Waiting for another squad command to finish…")
  }

  @Test func recruitingAMemberAgainChangesNothing() async throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    try SquadFile(paths: SquadPaths(home: home.path)).save(squad)
    let before = home.contents("squad.json")
    let store = store()
    let later = Sample.moment.addingTimeInterval(60)
    await store.send(.recruitRequested([.id(Sample.hulk.id)], at: later)) {
      $0.phase = .resolving(.recruit(at: later), squad: nil)
    }
    await store.receive(.heroesResolved(.success(Sourced([Sample.hulk], source: source)))) {
      $0.phase = .updating(.recruit(at: later), heroes: [Sample.hulk])
      $0.source = source
    }
    let change = SquadChange(alreadyMembers: [Sample.hulk])
    await store.receive(.squadUpdated(.success(SquadUpdateResult(squad: squad, change: change)))) {
      $0.phase = .done(squad, change)
    }
    store.finish()
    #expect(home.contents("squad.json") == before)
  }

  @Test func anAmbiguousNameFailsBeforeTheSquadIsTouched() async {
    let store = store()
    await store.send(.recruitRequested([.name("spider")], at: Sample.moment)) {
      $0.phase = .resolving(.recruit(at: Sample.moment), squad: nil)
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
    await store.send(.fireRequested([.name("Hulk")], askFirst: true, from: .default)) {
      $0.phase = .loading(.fire(askFirst: true), heroes: [.name("Hulk")])
    }
    await store.receive(.squadLoaded(.success(squad))) { $0.phase = .resolving(.fire(askFirst: true), squad: squad) }
    await store.receive(.heroesResolved(.success(Sourced([hulk], source: .squad)))) {
      $0.phase = .confirming(firing: [Sample.member(Sample.hulk)], heroes: [hulk])
      $0.source = .squad
    }
    await store.receive(.confirmationAnswered(true)) { $0.phase = .updating(.fire(askFirst: false), heroes: [hulk]) }
    let remaining = Squad(members: [Sample.member(Sample.spiderMan)])
    let change = SquadChange(removed: [Sample.member(Sample.hulk)])
    await store.receive(.squadUpdated(.success(SquadUpdateResult(squad: remaining, change: change)))) {
      $0.phase = .done(remaining, change)
    }
    store.finish()
  }

  @Test func theUpdateAppliesTheFireToTheSquadReadUnderTheLock() async throws {
    // Someone recruited Thor while the user read the prompt: firing Hulk must keep Thor.
    let file = SquadFile(paths: SquadPaths(home: home.path))
    try file.save(Squad(members: [Sample.member(Sample.hulk), Sample.member(Sample.thor)]))
    let hulk = Hero(member: Sample.member(Sample.hulk))
    let store = TestStore<SquadFeature, SquadEffects>(
      initialState: SquadFeature.State(phase: .confirming(firing: [Sample.member(Sample.hulk)], heroes: [hulk])),
      runner: SquadEffects(environment: Sample.environment(in: home)))
    await store.send(.confirmationAnswered(true)) { $0.phase = .updating(.fire(askFirst: false), heroes: [hulk]) }
    let after = Squad(members: [Sample.member(Sample.thor)])
    let change = SquadChange(removed: [Sample.member(Sample.hulk)])
    await store.receive(.squadUpdated(.success(SquadUpdateResult(squad: after, change: change)))) {
      $0.phase = .done(after, change)
    }
    store.finish()
    #expect(try file.load() == after)
  }

  @Test func answeringNoCancelsAndKeepsTheSquad() async throws {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    try SquadFile(paths: SquadPaths(home: home.path)).save(squad)
    // Fire names squad members first; the member's record is what resolves.
    let hulk = Hero(member: Sample.member(Sample.hulk))
    let store = store(confirm: false)
    await store.send(.fireRequested([.id(Sample.hulk.id)], askFirst: true, from: .default)) {
      $0.phase = .loading(.fire(askFirst: true), heroes: [.id(Sample.hulk.id)])
    }
    await store.receive(.squadLoaded(.success(squad))) { $0.phase = .resolving(.fire(askFirst: true), squad: squad) }
    await store.receive(.heroesResolved(.success(Sourced([hulk], source: .squad)))) {
      $0.phase = .confirming(firing: [Sample.member(Sample.hulk)], heroes: [hulk])
      $0.source = .squad
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
    await store.send(.fireRequested([.name("imported")], askFirst: false, from: .default)) {
      $0.phase = .loading(.fire(askFirst: false), heroes: [.name("imported")])
    }
    let squad = Squad(members: [stranger])
    await store.receive(.squadLoaded(.success(squad))) { $0.phase = .resolving(.fire(askFirst: false), squad: squad) }
    let hero = Hero(member: stranger)
    await store.receive(.heroesResolved(.success(Sourced([hero], source: .squad)))) {
      $0.phase = .updating(.fire(askFirst: false), heroes: [hero])
      $0.source = .squad
    }
    let change = SquadChange(removed: [stranger])
    await store.receive(.squadUpdated(.success(SquadUpdateResult(squad: Squad(), change: change)))) {
      $0.phase = .done(Squad(), change)
    }
    store.finish()
  }

  @Test func aCorruptSquadFileFailsTheUpdateAndIsLeftAlone() async throws {
    try home.write("{ not json", to: "squad.json")
    let store = store()
    await store.send(.recruitRequested([.id(Sample.thor.id)], at: Sample.moment)) {
      $0.phase = .resolving(.recruit(at: Sample.moment), squad: nil)
    }
    await store.receive(.heroesResolved(.success(Sourced([Sample.thor], source: source)))) {
      $0.phase = .updating(.recruit(at: Sample.moment), heroes: [Sample.thor])
      $0.source = source
    }
    let error = PersistenceError(
      path: home.file("squad.json"), reason: .corrupt(detail: "not valid JSON: expected a key in quotes at byte 2"))
    await store.receive(.squadUpdated(.failure(.file(error)))) { $0.phase = .failed(.file(error)) }
    store.finish()
    #expect(home.contents("squad.json") == Data("{ not json".utf8))
  }
}

@Suite struct SquadReducerTests {
  @Test func askingToFireANonMemberAsksNothingAndSavesNothing() {
    var state = SquadFeature.State(phase: .resolving(.fire(askFirst: true), squad: Squad()))
    let effects = SquadFeature.reduce(&state, .heroesResolved(.success(Sourced([Sample.thor], source: .squad))))
    #expect(effects == [])
    #expect(state.phase == .done(Squad(), SquadChange(notMembers: [Sample.thor])))
  }

  @Test func askingToFireNamesEveryoneInThePrompt() {
    let squad = Squad(members: [Sample.member(Sample.hulk), Sample.member(Sample.thor)])
    var state = SquadFeature.State(phase: .resolving(.fire(askFirst: true), squad: squad))
    let effects = SquadFeature.reduce(
      &state, .heroesResolved(.success(Sourced([Sample.hulk, Sample.thor], source: .squad))))
    #expect(effects == [.confirm(prompt: "Fire Hulk and Thor from the squad? [y/N] ")])
  }

  @Test func askingToFireFromANamedSquadNamesIt() {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    let avengers = try? SquadName.parse("avengers").get()
    var state = SquadFeature.State(phase: .resolving(.fire(askFirst: true), squad: squad), squad: avengers ?? .default)
    let effects = SquadFeature.reduce(&state, .heroesResolved(.success(Sourced([Sample.hulk], source: .squad))))
    #expect(effects == [.confirm(prompt: "Fire Hulk from avengers? [y/N] ")])
  }

  @Test func aFireChangesOnlyTheSquadItRead() {
    let squad = Squad(members: [Sample.member(Sample.hulk)])
    let avengers = (try? SquadName.parse("avengers").get()) ?? .default
    for askFirst in [true, false] {
      var state = SquadFeature.State()
      _ = SquadFeature.reduce(&state, .fireRequested([.name("Hulk")], askFirst: askFirst, from: avengers))
      _ = SquadFeature.reduce(&state, .squadLoaded(.success(squad), identity: [7, 9]))
      var effects = SquadFeature.reduce(&state, .heroesResolved(.success(Sourced([Sample.hulk], source: .squad))))
      if askFirst {
        #expect(effects == [.confirm(prompt: "Fire Hulk from avengers? [y/N] ")])
        effects = SquadFeature.reduce(&state, .confirmationAnswered(true))
      }
      #expect(effects == [.updateSquad(.fire(askFirst: false), heroes: [Sample.hulk], squad: [7, 9])], "\(askFirst)")
    }
  }

  @Test func firingWithoutAskingGoesStraightToTheUpdate() {
    var state = SquadFeature.State(phase: .resolving(.fire(askFirst: false), squad: Squad()))
    let effects = SquadFeature.reduce(&state, .heroesResolved(.success(Sourced([Sample.thor], source: .squad))))
    #expect(effects == [.updateSquad(.fire(askFirst: false), heroes: [Sample.thor])])
  }

  @Test func anActionThatDoesNotFitThePhaseChangesNothing() {
    var state = SquadFeature.State(phase: .cancelled)
    #expect(SquadFeature.reduce(&state, .squadLoaded(.success(Squad()))) == [])
    #expect(state == SquadFeature.State(phase: .cancelled))
  }

  @Test func listingLoadsWithoutTheLock() {
    var state = SquadFeature.State()
    #expect(SquadFeature.reduce(&state, .listRequested) == [.loadSquad])
    #expect(state.phase == .loading(.list, heroes: []))
  }
}
