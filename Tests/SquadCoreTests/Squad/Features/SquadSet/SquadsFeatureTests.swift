import Foundation
import Testing

@testable import SquadCore

@MainActor
@Suite struct SquadsFeatureTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  func store(confirm: Bool = true) -> TestStore<SquadsFeature, SquadsEffects> {
    TestStore(
      initialState: .idle,
      runner: SquadsEffects(set: SquadSet(paths: paths), environment: Sample.environment(in: home, confirm: confirm)))
  }

  func name(_ text: String) throws -> SquadName { try SquadName.parse(text).get() }

  @Test func createThenListShowsTheNewSquadWithItsLimit() async throws {
    let six = try name("six")
    let store = store()
    await store.send(.changeRequested(.create(six, maxMembers: 6, at: Sample.moment))) {
      $0 = .changing(.create(six, maxMembers: 6, at: Sample.moment))
    }
    await store.receive(.changeFinished(.success(.done))) {
      $0 = .changed(.create(six, maxMembers: 6, at: Sample.moment), .done)
    }
    store.finish()
    let list = self.store()
    await list.send(.listRequested) { $0 = .loading(deleting: nil, askFirst: false, at: nil) }
    let summaries = [
      SquadSummary(name: .default, members: 0),
      SquadSummary(
        name: six, members: 0, maxMembers: 6, lastChange: Sample.moment,
        identity: try SquadSet(paths: paths).file(six).identity),
    ]
    await list.receive(.squadsLoaded(.success(summaries))) { $0 = .listed(summaries) }
    list.finish()
  }

  @Test func creatingATakenNameFails() async throws {
    let six = try name("six")
    _ = try SquadSet(paths: paths).create(six, maxMembers: nil, at: Sample.moment)
    let store = store()
    await store.send(.changeRequested(.create(six, maxMembers: nil, at: Sample.moment))) {
      $0 = .changing(.create(six, maxMembers: nil, at: Sample.moment))
    }
    await store.receive(.changeFinished(.failure(.exists(six)))) { $0 = .failed(.exists(six)) }
    store.finish()
  }

  @Test func deleteAsksNamingTheMembersAndAnswerNoChangesNothing() async throws {
    let six = try name("six")
    _ = try SquadSet(paths: paths).create(six, maxMembers: nil, at: Sample.moment)
    let store = store(confirm: false)
    await store.send(.deleteRequested(six, askFirst: true, at: Sample.moment)) {
      $0 = .loading(deleting: six, askFirst: true, at: Sample.moment)
    }
    let identity = try SquadSet(paths: paths).file(six).identity
    let summaries = [
      SquadSummary(name: .default, members: 0),
      SquadSummary(name: six, members: 0, lastChange: Sample.moment, identity: identity),
    ]
    await store.receive(.squadsLoaded(.success(summaries))) {
      $0 = .confirming(six, at: Sample.moment, asked: identity)
    }
    await store.receive(.confirmationAnswered(false)) { $0 = .cancelled }
    store.finish()
    #expect(try SquadSet(paths: paths).names() == [.default, six])
  }

  @Test func deleteConfirmedMovesTheSquadAsideAndSaysHowManyMembersWent() async throws {
    let six = try name("six")
    _ = try SquadSet(paths: paths).create(six, maxMembers: nil, at: Sample.moment)
    _ = try SquadFile(paths: paths, name: six).update(
      .recruit(at: Sample.moment), heroes: [Sample.hulk], at: Sample.moment)
    let lastChange = try SquadFile(paths: paths, name: six).history.read().entries.last?.at
    let store = store(confirm: true)
    await store.send(.deleteRequested(six, askFirst: true, at: Sample.moment)) {
      $0 = .loading(deleting: six, askFirst: true, at: Sample.moment)
    }
    let roster = try SquadFile(paths: paths, name: six).load().members
    let identity = try SquadSet(paths: paths).file(six).identity
    let summaries = [
      SquadSummary(name: .default, members: 0),
      SquadSummary(name: six, members: 1, lastChange: lastChange, roster: roster, identity: identity),
    ]
    await store.receive(.squadsLoaded(.success(summaries))) {
      $0 = .confirming(six, at: Sample.moment, asked: identity)
    }
    let request = SquadsRequest.delete(six, at: Sample.moment, asked: identity)
    await store.receive(.confirmationAnswered(true)) { $0 = .changing(request) }
    let folder = paths.deletedSquadsDirectory + "/six-\(Int(Sample.moment.timeIntervalSince1970 * 1000))-\(getpid())"
    await store.receive(.changeFinished(.success(.deleted(members: 1, keptIn: folder)))) {
      $0 = .changed(request, .deleted(members: 1, keptIn: folder))
    }
    store.finish()
    #expect(try SquadSet(paths: paths).names() == [.default])
    let kept = try FileManager.default.contentsOfDirectory(atPath: paths.deletedSquadsDirectory)
    #expect(kept.count == 1 && kept[0].hasPrefix("six-"))
  }

  /// The deletion a person confirmed deletes the squad they were asked about (its identity,
  /// which a rename keeps), never another squad renamed to the name while the question waited.
  @Test func deleteRefusesASquadRenamedToTheNameWhileTheQuestionWaited() throws {
    let set = SquadSet(paths: paths)
    let (asked, other, aside) = (try name("asked"), try name("other"), try name("aside"))
    for squad in [asked, other] { _ = try set.create(squad, maxMembers: nil, at: Sample.moment) }
    let identity = try #require(try set.file(asked).identity)
    try set.rename(asked, to: aside, at: Sample.moment)
    try set.rename(other, to: asked, at: Sample.moment)
    do {
      _ = try set.delete(asked, at: Sample.moment, asked: identity)
      Issue.record("another squad holding the name was deleted")
    } catch {
      guard case .file(let problem) = error, case .changedMeanwhile(let during, _) = problem.reason else {
        Issue.record("expected a refusal, got \(error)")
        return
      }
      #expect(during == "while the question waited" && error.exitCode == .failure)
    }
    #expect(try set.names() == [.default, aside, asked])
    #expect(try set.deleted().isEmpty)
    _ = try set.delete(aside, at: Sample.moment, asked: identity)
    #expect(try set.names() == [.default, asked])
  }

  @Test func deletingAMissingSquadFailsBeforeAsking() async throws {
    let ghost = try name("ghost")
    let store = store()
    await store.send(.deleteRequested(ghost, askFirst: true, at: Sample.moment)) {
      $0 = .loading(deleting: ghost, askFirst: true, at: Sample.moment)
    }
    await store.receive(.squadsLoaded(.success([SquadSummary(name: .default, members: 0)]))) {
      $0 = .failed(.missing(ghost))
    }
    store.finish()
  }

  @Test func renameMovesTheSquadWithItsHistory() async throws {
    let old = try name("old")
    let new = try name("new")
    _ = try SquadSet(paths: paths).create(old, maxMembers: 3, at: Sample.moment)
    let store = store()
    await store.send(.changeRequested(.rename(old, to: new, at: Sample.moment))) {
      $0 = .changing(.rename(old, to: new, at: Sample.moment))
    }
    await store.receive(.changeFinished(.success(.done))) {
      $0 = .changed(.rename(old, to: new, at: Sample.moment), .done)
    }
    store.finish()
    let file = SquadFile(paths: paths, name: new)
    #expect(try file.load().maxMembers == 3)
    #expect(try file.history.read().entries.map(\.kind) == [.create, .rename])
  }

  @Test func aLimitIsSetRecordedAndNeverBelowTheMembers() async throws {
    let six = try name("six")
    _ = try SquadSet(paths: paths).create(six, maxMembers: 6, at: Sample.moment)
    let file = SquadFile(paths: paths, name: six)
    _ = try file.update(.recruit(at: Sample.moment), heroes: [Sample.hulk, Sample.thor], at: Sample.moment)
    let store = store()
    await store.send(.changeRequested(.limit(six, maxMembers: 1, at: Sample.moment))) {
      $0 = .changing(.limit(six, maxMembers: 1, at: Sample.moment))
    }
    await store.receive(.changeFinished(.failure(.belowMembers(six, limit: 1, members: 2)))) {
      $0 = .failed(.belowMembers(six, limit: 1, members: 2))
    }
    store.finish()
    #expect(try file.load().maxMembers == 6)
    let lift = self.store()
    await lift.send(.changeRequested(.limit(six, maxMembers: nil, at: Sample.moment))) {
      $0 = .changing(.limit(six, maxMembers: nil, at: Sample.moment))
    }
    await lift.receive(.changeFinished(.success(.done))) {
      $0 = .changed(.limit(six, maxMembers: nil, at: Sample.moment), .done)
    }
    lift.finish()
    #expect(try file.load().maxMembers == nil)
    #expect(try file.history.read().entries.map(\.kind) == [.create, .change, .limit])
    #expect(try SquadSet(paths: paths).setLimit(six, to: nil, at: Sample.moment) == false, "already so")
  }
}
